import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls, currentAccount, toAccount } from "~/web/api/calls/customers.server";
import { completeProfile } from "~/models/customers/users.server";

/** /complete-profile's action: the five fields, required. */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.completeProfile, async ({ user, body }) => {
    await completeProfile(user.id, body);
    return toAccount(await currentAccount(user.id));
  }),
});
