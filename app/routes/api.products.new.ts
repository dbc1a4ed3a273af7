import { apiCall, apiRoute } from "~/models/api/calls.server";
import { catalogCalls, toProductCard } from "~/models/catalog/api.server";
import { newProducts } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.newProducts, async ({ query }) =>
    (await newProducts(query.limit)).map(toProductCard),
  ),
});
