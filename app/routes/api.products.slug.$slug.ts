import { apiCall, apiRoute } from "~/web/api/calls.server";
import { catalogCalls, toProductDetail } from "~/web/api/calls/catalog.server";
import { getProductBySlug } from "~/models/catalog/products.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.bySlug, async ({ params }) => {
    const product = await getProductBySlug(params.slug ?? "");
    invariantResponse(product, "Producto no encontrado", { status: 404 });
    return toProductDetail(product);
  }),
});
