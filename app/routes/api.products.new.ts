import { apiCall, apiRoute } from "~/web/api/calls.server";
import { catalogCalls, toProductCard } from "~/web/api/calls/catalog.server";
import { newProducts } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.newProducts, async ({ query }) =>
    (await newProducts(query.limit)).map(toProductCard),
  ),
});
