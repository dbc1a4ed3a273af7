import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import { BRAND_NAME_TAKEN, BrandFormSchema } from "~/components/brand-form";
import type { BrandInput } from "~/models/brands.server";
import { readBrandForm } from "./product-images.server";

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
