import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteForm } from "~/components/admin/confirm-delete-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { brandInUseMessage } from "~/models/catalog/brands";
import { deleteBrand, getBrand } from "~/models/catalog/brands.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * The confirmation is a page of its own, so deleting works the same with JavaScript off: the
 * edit screen links here and only this form's POST deletes.
 */

const BRAND_NOT_FOUND = "Marca no encontrada";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Eliminar ${data?.brand.name ?? "marca"} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const brand = await getBrand(idParam(params.brandId, BRAND_NOT_FOUND));
  invariantResponse(brand, BRAND_NOT_FOUND, { status: 404 });
  return json({ brand: { id: brand.id, name: brand.name, productCount: brand.productCount } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = idParam(params.brandId, BRAND_NOT_FOUND);
  const deleted = await deleteBrand(id);
  if (deleted.ok) {
    return redirectWithToast(request, "/admin/brands", {
      title: "Marca eliminada",
      description: `Se eliminó la marca «${deleted.name}».`,
    });
  }
  invariantResponse(deleted.error !== "not-found", BRAND_NOT_FOUND, { status: 404 });
  // Products were given this brand after the page was shown: back to the page, which says so.
  const brand = await getBrand(id);
  return redirectWithToast(request, `/admin/brands/${id}/delete`, {
    type: "error",
    title: "Error al eliminar la marca",
    description: brandInUseMessage(brand?.name ?? "", deleted.productCount),
  });
}

export default function DeleteBrandRoute() {
  const { brand } = useLoaderData<typeof loader>();
  const inUse = brand.productCount > 0;
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <Link to="/admin/brands" className="text-accent text-sm underline">
          ← Marcas
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Eliminar marca</h1>
      </div>
      {inUse ? (
        <p role="alert" className="border-danger/40 bg-danger/10 rounded-lg border p-3">
          {brandInUseMessage(brand.name, brand.productCount)}
        </p>
      ) : (
        <ConfirmDeleteForm cancelTo={`/admin/brands/${brand.id}`}>
          ¿Seguro que quieres eliminar la marca <strong>{brand.name}</strong>? Esta acción no se
          puede deshacer.
        </ConfirmDeleteForm>
      )}
      {inUse ? (
        <Link to={`/admin/brands/${brand.id}`} className={buttonClasses("secondary")}>
          Volver a la marca
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
