import crypto from "node:crypto";
import type { ApiTokenLevel, ApiTokenScope } from "#db/types";
import { db } from "~/utils/db.server";

/*
 * API tokens (issue 25, decision 124): an admin makes one for an account, with a name, a scope
 * (read, or read and write) and a level (customer, or admin for an admin's account). The secret
 * is shown once; the database keeps its SHA-256 and its first characters, so a token in a log
 * or a leaked script can be found on the list and revoked. Revoking takes effect on the next
 * request: every call looks its token up.
 */

export type { ApiTokenLevel, ApiTokenScope };

/** Every secret starts so, which lets secret scanners and people recognise it. */
const SECRET_PREFIX = "pf_";
/** How much of the secret the list shows. */
const SHOWN_CHARACTERS = 10;
/** A token's last use is written at most once a minute, as a session's is. */
const LAST_USE_STEP_MS = 60_000;

function hashOf(secret: string) {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

export function looksLikeApiToken(secret: string) {
  return /^pf_[A-Za-z0-9_-]{43}$/.test(secret);
}

export type NewApiToken = {
  name: string;
  userId: number;
  createdBy: number;
  scope: ApiTokenScope;
  level: ApiTokenLevel;
};

/** Stores a new token and returns its secret: the only time it exists outside the caller. */
export async function createApiToken(token: NewApiToken) {
  const secret = SECRET_PREFIX + crypto.randomBytes(32).toString("base64url");
  const row = await db
    .insertInto("apiTokens")
    .values({
      name: token.name,
      userId: token.userId,
      createdBy: token.createdBy,
      scope: token.scope,
      level: token.level,
      tokenHash: hashOf(secret),
      prefix: secret.slice(0, SHOWN_CHARACTERS),
    })
    .returning(["id", "prefix"])
    .executeTakeFirstOrThrow();
  return { ...row, secret };
}

/** The admin screen's list: newest first, with the account each token acts for. */
export async function listApiTokens() {
  return db
    .selectFrom("apiTokens")
    .innerJoin("users", "users.id", "apiTokens.userId")
    .select([
      "apiTokens.id",
      "apiTokens.name",
      "apiTokens.prefix",
      "apiTokens.scope",
      "apiTokens.level",
      "apiTokens.createdAt",
      "apiTokens.lastUsedAt",
      "apiTokens.revokedAt",
      "users.email as userEmail",
    ])
    .orderBy("apiTokens.id", "desc")
    .execute();
}

export type ApiTokenListEntry = Awaited<ReturnType<typeof listApiTokens>>[number];

/** Revokes a token for good; false when there is no such token or it was already revoked. */
export async function revokeApiToken(id: number) {
  const result = await db
    .updateTable("apiTokens")
    .set({ revokedAt: new Date().toISOString() })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The live token with this secret, or null (unknown, malformed or revoked). Looked up by its
 * hash, which is unique and indexed: nothing compares secrets.
 */
export async function findApiToken(secret: string) {
  if (!looksLikeApiToken(secret)) return null;
  const token = await db
    .selectFrom("apiTokens")
    .select(["id", "name", "userId", "scope", "level", "lastUsedAt", "revokedAt"])
    .where("tokenHash", "=", hashOf(secret))
    .executeTakeFirst();
  if (!token || token.revokedAt !== null) return null;
  return token;
}

export type LiveApiToken = NonNullable<Awaited<ReturnType<typeof findApiToken>>>;

/** Records a use, at most once a minute per token. */
export async function recordApiTokenUse(token: LiveApiToken, now = new Date()) {
  const last = token.lastUsedAt ? Date.parse(token.lastUsedAt) : 0;
  if (now.getTime() - last < LAST_USE_STEP_MS) return;
  await db
    .updateTable("apiTokens")
    .set({ lastUsedAt: now.toISOString() })
    .where("id", "=", token.id)
    .execute();
}
