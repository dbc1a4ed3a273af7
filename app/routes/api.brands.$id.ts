import { apiCall, apiRoute } from "~/web/api/calls.server";
import {
  adminCatalogCalls,
  brandInputOf,
  brandWriteProblem,
  toAdminBrand,
} from "~/web/api/calls/catalog-admin.server";
import { brandInUseMessage } from "~/models/catalog/brands";
import { deleteBrand, getBrand, updateBrand } from "~/models/catalog/brands.server";
import { apiError } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Marca no encontrada";

export const { loader, action } = apiRoute({
  PUT: apiCall(adminCatalogCalls.updateBrand, async ({ params, body }) => {
    const id = Number(params.id);
    invariantResponse(await getBrand(id), NOT_FOUND, { status: 404 });
    const updated = await updateBrand(id, brandInputOf(body));
    if (!updated.ok) {
      invariantResponse(updated.error !== "not-found", NOT_FOUND, { status: 404 });
      throw brandWriteProblem(updated);
    }
    return toAdminBrand((await getBrand(id))!);
  }),
  DELETE: apiCall(adminCatalogCalls.deleteBrand, async ({ params }) => {
    const id = Number(params.id);
    const deleted = await deleteBrand(id);
    if (deleted.ok) return null;
    invariantResponse(deleted.error !== "not-found", NOT_FOUND, { status: 404 });
    const brand = await getBrand(id);
    throw apiError(409, brandInUseMessage(brand?.name ?? "", deleted.productCount), {
      code: "brand_in_use",
    });
  }),
});
