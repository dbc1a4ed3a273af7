import crypto from "node:crypto";
import { RateLimiter } from "./rate-limit.server";

/*
 * The limits of the storefront's public forms, per IP and shared by every worker (the counters
 * live in SQLite). They live here, not in the routes: a route module also runs in the browser,
 * where a `.server` import is an empty stub and `new RateLimiter()` at its top level would throw
 * before the page could hydrate.
 */

/** D31, decision 063: five contact messages an hour. */
export const contactMessages = new RateLimiter({
  scope: "contact",
  limit: 5,
  windowMs: 60 * 60 * 1000,
});

/** D32: ten order look-ups a minute, so orders cannot be enumerated. */
export const orderLookups = new RateLimiter({
  scope: "track-order",
  limit: 10,
  windowMs: 60_000,
});

/**
 * Decision 082: ten well-formed sign-ups an hour, counted before the password is weighed
 * (decision 083) and hashed.
 */
export const registrations = new RateLimiter({
  scope: "register",
  limit: 10,
  windowMs: 60 * 60 * 1000,
});

/**
 * One warning a day per address, however many sign-ups name it and from however many client
 * addresses (issue 37): counted in the shared `rate_limits` table, so every worker and server
 * counts together.
 */
export const signUpAttemptNotices = new RateLimiter({
  scope: "sign-up-attempt-notice",
  limit: 1,
  windowMs: 24 * 60 * 60 * 1000,
});

/**
 * Decision 105: password reset requests, ten an hour per IP and three an hour per address
 * typed (whether or not it has an account, so the limit tells nothing about who is a customer).
 */
export const passwordResetsByIp = new RateLimiter({
  scope: "password-reset-ip",
  limit: 10,
  windowMs: 60 * 60 * 1000,
});
export const passwordResetsByAddress = new RateLimiter({
  scope: "password-reset-address",
  limit: 3,
  windowMs: 60 * 60 * 1000,
});

/** Decision 106: three verification e-mails an hour per account. */
export const verificationResends = new RateLimiter({
  scope: "verification-resend",
  limit: 3,
  windowMs: 60 * 60 * 1000,
});
/**
 * Decision 128: and ten an hour per IP, since the checkout offers the e-mail to every unverified
 * account: accounts made in a row would otherwise mail three links each to any address.
 */
export const verificationResendsByIp = new RateLimiter({
  scope: "verification-resend-ip",
  limit: 10,
  windowMs: 60 * 60 * 1000,
});

/**
 * Decision 129: checks of a signed-in customer's current password (a new password, a new
 * e-mail, deleting the account), ten an hour per account, so a borrowed session cannot guess it.
 */
export const passwordChecks = new RateLimiter({
  scope: "password-check",
  limit: 10,
  windowMs: 60 * 60 * 1000,
});

/** The counter's key of an e-mail address: its hash, so the table holds no addresses. */
export function addressKey(email: string) {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}
