import { apiCall, apiRoute, refuseTokenForAdminChange } from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS, DELETE_USER_REFUSALS } from "~/models/customers/admin";
import { deleteUserByAdmin, updateUserInfo } from "~/models/customers/admin.server";
import { normalizeEmail } from "~/models/customers/users.server";
import { UserInfoSchema } from "~/models/customers/admin-submission.server";
import { accountCalls, adminUserOr404, userIdParam } from "~/web/api/calls/customers.server";
import { apiError, problem, checkedByForm } from "~/web/api/problem.server";

const DELETE_STATUS = {
  "not-found": 404,
  self: 403,
  blocked: 409,
  "last-admin": 409,
  "open-orders": 409,
} as const;

/** The profile view's account and information form, and the delete page's action. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.user, ({ params }) => adminUserOr404(userIdParam(params))),
  PUT: apiCall(accountCalls.updateUser, async ({ user, params, body, caller }) => {
    const id = userIdParam(params);
    // An administrator's e-mail is the way into their account (a reset link goes there).
    const account = await adminUserOr404(id);
    if (account.role === "admin" && normalizeEmail(body.email) !== account.email) {
      refuseTokenForAdminChange(caller);
    }
    const updated = await updateUserInfo(user.id, id, checkedByForm(UserInfoSchema, body));
    if (!updated.ok && updated.error === "not-found") {
      throw apiError(404, ADMIN_USER_REFUSALS.notFound);
    }
    if (!updated.ok) {
      throw problem(409, ADMIN_USER_REFUSALS.emailTaken, {
        code: "email_taken",
        errors: { email: [ADMIN_USER_REFUSALS.emailTaken] },
      });
    }
    return adminUserOr404(id);
  }),
  DELETE: apiCall(accountCalls.deleteUser, async ({ user, params }) => {
    const deleted = await deleteUserByAdmin(user.id, userIdParam(params));
    if (!deleted.ok) {
      throw apiError(DELETE_STATUS[deleted.error], DELETE_USER_REFUSALS[deleted.error], {
        code: deleted.error.replace("-", "_"),
      });
    }
    return null;
  }),
});
