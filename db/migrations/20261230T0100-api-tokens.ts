import type { Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 25: tokens for integrations that call the JSON API without a browser (a mobile app, an
 * accounting sync, an admin's script). An admin creates one for an account, names it and gives
 * it a scope (read, or read and write) and a level (customer or admin); it is shown once and
 * only its SHA-256 is kept. Revoking keeps the row, so the list still says who used what.
 * - `user_id`: the account the token acts for; deleting the account deletes its tokens.
 * - `created_by`: the admin who made it (null once that admin's account is deleted).
 * - `last_used_at`: moved forward at most once a minute, as sessions are.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    token_hash TEXT NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
    level TEXT NOT NULL CHECK (level IN ('customer', 'admin')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_used_at TEXT,
    revoked_at TEXT
  )`,
  );
  await run(db, `CREATE INDEX api_tokens_user_idx ON api_tokens (user_id)`);
}

export async function down(db: Kysely<unknown>) {
  await run(db, `DROP TABLE api_tokens`);
}
