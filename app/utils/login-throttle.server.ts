import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";
import { RateLimiter } from "./rate-limit.server";

/*
 * Failed sign-ins are limited to 10 a minute per IP and per account. To keep the
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

export async function isLoginThrottled(request: Request, clientIp: string, email: string) {
  if (await byIp.isLimited(clientIp)) return true;
  const key = accountKey(email);
  if (!(await byAccount.isLimited(key))) return false;
  return !(await knownAccounts(request)).includes(key);
}

export async function recordFailedLogin(request: Request, clientIp: string, email: string) {
  await byIp.hit(clientIp);
  const key = accountKey(email);
  if (!(await knownAccounts(request)).includes(key)) await byAccount.hit(key);
}

/** After a successful sign-in: remember this browser for the account. */
export async function rememberDevice(request: Request, email: string, secure: boolean) {
  const key = accountKey(email);
  const accounts = [key, ...(await knownAccounts(request)).filter((k) => k !== key)].slice(0, 5);
  return getDeviceCookie().serialize(accounts, { secure });
}
