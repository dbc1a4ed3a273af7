import { apiCall, apiRoute, refuseTokenForAdminChange } from "~/web/api/calls.server";
import { accountCalls, profileOf } from "~/web/api/calls/customers.server";
import { requestEmailChange } from "~/models/customers/email-change.server";
import { passwordCheckMessage } from "~/models/customers/users";
import {
  checkCurrentPassword,
  normalizeEmail,
  type PasswordCheck,
  updateProfile,
} from "~/models/customers/users.server";
import { getMailContext } from "~/models/mail/context.server";
import { problem } from "~/web/api/problem.server";

/** A refused current password (decision 129): 422 missing or wrong, 409 none set, 429. */
function passwordRefused(check: Exclude<PasswordCheck, "ok">) {
  const message = passwordCheckMessage(check, "email");
  if (check === "no-password") return problem(409, message, { code: "no_password" });
  if (check === "too-many") return problem(429, message, { code: "too_many_password_checks" });
  return problem(422, message, {
    code: check === "missing" ? "password_required" : "wrong_password",
    errors: { currentPassword: [message] },
  });
}

/**
 * /profile's personal tab: its loader's account, its action's rules (updateProfile). A new
 * e-mail asks for the current password and stays pending until its link is followed
 * (requestEmailChange, decision 129): the answer is the same whether or not it has an account.
 */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.profile, ({ user }) => profileOf(user.id)),
  PUT: apiCall(accountCalls.updateProfile, async ({ user, body, caller }) => {
    if (user.role === "admin" && normalizeEmail(body.email) !== user.email) {
      refuseTokenForAdminChange(caller);
    }
    const { favoriteAddress1, favoriteAddress2, currentPassword, ...value } = body;
    const newEmail = normalizeEmail(value.email) === user.email ? null : value.email;
    if (newEmail !== null) {
      // Checked before anything is saved: a refused call changes nothing.
      const check = await checkCurrentPassword(user.id, currentPassword);
      if (check !== "ok") throw passwordRefused(check);
    }
    // The favourite addresses change only when the call sends them (null or "" clears one).
    await updateProfile(user.id, {
      firstName: value.firstName,
      lastName: value.lastName,
      phone: value.phone,
      ...(favoriteAddress1 !== undefined ? { favoriteAddress1: favoriteAddress1 || null } : {}),
      ...(favoriteAddress2 !== undefined ? { favoriteAddress2: favoriteAddress2 || null } : {}),
    });
    if (newEmail !== null) {
      await requestEmailChange({ userId: user.id, newEmail }, await getMailContext());
    }
    return profileOf(user.id);
  }),
});
