import { apiCall, apiRoute } from "~/models/api/calls.server";
import { catalogCalls } from "~/models/catalog/api.server";
import { listBrands } from "~/models/catalog/catalog.server";

export const { loader, action } = apiRoute({
  GET: apiCall(catalogCalls.brands, () => listBrands()),
});
