import { apiCall, apiRoute } from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import { setUserBlocked } from "~/models/customers/admin.server";
import {
  accountCalls,
  adminUserOr404,
  refusedChange,
  userIdParam,
} from "~/web/api/calls/customers.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(accountCalls.unblock, async ({ user, params }) => {
    const id = userIdParam(params);
    const changed = await setUserBlocked(user.id, id, false);
    if (!changed.ok) throw refusedChange(changed.error, ADMIN_USER_REFUSALS.selfBlock);
    return adminUserOr404(id);
  }),
});
