import { apiCall, apiRoute } from "~/web/api/calls.server";
import { catalogCalls, catalogQueryOf, toProductCard } from "~/web/api/calls/catalog.server";
import { listCatalog } from "~/models/catalog/catalog.server";

/** The made-to-order catalogue (/productos-por-encargo), as that page lists it. */
export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.customOrders, async ({ query }) => {
    const catalog = await listCatalog({
      query: { ...catalogQueryOf(query), catalogType: "custom_order" },
      pageSize: query.limit,
    });
    return {
      items: catalog.products.map(toProductCard),
      page: catalog.page,
      pageCount: catalog.pageCount,
      total: catalog.total,
      limit: query.limit,
    };
  }),
});
