import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";

/*
 * Decision 163: "Recordar este equipo 30 días". After the second step an administrator may ask
 * this browser to be remembered: the browser keeps a random token (in a signed cookie, the web
 * layer's), the store keeps its SHA-256. A remembered device skips the code at sign-in (the
 * password is still asked) but never counts as a fresh code for a dangerous act. Forgetting a
 * device deletes its row; so does a password change or a reset of the factor.
 */

export const TRUSTED_DEVICE_DAYS = 30;
/** At most this many remembered devices per account: the oldest are forgotten first. */
const MAX_DEVICES = 10;

function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Remembers a device for 30 days; returns the token its cookie carries. */
export async function trustDevice(userId: number, label: string, now = new Date()) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("trustedDevices")
      .values({
        userId,
        tokenHash: hashToken(token),
        label: label.slice(0, 80),
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      })
      .execute();
    const kept = await trx
      .selectFrom("trustedDevices")
      .select("id")
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(MAX_DEVICES)
      .execute();
    await trx
      .deleteFrom("trustedDevices")
      .where("userId", "=", userId)
      .where(
        "id",
        "not in",
        kept.map((row) => row.id),
      )
      .execute();
  });
  return { token, expiresAt };
}

/** Whether one of `tokens` (a cookie's) remembers this account's device, unexpired. */
export async function isTrustedDevice(userId: number, tokens: string[], now = new Date()) {
  if (tokens.length === 0) return false;
  const row = await db
    .selectFrom("trustedDevices")
    .select("id")
    .where("userId", "=", userId)
    .where("tokenHash", "in", tokens.map(hashToken))
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's remembered devices, newest first (the expired are not listed). */
export async function listTrustedDevices(userId: number, now = new Date()) {
  return db
    .selectFrom("trustedDevices")
    .select(["id", "label", "createdAt", "expiresAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .execute();
}

/**
 * Forgets every remembered device of an account (or one, by id: only the account's own); inside
 * the caller's transaction when `executor` is one (a password change forgets them all).
 */
export async function forgetTrustedDevices(
  userId: number,
  { deviceId, executor = db }: { deviceId?: number; executor?: Kysely<Database> } = {},
) {
  let query = executor.deleteFrom("trustedDevices").where("userId", "=", userId);
  if (deviceId !== undefined) query = query.where("id", "=", deviceId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
