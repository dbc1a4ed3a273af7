import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 40, point 1 (decision 163): an administrator's second factor.
 * - `two_factors`: one row per account that has set up a time-based code. `secret` is the
 *   base32 TOTP secret; `last_step` the step of the last code taken (a code is never taken
 *   twice); `recovery_codes` a JSON array of the ten recovery codes' SHA-256, a used one null.
 * - `trusted_devices`: "recordar este equipo 30 días". The browser's signed cookie holds a
 *   random token, stored here as its SHA-256; deleting the row forgets the device.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE two_factors (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    last_step INTEGER,
    recovery_codes TEXT NOT NULL CHECK (json_valid(recovery_codes) AND json_type(recovery_codes) = 'array'),
    created_at TEXT NOT NULL
  )`,
  );
  await run(
    db,
    `CREATE TABLE trusted_devices (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    label TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  );
  await sql`CREATE INDEX trusted_devices_user_idx ON trusted_devices (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("trusted_devices").execute();
  await db.schema.dropTable("two_factors").execute();
}
