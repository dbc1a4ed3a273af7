import { apiCall, apiRoute } from "~/models/api/calls.server";
import { accountCalls, toAccount } from "~/models/customers/api.server";

export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.me, ({ user }) => toAccount(user)),
});
