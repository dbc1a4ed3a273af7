import { apiCall, apiRoute } from "~/web/api/calls.server";
import { catalogCalls, toProductCard } from "~/web/api/calls/catalog.server";
import { viralProducts } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.viral, async ({ query }) =>
    (await viralProducts(query.limit)).map(toProductCard),
  ),
});
