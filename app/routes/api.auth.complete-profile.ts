import { checkedByForm } from "~/web/api/problem.server";
import { apiCall, apiRoute } from "~/web/api/calls.server";
import { CompleteProfileSchema } from "~/models/customers/account-forms.server";
import { accountCalls, currentAccount, toAccount } from "~/web/api/calls/customers.server";
import { completeProfile } from "~/models/customers/users.server";

/** /complete-profile's action: the five fields, required. */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.completeProfile, async ({ user, body }) => {
    await completeProfile(user.id, checkedByForm(CompleteProfileSchema, body));
    return toAccount(await currentAccount(user.id));
  }),
});
