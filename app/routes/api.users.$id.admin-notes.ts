import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls, userActivityPage, userIdParam } from "~/web/api/calls/customers.server";

/** The admin notes of the profile view's history, paged. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.adminNotes, ({ params, query }) =>
    userActivityPage(userIdParam(params), query, true),
  ),
});
