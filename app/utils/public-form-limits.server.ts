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
