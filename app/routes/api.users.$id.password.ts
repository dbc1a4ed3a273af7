import { checkedByForm } from "~/web/api/problem.server";
import {
  apiCall,
  apiRoute,
  refuseStaleSecondFactor,
  refuseTokenForAdminChange,
} from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import { resetUserPassword } from "~/models/customers/admin.server";
import { passwordResetSchema } from "~/models/customers/admin-submission.server";
import {
  accountCalls,
  adminUserOr404,
  refusedChange,
  userIdParam,
} from "~/web/api/calls/customers.server";

/** The profile view's password form: every session of the account ends. */
export const { loader, action } = apiRoute({
  PUT: apiCall(accountCalls.resetPassword, async ({ request, user, params, body, caller }) => {
    const account = await adminUserOr404(userIdParam(params));
    if (account.role === "admin") refuseTokenForAdminChange(caller);
    await refuseStaleSecondFactor(request, caller);
    const { password } = checkedByForm(
      passwordResetSchema([account.email, account.firstName, account.lastName]),
      { ...body, confirmPassword: body.confirmPassword ?? body.password },
    );
    const reset = await resetUserPassword(user.id, account.id, password);
    if (!reset.ok) throw refusedChange(reset.error, ADMIN_USER_REFUSALS.selfPassword);
    return null;
  }),
});
