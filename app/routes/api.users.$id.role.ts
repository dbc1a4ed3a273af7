import {
  apiCall,
  apiRoute,
  refuseStaleSecondFactor,
  refuseTokenForAdminChange,
} from "~/web/api/calls.server";
import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import { setUserRole } from "~/models/customers/admin.server";
import {
  accountCalls,
  adminUserOr404,
  refusedChange,
  userIdParam,
} from "~/web/api/calls/customers.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(accountCalls.setRole, async ({ request, user, params, body, caller }) => {
    // Every role change makes or unmakes an administrator: a signed-in one only (decision 131).
    refuseTokenForAdminChange(caller);
    await refuseStaleSecondFactor(request, caller);
    const id = userIdParam(params);
    const changed = await setUserRole(user.id, id, body.role);
    if (!changed.ok) throw refusedChange(changed.error, ADMIN_USER_REFUSALS.selfRole);
    return adminUserOr404(id);
  }),
});
