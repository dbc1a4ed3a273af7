import { apiCall, apiRoute } from "~/web/api/calls.server";
import {
  adminCatalogCalls,
  productWriteProblem,
  toAdminProduct,
  toAdminProductRow,
} from "~/web/api/calls/catalog-admin.server";
import {
  createAdminProduct,
  getAdminProduct,
  listAdminProducts,
} from "~/models/catalog/admin-products.server";
import { catalogCalls, catalogQueryOf, toProductCard } from "~/web/api/calls/catalog.server";
import { listCatalog } from "~/models/catalog/catalog.server";
import { apiJson } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.products, async ({ query, caller }) => {
    if (query.admin) {
      invariantResponse(caller.user, "Inicia sesión o envía un token de la API.", {
        status: 401,
      });
      invariantResponse(caller.isAdmin, "Esta lista es solo para administradores.", {
        status: 403,
      });
      // /admin/products' list and filters; personal, so no shared cache and no ETag.
      const list = await listAdminProducts({
        q: query.search ?? "",
        category: query.category ?? null,
        brandId: query.brandId ?? null,
        lowStock: query.lowStock ?? false,
        page: query.page,
        pageSize: query.limit,
      });
      return apiJson({
        items: list.products.map(toAdminProductRow),
        page: list.page,
        pageCount: list.pageCount,
        total: list.total,
        limit: query.limit,
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
  POST: apiCall(adminCatalogCalls.createProduct, async ({ body }) => {
    const created = await createAdminProduct(body);
    if (!created.ok) throw productWriteProblem(created.error);
    return toAdminProduct((await getAdminProduct(created.id))!);
  }),
});
