import { apiCall, apiRoute } from "~/models/api/calls.server";
import { catalogCalls, catalogQueryOf, toProductCard } from "~/models/catalog/api.server";
import { listCatalog } from "~/models/catalog/catalog.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.products, async ({ query, caller }) => {
    if (query.admin) {
      invariantResponse(caller.isAdmin, "Esta lista es solo para administradores.", {
        status: 403,
      });
    }
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
