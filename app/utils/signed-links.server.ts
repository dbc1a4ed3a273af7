import crypto from "node:crypto";
import { getEnv } from "./env.server";

/*
 * Decision 130: a link that proves itself, for a capability that needs no row of its own (a
 * pay-later order's receipt link): an HMAC-SHA256, keyed by the session secret, over the link's
 * purpose and its subject. It cannot be made from what the link names (an order's number, its
 * id), and it dies with the secret; SESSION_SECRET's older secrets (rotation) still open it.
 */

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hmac(secret: string, purpose: string, subject: string) {
  return crypto.createHmac("sha256", secret).update(`${purpose}\n${subject}`).digest("base64url");
}

/** The signature of `subject` for `purpose`, with the newest secret. */
export function signLink(purpose: string, subject: string) {
  return hmac(getEnv().SESSION_SECRETS[0], purpose, subject);
}

/** Whether `signature` is `subject`'s for `purpose` under any current secret (constant-time). */
export function checkLinkSignature(purpose: string, subject: string, signature: unknown) {
  if (typeof signature !== "string" || !SIGNATURE_PATTERN.test(signature)) return false;
  const given = Buffer.from(signature);
  return getEnv().SESSION_SECRETS.some((secret) =>
    crypto.timingSafeEqual(Buffer.from(hmac(secret, purpose, subject)), given),
  );
}
