import { apiCall, apiRoute } from "~/web/api/calls.server";
import { deleteAccountSchema } from "~/models/customers/account-forms.server";
import { accountCalls } from "~/web/api/calls/customers.server";
import { DELETE_ACCOUNT_REFUSALS, passwordCheckMessage } from "~/models/customers/users";
import { checkCurrentPassword, deleteUserAccount } from "~/models/customers/users.server";
import { apiError, apiJson, checkedByForm } from "~/web/api/problem.server";
import { destroySession, getSession } from "~/web/session.server";

const STATUS = { "not-found": 404, blocked: 403, "last-admin": 409, "open-orders": 409 } as const;

/**
 * /profile/danger's action: confirmed by typing the account's e-mail and its current password
 * (decision 129), then deleteUserAccount's rules.
 */
export const { loader, action } = apiRoute({
  DELETE: apiCall(accountCalls.deleteAccount, async ({ request, user, body, caller }) => {
    const { currentPassword } = checkedByForm(deleteAccountSchema(user.email), body);
    const check = await checkCurrentPassword(user.id, currentPassword);
    if (check !== "ok") {
      const message = passwordCheckMessage(check, "delete");
      if (check === "no-password") throw apiError(409, message, { code: "no_password" });
      if (check === "too-many") {
        throw apiError(429, message, { code: "too_many_password_checks" });
      }
      throw apiError(422, message, {
        code: check === "missing" ? "password_required" : "wrong_password",
        errors: { currentPassword: [message] },
      });
    }
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
