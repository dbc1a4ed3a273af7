import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  checkboxProps,
  controlProps,
  fieldProps,
  useServerForm,
  type ServerField,
} from "~/components/forms/server-form";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { StickyActionBar } from "~/components/admin/sticky-action-bar";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  CATALOG_TYPE_LABELS,
  CATEGORY_LABELS,
  CONCENTRATIONS,
  GENDER_LABELS,
  OCCASIONS,
  PERFUME_TYPE_LABELS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  SEASONS,
} from "~/models/catalog/product-form";
import type { ProductFormSchema } from "~/models/catalog/product-form.server";
import type { PRODUCT_IMAGE_FIELD } from "~/models/catalog/product-images.server";

/** What the form starts with: the stored product as the inputs show it, or the §9 defaults. */
export type ProductFormDefaults = {
  [key: string]: string | string[] | undefined;
  images: string[];
};

const controlClasses =
  "block w-full rounded-md border border-border-strong bg-surface px-3 text-base text-fg aria-invalid:border-danger";

export function ProductForm({
  mode,
  defaults,
  brands,
  lastResult,
  images,
}: {
  mode: "create" | "edit";
  defaults: ProductFormDefaults;
  brands: { id: number; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  images: string[];
}) {
  const pending = useIsPending();
  // The action checks the post (product-form.server.ts); its reply shows here, with or without JS.
  const { form, field } = useServerForm<typeof ProductFormSchema, typeof PRODUCT_IMAGE_FIELD>({
    id: "product",
    lastResult,
    defaultValue: defaults,
  });

  return (
    <Form method="post" encType="multipart/form-data" {...form.props} className="space-y-8">
      {/* Enter in a field submits with the form's first submit button. Without this one that is
          'Subir imágenes', which only re-renders the form: nothing was saved and no 'Producto
          creado' came. Not rendered, so neither seen nor read out; the save button below is. */}
      <button type="submit" hidden disabled={pending} />
      <FormErrorAlert
        id={form.errorId}
        title={mode === "create" ? PRODUCT_MESSAGES.createFailed : PRODUCT_MESSAGES.updateFailed}
        errors={form.errors}
      />

      <Section title="Información básica">
        <Field
          label="Nombre"
          {...fieldProps(field("name"))}
          type="text"
          maxLength={PRODUCT_LIMITS.name}
        />
        <Field
          label="Slug (se genera del nombre si lo dejas vacío)"
          {...fieldProps(field("slug"))}
          type="text"
          maxLength={PRODUCT_LIMITS.slug}
        />
        <SelectField label="Marca" field={field("brandId")}>
          <option value="">Selecciona una marca</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Categoría" field={field("category")}>
          {options(CATEGORY_LABELS)}
        </SelectField>
        <SelectField label="Género" field={field("gender")}>
          {options(GENDER_LABELS)}
        </SelectField>
        <SelectField label="Tipo" field={field("perfumeType")}>
          {options(PERFUME_TYPE_LABELS)}
        </SelectField>
        <SelectField label="Catálogo" field={field("catalogType")}>
          {options(CATALOG_TYPE_LABELS)}
        </SelectField>
        <SelectField label="Concentración" field={field("concentration")}>
          <option value="">Sin concentración</option>
          {CONCENTRATIONS.map((concentration) => (
            <option key={concentration} value={concentration}>
              {concentration}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title="Precio e inventario">
        <Field
          label="Precio (L)"
          {...fieldProps(field("price"))}
          type="text"
          inputMode="decimal"
          pattern="[0-9.,]+"
        />
        <Field
          label="Precio original (L, opcional)"
          {...fieldProps(field("originalPrice"))}
          type="text"
          inputMode="decimal"
          pattern="[0-9.,]+"
        />
        <Field label="Stock" {...fieldProps(field("stock"))} type="number" min={0} />
        <Field label="Stock mínimo" {...fieldProps(field("minStock"))} type="number" min={0} />
        <Field
          label="Tamaño principal"
          {...fieldProps(field("size"))}
          type="text"
          maxLength={PRODUCT_LIMITS.size}
        />
        <Field
          label="Tamaños disponibles (separados por comas)"
          {...fieldProps(field("availableSizes"))}
          type="text"
          placeholder="50ml, 100ml"
        />
      </Section>

      <Section title="Descripción">
        <TextareaField
          label="Descripción"
          field={field("description")}
          rows={5}
          maxLength={PRODUCT_LIMITS.description}
        />
        <TextareaField
          label="Descripción corta (opcional)"
          field={field("shortDescription")}
          rows={2}
          maxLength={PRODUCT_LIMITS.shortDescription}
        />
      </Section>

      <Section title="Notas y rendimiento">
        <Field
          label="Notas de salida (separadas por comas)"
          {...fieldProps(field("topNotes"))}
          type="text"
        />
        <Field
          label="Notas de corazón (separadas por comas)"
          {...fieldProps(field("middleNotes"))}
          type="text"
        />
        <Field
          label="Notas de fondo (separadas por comas)"
          {...fieldProps(field("baseNotes"))}
          type="text"
        />
        <Field label="Duración" {...fieldProps(field("longevity"))} type="text" />
        <Field label="Estela" {...fieldProps(field("sillage"))} type="text" />
        <Field label="Video (URL, opcional)" {...fieldProps(field("videoUrl"))} type="url" />
        <CheckboxGroup legend="Temporadas" field={field("seasons")} choices={SEASONS} />
        <CheckboxGroup legend="Ocasiones" field={field("occasions")} choices={OCCASIONS} />
      </Section>

      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold">Visibilidad y etiquetas</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox label="Activo (visible en la tienda)" field={field("isActive")} />
          <Checkbox label="Destacado" field={field("isFeatured")} />
          <Checkbox label="Nuevo" field={field("isNew")} />
          <Checkbox label="Viral" field={field("isViral")} />
          <Checkbox label="Exclusivo" field={field("isExclusive")} />
        </div>
      </fieldset>

      <ImagesSection images={images} errors={field("newImages").errors} />

      <StickyActionBar>
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : mode === "create" ? "Crear producto" : "Guardar cambios"}
        </Button>
      </StickyActionBar>
    </Form>
  );
}

function ImagesSection({ images, errors }: { images: string[]; errors?: string[] }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Imágenes</legend>
      {images.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((key, index) => (
            <li key={key} className="space-y-1 rounded-md border p-2">
              <input type="hidden" name="images" value={key} />
              <ProductImage imageKey={key} alt={`Imagen ${index + 1}`} sizes="160px" />
              <p className="text-xs font-medium">
                {index === 0 ? "Principal" : `Imagen ${index + 1}`}
              </p>
              <div className="flex flex-wrap gap-1">
                {index > 0 ? (
                  <>
                    <ImageButton
                      value={`main:${key}`}
                      label={`Hacer principal la imagen ${index + 1}`}
                    >
                      Principal
                    </ImageButton>
                    <ImageButton value={`left:${key}`} label={`Mover la imagen ${index + 1} antes`}>
                      ←
                    </ImageButton>
                  </>
                ) : null}
                {index < images.length - 1 ? (
                  <ImageButton
                    value={`right:${key}`}
                    label={`Mover la imagen ${index + 1} después`}
                  >
                    →
                  </ImageButton>
                ) : null}
                <ImageButton value={`remove:${key}`} label={`Quitar la imagen ${index + 1}`}>
                  Quitar
                </ImageButton>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-fg-muted text-sm">Este producto aún no tiene imágenes.</p>
      )}
      <div className="space-y-1.5">
        <Label htmlFor="product-new-images">
          Agregar imágenes (JPG, PNG, WebP o HEIC; máx. 5 MB c/u)
        </Label>
        <input
          // A new list of pictures means the chosen files were uploaded: clear the input.
          key={images.join()}
          id="product-new-images"
          type="file"
          name="newImages"
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? "product-new-images-error" : undefined}
          className="block text-sm"
        />
        {errors?.length ? (
          <ul id="product-new-images-error" className="text-danger text-sm">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
        <ImageButton value="upload">Subir imágenes</ImageButton>
      </div>
    </fieldset>
  );
}

function ImageButton({
  value,
  label,
  children,
}: {
  value: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      name="imageAction"
      value={value}
      variant="secondary"
      size="sm"
      aria-label={label}
    >
      {children}
    </Button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function options(labels: Record<string, string>) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="text-danger space-y-0.5 text-sm">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

function SelectField({
  label,
  field,
  children,
}: {
  label: string;
  field: ServerField;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <select {...controlProps(field)} className={`${controlClasses} h-11`}>
        {children}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function TextareaField({
  label,
  field,
  rows,
  maxLength,
}: {
  label: string;
  field: ServerField;
  rows: number;
  maxLength: number;
}) {
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <Label htmlFor={field.id}>{label}</Label>
      <textarea
        {...controlProps(field)}
        rows={rows}
        maxLength={maxLength}
        className={`${controlClasses} py-2`}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Checkbox({ label, field }: { label: string; field: ServerField }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input {...checkboxProps(field)} />
      {label}
    </label>
  );
}

function CheckboxGroup({
  legend,
  field,
  choices,
}: {
  legend: string;
  field: ServerField;
  choices: readonly string[];
}) {
  const chosen = new Set(
    [field.initialValue].flat().filter((value): value is string => typeof value === "string"),
  );
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {choices.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={field.name}
              value={choice}
              defaultChecked={chosen.has(choice)}
            />
            {choice}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
