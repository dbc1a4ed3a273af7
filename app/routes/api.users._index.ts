import { apiCall, apiRoute, refuseTokenForAdminChange } from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import { createUserByAdmin, listAdminUsers } from "~/models/customers/admin.server";
import { NewUserSchema } from "~/models/customers/admin-submission.server";
import {
  accountCalls,
  adminUserOr404,
  toAdminUserListItem,
} from "~/web/api/calls/customers.server";
import { apiJson, problem, checkedByForm } from "~/web/api/problem.server";

/** /admin/users' list (its filters) and /admin/users/new's action. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.users, async ({ query }) => {
    const list = await listAdminUsers({
      search: query.q ?? "",
      role: query.role ?? "all",
      page: query.page,
      pageSize: query.limit,
    });
    return {
      items: list.users.map(toAdminUserListItem),
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      limit: query.limit,
    };
  }),
  POST: apiCall(accountCalls.createUser, async ({ user, body, caller }) => {
    if (body.role === "admin") refuseTokenForAdminChange(caller);
    const created = await createUserByAdmin(user.id, checkedByForm(NewUserSchema, body));
    if (!created.ok) {
      throw problem(409, ADMIN_USER_REFUSALS.emailTaken, {
        code: "email_taken",
        errors: { email: [ADMIN_USER_REFUSALS.emailTaken] },
      });
    }
    return apiJson(await adminUserOr404(created.userId), {
      status: 201,
      headers: { Location: `/api/users/${created.userId}` },
    });
  }),
});
