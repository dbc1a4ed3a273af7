import { apiCall, apiRoute } from "~/web/api/calls.server";
import { catalogCalls, catalogQueryOf, toProductCard } from "~/web/api/calls/catalog.server";
import { listCatalog } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.all, async ({ query }) => {
    const catalog = await listCatalog({ query: catalogQueryOf(query), pageSize: query.limit });
    return {
      items: catalog.products.map(toProductCard),
      page: catalog.page,
      pageCount: catalog.pageCount,
      total: catalog.total,
      limit: query.limit,
    };
  }),
});
