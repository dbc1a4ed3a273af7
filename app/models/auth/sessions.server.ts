import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { deviceLabel, networkLabel, type ListedSession } from "./devices";

/*
 * The rows of the sessions table as the shop's rules end them (a password changed, an account
 * blocked or deleted, a sweep of the expired) and as their owner and the admin see them
 * (decision 164). Reading and writing a request's own session (the cookie, the storage) is the
 * web layer's: web/session.server.ts.
 */

/**
 * Ends every session of a user (password changed, account blocked), except `keepSid`; inside the
 * caller's transaction when `executor` is one. Returns how many ended.
 */
export async function endUserSessions(
  userId: number,
  options: { keepSid?: string; executor?: Kysely<Database> } = {},
) {
  const { keepSid, executor = db } = options;
  let query = executor.deleteFrom("sessions").where("userId", "=", userId);
  if (keepSid) query = query.where("sid", "!=", keepSid);
  const { numDeletedRows } = await query.executeTakeFirst();
  return Number(numDeletedRows);
}

/**
 * Expired rows are also removed when read; this sweeps the ones nobody comes back for (a job),
 * and the devices remembered for the second step whose 30 days are over (decision 163).
 */
export async function deleteExpiredSessions() {
  const now = new Date().toISOString();
  await db.deleteFrom("sessions").where("expire", "<=", now).execute();
  await db.deleteFrom("trustedDevices").where("expiresAt", "<=", now).execute();
}

/**
 * The name a page gives a session: its sid is the cookie's value, so it never leaves the server.
 * A hash of it names the row without letting anyone rebuild the cookie.
 */
export function sessionHandle(sid: string) {
  return crypto.createHash("sha256").update(sid).digest("base64url").slice(0, 22);
}

/** The most sessions a list shows, the most recently used first. */
const LISTED_SESSIONS = 50;

/** A user's sessions that have not ended, the one in use last first. Guests have none. */
export async function listUserSessions(
  userId: number,
  { currentSid, now = new Date() }: { currentSid?: string; now?: Date } = {},
): Promise<ListedSession[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["sid", "userAgent", "ipNetwork", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .where("expire", ">", now.toISOString())
    .orderBy("lastSeenAt", "desc")
    .orderBy("createdAt", "desc")
    .limit(LISTED_SESSIONS)
    .execute();
  return rows.map((row) => ({
    handle: sessionHandle(row.sid),
    device: deviceLabel(row.userAgent),
    network: networkLabel(row.ipNetwork),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.sid === currentSid,
  }));
}

/**
 * Ends the session `handle` names, only if it is one of `userId`'s and not `keepSid` (the
 * asker's own: that one ends by signing out). False when there was none such: another account's
 * handle, one already ended, or nonsense.
 */
export async function endUserSession(
  userId: number,
  handle: string,
  { keepSid }: { keepSid?: string } = {},
) {
  const rows = await db.selectFrom("sessions").select("sid").where("userId", "=", userId).execute();
  const sid = rows.find((row) => sessionHandle(row.sid) === handle)?.sid;
  if (!sid || sid === keepSid) return false;
  const { numDeletedRows } = await db
    .deleteFrom("sessions")
    .where("sid", "=", sid)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
