import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { listLoyaltyCoupons } from "~/models/loyalty/loyalty.server";
import { pointsCalls } from "~/web/api/calls/loyalty.server";

export const { loader, action } = apiRoute({
  GET: apiCall(pointsCalls.coupons, async ({ user, query }) =>
    pageOfList(query, await listLoyaltyCoupons(user.id)),
  ),
});
