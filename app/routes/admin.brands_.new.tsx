import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { BrandForm } from "~/components/brand-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { createBrand } from "~/models/catalog/brands.server";
import { guardAction } from "~/web/guard-action.server";
import { readBrandSubmission } from "~/web/forms/brand-submission.server";
import { requireAdmin } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Nueva marca | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const { refusal, nameTaken, input } = await readBrandSubmission(request);
  if (refusal) return refusal;
  const created = await createBrand(input);
  if (!created.ok) return nameTaken();
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
