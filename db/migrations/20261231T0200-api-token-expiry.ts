import type { Kysely } from "kysely";
import { either, run } from "./dialect";

/*
 * Issue 37, item 10: an API token ends. A new token lives 90 days unless its creator chose
 * otherwise (decision 131).
 * - `api_tokens.expires_at`: when the token stops being accepted (ISO-8601 UTC text). Tokens made
 *   before this migration are given 90 days from the migration, so no integration stops on the
 *   day of the upgrade and none keeps a token for ever. Nullable only because SQLite cannot add
 *   a NOT NULL column without a default; the app writes it on every insert and reads a null as
 *   expired.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE api_tokens ADD COLUMN expires_at TEXT`);
  await either(db, {
    sqlite: [
      `UPDATE api_tokens SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+90 days')`,
    ],
    postgres: [
      `UPDATE api_tokens SET expires_at = to_char((statement_timestamp() + interval '90 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    ],
  });
}

export async function down(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE api_tokens DROP COLUMN expires_at`);
}
