import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { z } from "zod/v4";
import { BRAND_NAME_MAX, type BrandFormField } from "~/models/catalog/brands";
import type { BrandInput } from "~/models/catalog/brands.server";
import { readBrandForm } from "~/web/uploads.server";

/** The brand's text fields with their rules and messages: the form's and POST/PUT /api/brands'. */
export const BrandFields = {
  name: z
    .string({ error: "El nombre de la marca es obligatorio." })
    .trim()
    .min(1, "El nombre de la marca es obligatorio.")
    .max(
      BRAND_NAME_MAX,
      `El nombre de la marca no puede tener más de ${BRAND_NAME_MAX} caracteres.`,
    ),
  description: z.string().trim().max(1000, "La descripción no puede tener más de 1000 caracteres."),
  country: z.string().trim().max(100, "El país no puede tener más de 100 caracteres."),
};

/** backoffice.md §5. Only the action validates: the form shows its reply (server-form.ts). */
export const BrandFormSchema = z.object({
  name: BrandFields.name,
  description: BrandFields.description.optional(),
  country: BrandFields.country.optional(),
  isActive: z.boolean().default(false),
  /** The file itself is read and checked by the server (readBrandForm); errors come back here. */
  logo: z.any().optional(),
});

/** The component's field names (brands.ts) are exactly this schema's: tsc fails on a drift. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type _BrandFieldsAgree = Expect<
  Agree<keyof z.input<typeof BrandFormSchema>, BrandFormField>
>;

/** The model's error code as the admin reads it (only the server can know a name is taken). */
export const BRAND_NAME_TAKEN = "Ya existe una marca con ese nombre. Elige otro nombre.";

/**
 * The brand form's post, for both the create and the edit action: the fields checked with the
 * form's schema and the logo stored (D8). `refusal` is the 400 answer to return as is; otherwise
 * `input` goes to createBrand/updateBrand (a missing logo keeps the current one).
 */
export async function readBrandSubmission(request: Request) {
  const { formData, logo } = await readBrandForm(request);
  const submission = parseWithZod(formData, { schema: BrandFormSchema });
  const logoError = logo && !logo.ok ? { logo: [logo.message] } : undefined;
  if (submission.status !== "success" || logoError) {
    const refusal = json({ result: submission.reply({ fieldErrors: logoError }) }, { status: 400 });
    return { refusal, nameTaken: null, input: null } as const;
  }
  const { name, description, country, isActive } = submission.value;
  const input: BrandInput = {
    name,
    description: description ?? null,
    country: country ?? null,
    isActive,
    logoUrl: logo?.ok ? logo.url : undefined,
  };
  // Beside the name, and in the form's alert under the §8 title.
  const errors = [BRAND_NAME_TAKEN];
  const nameTaken = () =>
    json(
      { result: submission.reply({ formErrors: errors, fieldErrors: { name: errors } }) },
      { status: 400 },
    );
  return { refusal: null, nameTaken, input } as const;
}
