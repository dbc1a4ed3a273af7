import { apiCall, apiRoute } from "~/models/api/calls.server";
import { pageOfList } from "~/models/api/lists.server";
import { accountCalls, toUserSearchResult } from "~/models/customers/api.server";
import { searchLoyaltyCustomers } from "~/models/loyalty/admin.server";

/** /admin/loyalty's customer search (searchLoyaltyCustomers), with each one's full name. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.search, async ({ query }) =>
    pageOfList(query, (await searchLoyaltyCustomers(query.q)).map(toUserSearchResult)),
  ),
});
