import { apiCall, apiRoute, refuseTokenForAdminChange } from "~/models/api/calls.server";
import { ProfileSchema } from "~/models/customers/account-forms.server";
import { accountCalls, profileOf } from "~/models/customers/api.server";
import { PROFILE_MESSAGES } from "~/models/customers/users";
import { normalizeEmail, updateProfile } from "~/models/customers/users.server";
import { problem, checkedByForm } from "~/utils/api.server";

/** /profile's personal tab: its loader's account, its action's rules (updateProfile). */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.profile, ({ user }) => profileOf(user.id)),
  PUT: apiCall(accountCalls.updateProfile, async ({ user, body, caller }) => {
    if (user.role === "admin" && normalizeEmail(body.email) !== user.email) {
      refuseTokenForAdminChange(caller);
    }
    const { favoriteAddress1, favoriteAddress2, ...details } = body;
    const value = checkedByForm(ProfileSchema, {
      ...details,
      favoriteAddress1: favoriteAddress1 ?? "",
      favoriteAddress2: favoriteAddress2 ?? "",
    });
    // The favourite addresses change only when the call sends them (null or "" clears one).
    const changes = {
      firstName: value.firstName,
      lastName: value.lastName,
      email: value.email,
      phone: value.phone,
      ...(favoriteAddress1 !== undefined ? { favoriteAddress1: value.favoriteAddress1 } : {}),
      ...(favoriteAddress2 !== undefined ? { favoriteAddress2: value.favoriteAddress2 } : {}),
    };
    const result = await updateProfile(user.id, changes);
    if (!result.ok) {
      throw problem(409, PROFILE_MESSAGES.emailTaken, {
        code: "email_taken",
        errors: { email: [PROFILE_MESSAGES.emailTaken] },
      });
    }
    return profileOf(user.id);
  }),
});
