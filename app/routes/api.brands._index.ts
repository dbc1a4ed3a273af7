import { apiCall, apiRoute } from "~/web/api/calls.server";
import {
  adminCatalogCalls,
  brandInputOf,
  brandWriteProblem,
  toAdminBrand,
} from "~/web/api/calls/catalog-admin.server";
import { catalogCalls } from "~/web/api/calls/catalog.server";
import { createBrand, getBrand, listAdminBrands } from "~/models/catalog/brands.server";
import { listBrands } from "~/models/catalog/catalog.server";
import { apiJson } from "~/web/api/problem.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.brands, async ({ caller, query }) => {
    if (!caller.isAdmin) return listBrands();
    // /admin/brands' list: personal, so no shared cache and no ETag.
    const brands = await listAdminBrands({ search: query.search ?? "" });
    return apiJson(brands.map(toAdminBrand));
  }),
  POST: apiCall(adminCatalogCalls.createBrand, async ({ body }) => {
    const created = await createBrand(brandInputOf(body));
    if (!created.ok) throw brandWriteProblem(created) ?? new Error(created.error);
    return toAdminBrand((await getBrand(created.brand.id))!);
  }),
});
