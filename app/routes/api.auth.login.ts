import { apiCall, apiRoute } from "~/web/api/calls.server";
import { passwordSignIn } from "~/web/auth.server";
import { attemptSignIn, signInHeaders } from "~/web/login.server";
import {
  accountCalls,
  currentAccount,
  SESSION_CALLS_ONLY,
  toAccount,
} from "~/web/api/calls/customers.server";
import { apiError, apiJson } from "~/web/api/problem.server";

/** /login's sign-in (attemptSignIn: the same limit, refusals and known-device cookie), as JSON. */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.login, async ({ request, body, caller, clientIp }) => {
    if (caller.via === "token") throw apiError(403, SESSION_CALLS_ONLY, { code: "session_only" });
    const { email, password } = body;
    const signedIn = await attemptSignIn(request, {
      email,
      clientIp,
      verify: () => passwordSignIn(email, password),
    });
    if (!signedIn.ok) {
      throw apiError(signedIn.status, signedIn.message, { headers: signedIn.headers });
    }
    const headers = await signInHeaders(request, signedIn.user, undefined, { clientIp });
    const user = await currentAccount(signedIn.user.id);
    return apiJson({ user: toAccount(user) }, { headers });
  }),
});
