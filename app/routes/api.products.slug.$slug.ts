import { apiCall, apiRoute } from "~/models/api/calls.server";
import { catalogCalls, toProductDetail } from "~/models/catalog/api.server";
import { getProductBySlug } from "~/models/catalog/products.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.bySlug, async ({ params }) => {
    const product = await getProductBySlug(params.slug ?? "");
    invariantResponse(product, "Producto no encontrado", { status: 404 });
    return toProductDetail(product);
  }),
});
