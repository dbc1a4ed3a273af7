import { apiCall, apiRoute } from "~/models/api/calls.server";
import { accountCalls, userActivityPage, userIdParam } from "~/models/customers/api.server";

/** The profile view's history (listUserActivity), paged. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.activity, ({ params, query }) =>
    userActivityPage(userIdParam(params), query, false),
  ),
});
