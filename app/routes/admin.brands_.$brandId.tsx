import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BrandForm } from "~/components/brand-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { getBrand, updateBrand } from "~/models/catalog/brands.server";
import { guardAction } from "~/web/guard-action.server";
import { readBrandSubmission } from "~/web/forms/brand-submission.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

const BRAND_NOT_FOUND = "Marca no encontrada";

/** A route id that is not a whole number is a brand that does not exist. */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.brand.name ?? "Marca"} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const brand = await getBrand(idParam(params.brandId, BRAND_NOT_FOUND));
  invariantResponse(brand, BRAND_NOT_FOUND, { status: 404 });
  return json({ brand });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.brandId, BRAND_NOT_FOUND);
  const { refusal, nameTaken, input } = await readBrandSubmission(request);
  if (refusal) return refusal;
  const updated = await updateBrand(id, input);
  if (!updated.ok) {
    invariantResponse(updated.error !== "not-found", BRAND_NOT_FOUND, { status: 404 });
    return nameTaken();
  }
  return redirectWithToast(request, "/admin/brands", {
    title: "Marca actualizada",
    description: `Se guardaron los cambios de «${updated.brand.name}».`,
  });
}

export default function EditBrandRoute() {
  const { brand } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/brands" className="text-accent text-sm underline">
          ← Marcas
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Editar marca</h1>
      </div>
      <BrandForm brand={brand} result={actionData?.result} />
      <Link to={`/admin/brands/${brand.id}/delete`} className={buttonClasses("danger")}>
        Eliminar marca
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
