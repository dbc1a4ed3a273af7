import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";

/*
 * The rows of the sessions table as the shop's rules end them (a password changed, an account
 * blocked or deleted, a sweep of the expired). Reading and writing a request's own session (the
 * cookie, the storage) is the web layer's: web/session.server.ts.
 */

/**
 * Ends every session of a user (password changed, account blocked), except `keepSid`; inside the
 * caller's transaction when `executor` is one.
 */
export async function endUserSessions(
  userId: number,
  options: { keepSid?: string; executor?: Kysely<Database> } = {},
) {
  const { keepSid, executor = db } = options;
  let query = executor.deleteFrom("sessions").where("userId", "=", userId);
  if (keepSid) query = query.where("sid", "!=", keepSid);
  await query.execute();
}

/** Expired rows are also removed when read; this sweeps the ones nobody comes back for (a job). */
export async function deleteExpiredSessions() {
  await db.deleteFrom("sessions").where("expire", "<=", new Date().toISOString()).execute();
}
