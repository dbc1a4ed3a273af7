import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { z } from "zod";
import { FormErrorAlert } from "~/components/auth/auth-card";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";

export const BRAND_NAME_MAX = 100;

/** backoffice.md §5; the same schema validates in the browser (conform) and in the action. */
export const BrandFormSchema = z.object({
  name: z
    .string({ required_error: "El nombre de la marca es obligatorio." })
    .trim()
    .min(1, "El nombre de la marca es obligatorio.")
    .max(
      BRAND_NAME_MAX,
      `El nombre de la marca no puede tener más de ${BRAND_NAME_MAX} caracteres.`,
    ),
  description: z
    .string()
    .trim()
    .max(1000, "La descripción no puede tener más de 1000 caracteres.")
    .optional(),
  country: z.string().trim().max(100, "El país no puede tener más de 100 caracteres.").optional(),
  isActive: z.boolean().default(false),
  /** The file itself is read and checked by the server (readBrandForm); errors come back here. */
  logo: z.any().optional(),
});

/** The model's error code as the admin reads it (only the server can know a name is taken). */
export const BRAND_NAME_TAKEN = "Ya existe una marca con ese nombre. Elige otro nombre.";

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
  const [form, fields] = useForm({
    id: "brand",
    lastResult: result,
    defaultValue: {
      name: brand?.name ?? "",
      description: brand?.description ?? "",
      country: brand?.country ?? "",
      isActive: brand?.isActive ?? true,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BrandFormSchema }),
  });

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="max-w-xl space-y-5"
    >
      <FormErrorAlert
        id={form.errorId}
        title={brand ? "Error al actualizar la marca" : "Error al crear la marca"}
        errors={form.errors}
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
      <Field
        label="Nombre"
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: "text" })}
        maxLength={BRAND_NAME_MAX}
      />
      {brand ? (
        <p className="text-fg-muted text-sm">
          Slug: <code>{brand.slug}</code> (cambia con el nombre)
        </p>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={fields.description.id}>Descripción</Label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={4}
          className="border-border-strong bg-surface text-fg aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
        />
        {fields.description.errors ? (
          <p id={fields.description.errorId} className="text-danger text-sm">
            {fields.description.errors[0]}
          </p>
        ) : null}
      </div>
      <Field
        label="País"
        errors={fields.country.errors}
        {...getInputProps(fields.country, { type: "text" })}
      />
      <div className="space-y-1.5">
        <Label htmlFor={fields.logo.id}>{brand?.logoUrl ? "Cambiar logo" : "Logo"}</Label>
        <input
          id={fields.logo.id}
          name={fields.logo.name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-invalid={fields.logo.errors ? true : undefined}
          aria-describedby={fields.logo.errors ? fields.logo.errorId : undefined}
          className="block w-full text-sm"
        />
        <p className="text-fg-muted text-xs">JPG, PNG, WebP o HEIC, hasta 5 MB.</p>
        {fields.logo.errors ? (
          <p id={fields.logo.errorId} className="text-danger text-sm">
            {fields.logo.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="size-5" />
        <Label htmlFor={fields.isActive.id}>Marca activa</Label>
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
