import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import {
  checkboxProps,
  controlProps,
  fieldProps,
  useServerForm,
} from "~/components/forms/server-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import type { BrandFormField } from "~/models/catalog/brands";
import { BRAND_NAME_MAX } from "~/models/catalog/brands";

export type BrandFormBrand = {
  name: string;
  slug: string;
  description: string | null;
  country: string | null;
  isActive: boolean;
  logoUrl: string | null;
};

export function BrandForm({
  brand,
  result,
}: {
  /** The brand being edited; a new brand when absent. */
  brand?: BrandFormBrand;
  result?: SubmissionResult<string[]>;
}) {
  const pending = useIsPending();
  // The action checks the post (brand-submission.server.ts); its reply shows here, with or without JS.
  const { form, field } = useServerForm<BrandFormField>({
    id: "brand",
    lastResult: result,
    defaultValue: {
      name: brand?.name ?? "",
      description: brand?.description ?? "",
      country: brand?.country ?? "",
      isActive: (brand?.isActive ?? true) ? "on" : undefined,
    },
  });
  const name = field("name");
  const description = field("description");
  const country = field("country");
  const logo = field("logo");
  const isActive = field("isActive");

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...form.props}
      className="max-w-xl space-y-5"
    >
      {/* backoffice.md §5: a name left empty is titled 'Campo requerido'. */}
      <FormErrorAlert
        id={form.errorId}
        title={
          name.errors && !String(name.initialValue ?? "").trim()
            ? "Campo requerido"
            : brand
              ? "Error al actualizar la marca"
              : "Error al crear la marca"
        }
        errors={form.errors}
        refused={form.refused}
      />
      {brand?.logoUrl ? (
        <div className="space-y-1.5">
          <p className="text-sm font-medium">Logo actual</p>
          <img
            src={brand.logoUrl}
            alt={`Logo de ${brand.name}`}
            className="border-border size-24 rounded-md border object-contain"
          />
        </div>
      ) : null}
      <Field label="Nombre" {...fieldProps(name)} type="text" maxLength={BRAND_NAME_MAX} />
      {brand ? (
        <p className="text-fg-muted text-sm">
          Slug: <code>{brand.slug}</code> (cambia con el nombre)
        </p>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={description.id}>Descripción</Label>
        <textarea
          {...controlProps(description)}
          rows={4}
          className="border-border-strong bg-surface text-fg aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
        />
        {description.errors ? (
          <p id={description.errorId} className="text-danger text-sm">
            {description.errors[0]}
          </p>
        ) : null}
      </div>
      <Field label="País" {...fieldProps(country)} type="text" />
      <div className="space-y-1.5">
        <Label htmlFor={logo.id}>{brand?.logoUrl ? "Cambiar logo" : "Logo"}</Label>
        <input
          id={logo.id}
          name={logo.name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-invalid={logo.errors ? true : undefined}
          aria-describedby={logo.errors ? logo.errorId : undefined}
          className="block w-full text-sm"
        />
        <p className="text-fg-muted text-xs">JPG, PNG, WebP o HEIC, hasta 5 MB.</p>
        {logo.errors ? (
          <p id={logo.errorId} className="text-danger text-sm">
            {logo.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <input {...checkboxProps(isActive)} className="size-5" />
        <Label htmlFor={isActive.id}>Marca activa</Label>
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : brand ? "Guardar cambios" : "Crear marca"}
        </Button>
        <Link to="/admin/brands" className={buttonClasses("secondary")}>
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
