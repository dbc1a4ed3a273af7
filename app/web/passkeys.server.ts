import { json } from "@remix-run/node";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  cleanPasskeyName,
  PASSKEY_CHALLENGE_MINUTES,
  passkeyDeviceName,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  verifyPasskeySignIn,
} from "~/models/auth/passkeys.server";
import { passkeyRefusalMessage, type PasskeyRefusal } from "~/models/auth/passkeys";
import { SIGN_IN_REFUSALS } from "~/models/customers/users.server";
import { RateLimiter } from "~/utils/rate-limit.server";
import { getUser, homeFor, openLoginSession, safeRedirect } from "~/web/auth.server";
import { guardAction } from "~/web/guard-action.server";
import { recentSecondFactor } from "~/web/two-factor.server";
import { claimPasskeyAttempt, TOO_MANY_ATTEMPTS } from "~/web/login-throttle.server";
import { commitSession, getSession, type AppSession, type SessionData } from "~/web/session.server";
import { combineHeaders, setToast } from "~/web/toast.server";

/*
 * Decision 165: the two passkey ceremonies over HTTP, for the resource routes
 * resources.passkeys.register.ts and resources.passkeys.sign-in.ts. Each is two posts: `step`
 * "options" keeps a new challenge in the session and answers the browser's options as JSON;
 * `step` "verify" takes that challenge (once) and checks the browser's answer, sent as one
 * form field `response` (a page's POST is a form, decision 079) of at most 16 KB.
 */

/** A ceremony's post: an assertion or attestation is 1–3 KB; anything past this is refused. */
export const PASSKEY_BODY_MAX_BYTES = 16 * 1024;

/*
 * Asking for options writes the session (a visitor without one gets a row): limited per
 * address, so a script cannot fill the sessions table. A person needs a handful a minute.
 */
const optionsByIp = new RateLimiter({ scope: "passkey-options", limit: 30, windowMs: 60_000 });

type Purpose = SessionData["passkeyChallenge"]["purpose"];

function refusal(code: PasskeyRefusal, status: number, headers?: HeadersInit) {
  return json({ error: passkeyRefusalMessage(code) }, { status, headers });
}

function failure(message: string, status: number, headers?: HeadersInit) {
  return json({ error: message }, { status, headers });
}

/**
 * The post's fields, read up to PASSKEY_BODY_MAX_BYTES (413 past it, whether or not the length
 * was declared). guardAction has already refused another content type.
 */
async function readCeremonyForm(request: Request) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > PASSKEY_BODY_MAX_BYTES) return null;
  const chunks: Uint8Array[] = [];
  let seen = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > PASSKEY_BODY_MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** The browser's answer (a JSON object in the `response` field), or null. */
function parseResponse<T>(form: URLSearchParams): T | null {
  try {
    const value: unknown = JSON.parse(form.get("response") ?? "");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

function keepChallenge(
  session: AppSession,
  purpose: Purpose,
  challenge: string,
  userId: number | null,
) {
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000).toISOString();
  session.set("passkeyChallenge", { challenge, purpose, userId, expiresAt });
}

/**
 * The session's challenge for this ceremony, removed from the session whatever it was: one
 * verify per challenge, right or wrong. Null when there is none, it expired, or it was asked
 * for another ceremony or account.
 */
function takeChallenge(session: AppSession, purpose: Purpose, userId: number | null) {
  const kept = session.get("passkeyChallenge");
  session.unset("passkeyChallenge");
  if (!kept || kept.purpose !== purpose || kept.userId !== userId) return null;
  if (Date.parse(kept.expiresAt) <= Date.now()) return null;
  return kept.challenge;
}

/** The consumed challenge's write: none for a visitor who has no session (no row is made). */
async function consumed(request: Request, session: AppSession): Promise<HeadersInit | undefined> {
  return session.id ? { "Set-Cookie": await commitSession(request, session) } : undefined;
}

/** POST /resources/passkeys/register: a signed-in customer or admin adds a passkey. */
export async function passkeyRegistrationAction(request: Request) {
  await guardAction(request);
  const user = await getUser(request);
  if (!user) return failure("Inicia sesión para agregar una llave de acceso.", 401);
  const form = await readCeremonyForm(request);
  if (!form) return refusal("too-large", 413);
  const session = await getSession(request);

  if (form.get("step") === "options") {
    // Decision 163: a passkey is an administrator's second factor: adding one is a dangerous act.
    if (user.role === "admin") {
      const fresh = await recentSecondFactor(request, form);
      if (!fresh.ok) return failure(fresh.message, 403);
    }
    const displayName = `${user.firstName} ${user.lastName}`.trim();
    const result = await passkeyRegistrationOptions({
      id: user.id,
      email: user.email,
      displayName,
    });
    if (!result.ok) return refusal(result.reason, 409);
    keepChallenge(session, "register", result.options.challenge, user.id);
    return json(result.options, {
      headers: { "Set-Cookie": await commitSession(request, session) },
    });
  }

  const challenge = takeChallenge(session, "register", user.id);
  const cookie = await consumed(request, session);
  if (!challenge) return refusal("expired", 400, cookie);
  const response = parseResponse<RegistrationResponseJSON>(form);
  if (!response) return refusal("invalid", 400, cookie);
  const name = cleanPasskeyName(
    form.get("name"),
    passkeyDeviceName(request.headers.get("user-agent")),
  );
  const result = await registerPasskey({ userId: user.id, challenge, response, name });
  if (!result.ok) return refusal(result.reason, result.reason === "too-many" ? 409 : 400, cookie);
  setToast(session, {
    title: "Llave de acceso agregada",
    description: `Ya puedes entrar con «${name}» sin escribir tu contraseña.`,
  });
  return json({ ok: true }, { headers: { "Set-Cookie": await commitSession(request, session) } });
}

/**
 * POST /resources/passkeys/sign-in: a sign-in with any passkey of the shop. A failed check
 * counts against the address's sign-in limit (decision 081); a blocked account is refused as
 * the password sign-in refuses it; an administrator's passkey must have verified its owner (a
 * PIN, a fingerprint, a face), since it stands for both factors.
 */
export async function passkeySignInAction(request: Request, clientIp: string) {
  await guardAction(request);
  const form = await readCeremonyForm(request);
  if (!form) return refusal("too-large", 413);
  const session = await getSession(request);

  if (form.get("step") === "options") {
    if (!(await optionsByIp.consume(clientIp))) {
      return failure(TOO_MANY_ATTEMPTS, 429, { "Retry-After": "60" });
    }
    const options = await passkeySignInOptions();
    keepChallenge(session, "sign-in", options.challenge, null);
    return json(options, { headers: { "Set-Cookie": await commitSession(request, session) } });
  }

  const challenge = takeChallenge(session, "sign-in", null);
  // The challenge is gone from the session before anything is checked: a replay finds none.
  const cookie = await consumed(request, session);
  if (!challenge) return refusal("expired", 400, cookie);
  const response = parseResponse<AuthenticationResponseJSON>(form);
  if (!response) return refusal("invalid", 400, cookie);

  const attempt = await claimPasskeyAttempt(clientIp);
  if (!attempt.allowed) {
    return failure(TOO_MANY_ATTEMPTS, 429, combineHeaders(cookie, { "Retry-After": "60" }));
  }
  const result = await verifyPasskeySignIn({ challenge, response });
  if (!result.ok) return refusal(result.reason, 401, cookie);
  const { user } = result;
  if (user.isBlocked) return failure(SIGN_IN_REFUSALS.blocked, 401, cookie);
  if (user.role === "admin" && !result.userVerified) {
    return refusal("needs-verification", 401, cookie);
  }
  await attempt.giveBack();

  const target =
    user.role === "admin" ? "/admin" : safeRedirect(form.get("redirectTo"), homeFor(user));
  const headers = await openLoginSession(
    request,
    user,
    { title: "¡Bienvenido!" },
    { clientIp, secondFactor: "passkey" },
  );
  return json({ redirectTo: target }, { headers });
}
