import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { ApiTokenLevel, ApiTokenScope, Database } from "#db/types";
import { db } from "~/utils/db.server";

/*
 * API tokens (issue 25, decision 124): an admin makes one for an account, with a name, a scope
 * (read, or read and write) and a level (customer, or admin for an admin's account). The secret
 * is shown once; the database keeps its SHA-256 and its first characters, so a token in a log
 * or a leaked script can be found on the list and revoked. Revoking takes effect on the next
 * request: every call looks its token up.
 *
 * Decision 131 (issue 37, item 10): a token ends (90 days unless its creator chose another of
 * `API_TOKEN_LIFETIMES`), every token of an account is revoked when its password or e-mail
 * changes (`revokeAccountTokens`, called by the one password writer and the e-mail changes), and
 * the account's owner sees and revokes its tokens on /profile/security.
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

/** The lives a token may be given, in days; a token gets the default unless one is chosen. */
export const API_TOKEN_LIFETIMES = [30, 90, 180, 365] as const;
export type ApiTokenLifetime = (typeof API_TOKEN_LIFETIMES)[number];
export const DEFAULT_API_TOKEN_DAYS: ApiTokenLifetime = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

export type NewApiToken = {
  name: string;
  userId: number;
  createdBy: number;
  scope: ApiTokenScope;
  level: ApiTokenLevel;
  /** How long it lives (`DEFAULT_API_TOKEN_DAYS` when not given). */
  days?: ApiTokenLifetime;
};

/**
 * Stores a new token and returns its secret (the only time it exists outside the caller) and
 * when it expires, which the creator is shown with it.
 */
export async function createApiToken(token: NewApiToken, now = new Date()) {
  const secret = SECRET_PREFIX + crypto.randomBytes(32).toString("base64url");
  const days = token.days ?? DEFAULT_API_TOKEN_DAYS;
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
      expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
    })
    .returning(["id", "prefix", "expiresAt"])
    .executeTakeFirstOrThrow();
  return { id: row.id, prefix: row.prefix, expiresAt: row.expiresAt!, secret };
}

/** Whether a token has reached its end (a row without one, which none should be, has). */
export function isApiTokenExpired(token: { expiresAt: string | null }, now = new Date()) {
  return token.expiresAt === null || Date.parse(token.expiresAt) <= now.getTime();
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
      "apiTokens.expiresAt",
      "users.email as userEmail",
    ])
    .orderBy("apiTokens.id", "desc")
    .execute();
}

export type ApiTokenListEntry = Awaited<ReturnType<typeof listApiTokens>>[number];

/** The tokens made for one account (its security tab): newest first, never the hash. */
export async function listAccountApiTokens(userId: number) {
  return db
    .selectFrom("apiTokens")
    .select([
      "id",
      "name",
      "prefix",
      "scope",
      "level",
      "createdAt",
      "lastUsedAt",
      "revokedAt",
      "expiresAt",
    ])
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .execute();
}

export type AccountApiToken = Awaited<ReturnType<typeof listAccountApiTokens>>[number];

/**
 * Revokes a token for good; false when there is no such token or it was already revoked.
 * `ownerId` limits it to that account's tokens (a customer revoking their own): another
 * account's token is "no such token".
 */
export async function revokeApiToken(id: number, { ownerId }: { ownerId?: number } = {}) {
  let query = db
    .updateTable("apiTokens")
    .set({ revokedAt: new Date().toISOString() })
    .where("id", "=", id)
    .where("revokedAt", "is", null);
  if (ownerId !== undefined) query = query.where("userId", "=", ownerId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every live token of an account: its password was changed or reset, or its e-mail
 * changed, so whatever was handed out under the old credentials stops (decision 131). Inside the
 * caller's transaction when `executor` is one. Returns how many were revoked.
 */
export async function revokeAccountTokens(userId: number, executor: Kysely<Database> = db) {
  const result = await executor
    .updateTable("apiTokens")
    .set({ revokedAt: new Date().toISOString() })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const TOKEN_COLUMNS = [
  "id",
  "name",
  "userId",
  "scope",
  "level",
  "lastUsedAt",
  "revokedAt",
  "expiresAt",
] as const;

/**
 * What a secret is: a live token, or why it is refused (`unknown` for a malformed or unknown
 * secret, `revoked`, `expired` with its date). Looked up by its hash, which is unique and
 * indexed: nothing compares secrets.
 */
export async function checkApiToken(secret: string, now = new Date()) {
  if (!looksLikeApiToken(secret)) return { ok: false, reason: "unknown" } as const;
  const token = await db
    .selectFrom("apiTokens")
    .select(TOKEN_COLUMNS)
    .where("tokenHash", "=", hashOf(secret))
    .executeTakeFirst();
  if (!token) return { ok: false, reason: "unknown" } as const;
  if (token.revokedAt !== null) return { ok: false, reason: "revoked" } as const;
  if (isApiTokenExpired(token, now)) {
    return { ok: false, reason: "expired", expiresAt: token.expiresAt } as const;
  }
  return { ok: true, token } as const;
}

/** The live token with this secret, or null (unknown, malformed, revoked or expired). */
export async function findApiToken(secret: string, now = new Date()) {
  const checked = await checkApiToken(secret, now);
  return checked.ok ? checked.token : null;
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
