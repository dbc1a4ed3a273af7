import { apiCall, apiRoute, refuseTokenForAdminChange } from "~/web/api/calls.server";
import { passwordChangeRules } from "~/models/customers/account-forms.server";
import { accountCalls } from "~/web/api/calls/customers.server";
import { passwordCheckMessage, PROFILE_MESSAGES } from "~/models/customers/users";
import { changeOwnPassword, hasPassword } from "~/models/customers/users.server";
import { problem, checkedByForm } from "~/web/api/problem.server";
import { getSession } from "~/web/session.server";

/** /profile/security's action: the same rules; every other session of the account ends. */
export const { loader, action } = apiRoute({
  PUT: apiCall(accountCalls.changePassword, async ({ request, user, body, caller }) => {
    if (user.role === "admin") refuseTokenForAdminChange(caller);
    const rules = passwordChangeRules({ hasPassword: await hasPassword(user.id), user });
    const value = checkedByForm(rules, {
      ...body,
      confirmPassword: body.confirmPassword ?? body.newPassword,
    });
    // A browser's session stays signed in; a token's call ends every session of the account.
    const keepSid = caller.via === "session" ? (await getSession(request)).id : undefined;
    const result = await changeOwnPassword(user.id, value, keepSid || undefined);
    if (!result.ok && result.reason === "too-many") {
      throw problem(429, passwordCheckMessage("too-many", "email"), {
        code: "too_many_password_checks",
      });
    }
    if (!result.ok) {
      throw problem(422, PROFILE_MESSAGES.wrongPassword, {
        code: "wrong_password",
        errors: { currentPassword: [PROFILE_MESSAGES.wrongPassword] },
      });
    }
    return null;
  }),
});
