import { apiCall, apiRoute } from "~/models/api/calls.server";
import { pageOfList } from "~/models/api/lists.server";
import { listLoyaltyCoupons } from "~/models/loyalty/loyalty.server";
import { pointsCalls } from "~/models/loyalty/shopper-api.server";

export const { loader, action } = apiRoute({
  GET: apiCall(pointsCalls.coupons, async ({ user, query }) =>
    pageOfList(query, await listLoyaltyCoupons(user.id)),
  ),
});
