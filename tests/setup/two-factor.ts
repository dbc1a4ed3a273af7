import { Secret, TOTP } from "otpauth";
import { newRecoveryCodes, totpStep } from "~/models/auth/two-factor.server";
import type { DB } from "~/utils/db.server";

/*
 * Decision 163 for the tests: an administrator signs in in two steps. A test whose subject is
 * not the second step enrols its administrator here (the row the setup would write) and passes
 * the step with one of the recovery codes, each good once, so that sign-ins in the same 30
 * seconds do not meet the rule that takes a code of the app only once. tests/integration/
 * two-factor.test.ts tests the step itself.
 */

export type Enrolment = { secret: string; recoveryCodes: string[] };

/** Sets up `userId`'s second factor as the setup page would: its secret and recovery codes. */
export async function enrolTwoFactor(database: DB, userId: number): Promise<Enrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const { codes, hashes } = newRecoveryCodes();
  await database
    .insertInto("twoFactors")
    .values({
      userId,
      secret,
      lastStep: null,
      recoveryCodes: JSON.stringify(hashes),
      createdAt: new Date().toISOString(),
    })
    .execute();
  return { secret, recoveryCodes: codes };
}

/** The app's code for `secret` now (or `steps` periods later). */
export function totpCode(secret: string, steps = 0) {
  const step = totpStep(new Date()) + steps;
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookieFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?perfumeria_session=/.test(c))
    ?.split(";")[0];
}

/**
 * The second step over HTTP, after the password's answer (`passwordStep`, a 302 to
 * /admin-access/verificar carrying the pending sign-in's cookie): posts `code` and returns the
 * answer, whose cookie is the signed-in session's.
 */
export async function passSecondStepOverHttp(
  server: { baseUrl: string; origin: string },
  passwordStep: Response,
  code: string,
) {
  const cookie = sessionCookieFrom(passwordStep);
  if (!cookie) throw new Error("the password step set no session cookie");
  return fetch(`${server.baseUrl}/admin-access/verificar`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
    },
    body: new URLSearchParams({ code }),
  });
}
