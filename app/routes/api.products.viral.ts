import { apiCall, apiRoute } from "~/models/api/calls.server";
import { catalogCalls, toProductCard } from "~/models/catalog/api.server";
import { viralProducts } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.viral, async ({ query }) =>
    (await viralProducts(query.limit)).map(toProductCard),
  ),
});
