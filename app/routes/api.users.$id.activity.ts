import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls, userActivityPage, userIdParam } from "~/web/api/calls/customers.server";

/** The profile view's history (listUserActivity), paged. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.activity, ({ params, query }) =>
    userActivityPage(userIdParam(params), query, false),
  ),
});
