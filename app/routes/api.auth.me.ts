import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls, toAccount } from "~/web/api/calls/customers.server";

export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.me, ({ user }) => toAccount(user)),
});
