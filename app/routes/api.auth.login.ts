import { apiCall, apiRoute } from "~/web/api/calls.server";
import { openLoginSession, passwordSignIn } from "~/web/auth.server";
import { attemptSignIn } from "~/web/login.server";
import {
  accountCalls,
  currentAccount,
  SESSION_CALLS_ONLY,
  toAccount,
} from "~/web/api/calls/customers.server";
import { apiError, apiJson } from "~/web/api/problem.server";
import { hasTwoFactor } from "~/models/auth/two-factor.server";
import {
  checkAccountCode,
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_SETUP_REQUIRED,
} from "~/web/two-factor.server";

/**
 * /login's sign-in (attemptSignIn: the same limit, refusals and known-device cookie), as JSON.
 * An administrator sends the code of the second step with the password (decision 163).
 */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.login, async ({ request, body, caller, clientIp }) => {
    if (caller.via === "token") throw apiError(403, SESSION_CALLS_ONLY, { code: "session_only" });
    const { email, password, code } = body;
    const signedIn = await attemptSignIn(request, {
      email,
      clientIp,
      verify: () => passwordSignIn(email, password),
    });
    if (!signedIn.ok) {
      throw apiError(signedIn.status, signedIn.message, { headers: signedIn.headers });
    }
    let secondFactor: "totp" | "recovery" | undefined;
    if (signedIn.user.role === "admin") {
      if (!(await hasTwoFactor(signedIn.user.id))) {
        throw apiError(
          403,
          "Configura primero la verificación en dos pasos: entra una vez en /admin-access.",
          { type: SECOND_FACTOR_SETUP_REQUIRED, code: "second_factor_setup_required" },
        );
      }
      if (!code) {
        throw apiError(401, "Falta el código de verificación en dos pasos (`code`).", {
          type: SECOND_FACTOR_REQUIRED,
          code: "second_factor_required",
        });
      }
      const checked = await checkAccountCode(signedIn.user.id, code);
      if (!checked.ok) {
        throw apiError(checked.status === 429 ? 429 : 401, checked.message, {
          type: SECOND_FACTOR_REQUIRED,
          code: "second_factor_required",
        });
      }
      secondFactor = checked.method;
    }
    const headers = await openLoginSession(request, signedIn.user, undefined, {
      clientIp,
      secondFactor,
    });
    const user = await currentAccount(signedIn.user.id);
    return apiJson({ user: toAccount(user) }, { headers });
  }),
});
