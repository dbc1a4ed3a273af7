import { apiCall, apiRoute } from "~/models/api/calls.server";
import { deleteAccountSchema } from "~/models/customers/account-forms.server";
import { accountCalls } from "~/models/customers/api.server";
import { DELETE_ACCOUNT_REFUSALS } from "~/models/customers/users";
import { deleteUserAccount } from "~/models/customers/users.server";
import { apiError, apiJson, checkedByForm } from "~/utils/api.server";
import { destroySession, getSession } from "~/utils/session.server";

const STATUS = { "not-found": 404, blocked: 403, "last-admin": 409, "open-orders": 409 } as const;

/** /profile/danger's action: confirmed by typing the account's e-mail (deleteUserAccount's rules). */
export const { loader, action } = apiRoute({
  DELETE: apiCall(accountCalls.deleteAccount, async ({ request, user, body, caller }) => {
    checkedByForm(deleteAccountSchema(user.email), body);
    const result = await deleteUserAccount(user.id);
    if (!result.ok) {
      throw apiError(STATUS[result.reason], DELETE_ACCOUNT_REFUSALS[result.reason], {
        code: result.reason.replace("-", "_"),
      });
    }
    // The sessions went with the account; a browser's cookie is cleared too.
    const headers = new Headers();
    if (caller.via === "session") {
      headers.set("Set-Cookie", await destroySession(request, await getSession(request)));
    }
    return apiJson(null, { status: 204, headers });
  }),
});
