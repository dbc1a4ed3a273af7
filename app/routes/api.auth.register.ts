import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls, SESSION_CALLS_ONLY } from "~/web/api/calls/customers.server";
import { registrationsOpen, submitRegistration } from "~/models/customers/registration.server";
import {
  REGISTRATION_CLOSED,
  REGISTRATION_RECEIVED,
  TOO_MANY_REGISTRATIONS,
} from "~/models/customers/users";
import { apiError, problem } from "~/web/api/problem.server";

/** /register's steps and answers (decision 082: one answer whether or not the address had an account). */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.register, async ({ body, caller, clientIp }) => {
    if (caller.via === "token") throw apiError(403, SESSION_CALLS_ONLY, { code: "session_only" });
    if (!(await registrationsOpen())) {
      throw apiError(403, REGISTRATION_CLOSED, { code: "registrations_closed" });
    }
    // The body is /register's form (its confirmation may be left out): its rules have run.
    const value = { ...body, confirmPassword: body.confirmPassword ?? body.password };
    const registered = await submitRegistration(value, clientIp);
    if (!registered.ok && registered.reason === "too-many") {
      throw apiError(429, TOO_MANY_REGISTRATIONS, { headers: { "Retry-After": "3600" } });
    }
    if (!registered.ok) {
      throw problem(422, "Revisa los datos enviados.", {
        errors: { password: [registered.message] },
      });
    }
    return { ...REGISTRATION_RECEIVED };
  }),
});
