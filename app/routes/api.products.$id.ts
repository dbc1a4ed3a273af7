import { apiCall, apiRoute } from "~/web/api/calls.server";
import {
  adminCatalogCalls,
  productWriteProblem,
  toAdminProduct,
} from "~/web/api/calls/catalog-admin.server";
import {
  deleteOrHideProduct,
  getAdminProduct,
  setProductActive,
  updateAdminProduct,
} from "~/models/catalog/admin-products.server";
import { PRODUCT_MESSAGES } from "~/models/catalog/product-form";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Producto no encontrado";

async function productOr404(id: number) {
  const product = await getAdminProduct(id);
  invariantResponse(product, NOT_FOUND, { status: 404 });
  return product;
}

export const { loader, action } = apiRoute({
  GET: apiCall(adminCatalogCalls.product, async ({ params }) =>
    toAdminProduct(await productOr404(Number(params.id))),
  ),
  PUT: apiCall(adminCatalogCalls.updateProduct, async ({ params, body }) => {
    const current = await productOr404(Number(params.id));
    if (body.product) {
      const saved = await updateAdminProduct(current.id, body.product);
      if (!saved.ok) {
        invariantResponse(saved.error !== "not-found", NOT_FOUND, { status: 404 });
        throw productWriteProblem(saved.error);
      }
    } else {
      // The list's Ocultar / Mostrar, set rather than flipped so a retry changes nothing.
      const active = await setProductActive(current.id, body.switchTo);
      invariantResponse(active !== null, NOT_FOUND, { status: 404 });
    }
    return toAdminProduct(await productOr404(current.id));
  }),
  DELETE: apiCall(adminCatalogCalls.deleteProduct, async ({ params }) => {
    const outcome = await deleteOrHideProduct(Number(params.id));
    invariantResponse(outcome !== "not_found", NOT_FOUND, { status: 404 });
    return outcome === "hidden"
      ? { outcome, detail: PRODUCT_MESSAGES.hiddenInsteadOfDeleted }
      : { outcome, detail: PRODUCT_MESSAGES.deleted };
  }),
});
