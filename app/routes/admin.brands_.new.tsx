import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { BRAND_NAME_TAKEN, BrandForm, BrandFormSchema } from "~/components/brand-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createBrand } from "~/models/brands.server";
import { guardAction } from "~/utils/action.server";
import { readBrandForm } from "~/utils/product-images.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Nueva marca | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const { formData, logo } = await readBrandForm(request);
  const submission = parseWithZod(formData, { schema: BrandFormSchema });
  const logoError = logo && !logo.ok ? { logo: [logo.message] } : undefined;
  if (submission.status !== "success" || logoError) {
    return json({ result: submission.reply({ fieldErrors: logoError }) }, { status: 400 });
  }
  const { name, description, country, isActive } = submission.value;
  const created = await createBrand({
    name,
    description: description ?? null,
    country: country ?? null,
    isActive,
    // No file sent: the current logo stays.
    logoUrl: logo?.ok ? logo.url : undefined,
  });
  if (!created.ok) {
    // Beside the name, and in the form's alert under the §8 title.
    const errors = [BRAND_NAME_TAKEN];
    return json(
      { result: submission.reply({ formErrors: errors, fieldErrors: { name: errors } }) },
      { status: 400 },
    );
  }
  return redirectWithToast(request, "/admin/brands", {
    title: "Marca creada",
    description: `«${created.brand.name}» ya está en el catálogo de marcas.`,
  });
}

export default function NewBrandRoute() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/brands" className="text-accent text-sm underline">
          ← Marcas
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Nueva marca</h1>
      </div>
      <BrandForm result={actionData?.result} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
