import { apiCall, apiRoute } from "~/web/api/calls.server";
import { logout } from "~/web/auth.server";
import { accountCalls, SESSION_CALLS_ONLY } from "~/web/api/calls/customers.server";
import { apiError, apiJson } from "~/web/api/problem.server";

/** /logout's POST (D33): the session row goes on the server, the cookie is cleared. */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.logout, async ({ request, caller }) => {
    if (caller.via === "token") throw apiError(403, SESSION_CALLS_ONLY, { code: "session_only" });
    const done = await logout(request);
    return apiJson(null, {
      status: 204,
      headers: { "Set-Cookie": done.headers.get("Set-Cookie") ?? "" },
    });
  }),
});
