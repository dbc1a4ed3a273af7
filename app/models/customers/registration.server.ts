import type { z } from "zod/v4";
import { getSettings } from "~/models/settings/settings.server";
import { registrations } from "~/utils/public-form-limits.server";
import type { RegisterSchema } from "./account-forms.server";
import { passwordWeakness } from "./password-policy.server";
import { registerCustomer } from "./users.server";

/*
 * A sign-up's steps once its form is well formed, the same for /register and
 * POST /api/auth/register (decisions 082, 083).
 */

/** The store's allowRegistrations setting: checked before anything else is read. */
export async function registrationsOpen() {
  return (await getSettings()).allowRegistrations;
}

/**
 * Counts the sign-up (ten an hour per IP, before the password is weighed or hashed), refuses a
 * weak password, then registers: the same outcome whether or not the address already had an
 * account (decision 082), so `ok` says nothing about it.
 */
export async function submitRegistration(
  value: z.output<typeof RegisterSchema>,
  clientIp: string,
): Promise<
  | { ok: true }
  | { ok: false; reason: "too-many" }
  | { ok: false; reason: "weak-password"; message: string }
> {
  if (!(await registrations.consume(clientIp))) return { ok: false, reason: "too-many" };
  const { email, firstName, lastName, password } = value;
  const weakness = passwordWeakness(password, [email, firstName, lastName]);
  if (weakness) return { ok: false, reason: "weak-password", message: weakness };
  const { confirmPassword: _confirm, phone, ...input } = value;
  await registerCustomer({ ...input, phone: phone ?? null });
  return { ok: true };
}
