import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { accountCalls, toUserSearchResult } from "~/web/api/calls/customers.server";
import { searchLoyaltyCustomers } from "~/models/loyalty/admin.server";

/** /admin/loyalty's customer search (searchLoyaltyCustomers), with each one's full name. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.search, async ({ query }) =>
    pageOfList(query, (await searchLoyaltyCustomers(query.q)).map(toUserSearchResult)),
  ),
});
