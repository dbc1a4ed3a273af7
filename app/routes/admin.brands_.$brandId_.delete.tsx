import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { deleteBrand, getBrand } from "~/models/brands.server";
import { guardAction } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * The confirmation is a page of its own, so deleting works the same with JavaScript off: the
 * edit screen links here and only this form's POST deletes.
 */

const BRAND_NOT_FOUND = "Marca no encontrada";

function brandIdOf(params: { brandId?: string }) {
  const id = Number(params.brandId);
  invariantResponse(Number.isSafeInteger(id) && id > 0, BRAND_NOT_FOUND, { status: 404 });
  return id;
}

/** Why a brand in use cannot go: products keep their brand (the column is ON DELETE RESTRICT). */
function brandInUseMessage(name: string, productCount: number) {
  const products = productCount === 1 ? "1 producto la usa" : `${productCount} productos la usan`;
  return `No se puede eliminar la marca «${name}»: ${products}. Cambia la marca de esos productos o elimínalos primero.`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Eliminar ${data?.brand.name ?? "marca"} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const brand = await getBrand(brandIdOf(params));
  invariantResponse(brand, BRAND_NOT_FOUND, { status: 404 });
  return json({ brand: { id: brand.id, name: brand.name, productCount: brand.productCount } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const id = brandIdOf(params);
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
  const pending = useIsPending();
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
        <Form method="post" className="space-y-4">
          <p>
            ¿Seguro que quieres eliminar la marca <strong>{brand.name}</strong>? Esta acción no se
            puede deshacer.
          </p>
          <div className="flex gap-3">
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? "Eliminando..." : "Sí, eliminar"}
            </Button>
            <Link to={`/admin/brands/${brand.id}`} className={buttonClasses("secondary")}>
              Cancelar
            </Link>
          </div>
        </Form>
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
