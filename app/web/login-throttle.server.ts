import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import { RateLimiter } from "~/utils/rate-limit.server";

/*
 * Sign-in attempts are limited to 10 a minute per IP and per account, counted before the
 * password hash and given back when the password was right (decisions 004, 081). To keep the
 * per-account limit from locking the owner out, a browser that has signed in to an
 * account before carries a signed "known device" cookie and is exempt from that
 * account's counter (OWASP's device-cookie pattern); the per-IP limit still applies.
 */
const LIMIT = 10;
const WINDOW_MS = 60_000;
const byIp = new RateLimiter({ scope: "login-ip", limit: LIMIT, windowMs: WINDOW_MS });
const byAccount = new RateLimiter({ scope: "login-account", limit: LIMIT, windowMs: WINDOW_MS });

export const TOO_MANY_ATTEMPTS =
  "Demasiados intentos de inicio de sesión. Espera un minuto e inténtalo de nuevo.";

let deviceCookie: ReturnType<typeof createCookie> | undefined;
function getDeviceCookie() {
  deviceCookie ??= createCookie("known_device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    secrets: getEnv().SESSION_SECRETS,
  });
  return deviceCookie;
}

function accountKey(email: string) {
  return crypto
    .createHash("sha256")
    .update(email.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 16);
}

async function knownAccounts(request: Request): Promise<string[]> {
  const value = await getDeviceCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
}

/**
 * Counts a sign-in attempt before its password is checked (decision 081): per IP, then per
 * account unless this browser is known to it. Each count is one statement (`consume`), so
 * concurrent attempts on any worker cannot all pass a check none of them had counted yet.
 * A refused attempt gets `allowed: false`; an allowed one carries `giveBack`, which the caller
 * runs when the password was right, so that signing in never brings the owner closer to the
 * limit.
 */
export async function claimLoginAttempt(request: Request, clientIp: string, email: string) {
  const key = accountKey(email);
  const knownDevice = (await knownAccounts(request)).includes(key);
  if (!(await byIp.consume(clientIp))) return { allowed: false } as const;
  if (!knownDevice && !(await byAccount.consume(key))) return { allowed: false } as const;
  const giveBack = async () => {
    await byIp.giveBack(clientIp);
    if (!knownDevice) await byAccount.giveBack(key);
  };
  return { allowed: true, giveBack } as const;
}

/**
 * Whether this browser has signed in to the account before (its known-device cookie holds it):
 * a sign-in from one that has not is told to the account by e-mail (decision 164).
 */
export async function isKnownDevice(request: Request, email: string) {
  return (await knownAccounts(request)).includes(accountKey(email));
}

/** After a successful sign-in: remember this browser for the account. */
export async function rememberDevice(request: Request, email: string, secure: boolean) {
  const key = accountKey(email);
  const accounts = [key, ...(await knownAccounts(request)).filter((k) => k !== key)].slice(0, 5);
  return getDeviceCookie().serialize(accounts, { secure });
}

/**
 * A passkey sign-in names no account before it is checked: it counts against the address's
 * limit only, with the password attempts (decision 165). A verified passkey gives it back.
 */
export async function claimPasskeyAttempt(clientIp: string) {
  if (!(await byIp.consume(clientIp))) return { allowed: false } as const;
  return { allowed: true, giveBack: () => byIp.giveBack(clientIp) } as const;
}
