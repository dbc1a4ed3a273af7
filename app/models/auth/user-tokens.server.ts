import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, UserTokenPurpose } from "#db/types";

/*
 * Single-use links (decisions 105 and 106): a random token of 32 bytes travels in the e-mail;
 * only its SHA-256 is stored (`user_tokens`), so a copy of the database opens no account. A new
 * token of a purpose replaces the user's older ones of that purpose, used or not.
 */

/** A reset link lasts one hour; a verification link two days (decisions 105, 106). */
export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 48 * 60 * 60 * 1000,
};

/** base64url of 32 random bytes is 43 characters; anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new link's secret: 32 random bytes, base64url. Only `hashToken` of it is ever stored. */
export function newLinkToken() {
  return crypto.randomBytes(32).toString("base64url");
}

/** Whether a link's token has our shape; anything else is refused without a query. */
export function isLinkToken(token: string) {
  return TOKEN_PATTERN.test(token);
}

/**
 * A new token for the user, written over the caller's executor (the transaction that queues its
 * e-mail). The user's other tokens of this purpose are deleted: only the newest link works.
 */
export async function issueUserToken(
  executor: Kysely<Database>,
  { userId, purpose, now = new Date() }: { userId: number; purpose: UserTokenPurpose; now?: Date },
) {
  const token = newLinkToken();
  await executor
    .deleteFrom("userTokens")
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .execute();
  await executor
    .insertInto("userTokens")
    .values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * The user a token opens, when it is of this purpose, unused and unexpired; otherwise null
 * (unknown, tampered, used, expired, or for the other purpose: one answer for all of them).
 */
export async function findUserToken(
  executor: Kysely<Database>,
  { token, purpose, now = new Date() }: { token: string; purpose: UserTokenPurpose; now?: Date },
) {
  if (!isLinkToken(token)) return null;
  const row = await executor
    .selectFrom("userTokens")
    .select(["id", "userId"])
    .where("tokenHash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Marks a token used, if it still opens `userId`'s account: one conditional UPDATE, so of two
 * requests racing with the same link only one succeeds. True when this call used it.
 */
export async function spendUserToken(
  executor: Kysely<Database>,
  {
    token,
    purpose,
    userId,
    now = new Date(),
  }: { token: string; purpose: UserTokenPurpose; userId: number; now?: Date },
) {
  const { numUpdatedRows } = await executor
    .updateTable("userTokens")
    .set({ usedAt: now.toISOString() })
    .where("tokenHash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}
