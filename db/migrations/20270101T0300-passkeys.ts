import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 40, point 3 (decision 165): passkeys (WebAuthn), for customers and administrators.
 * One row per credential an account registered: `credential_id` and `public_key` as base64url
 * text (the same on SQLite and PostgreSQL), `counter` the authenticator's signature count last
 * seen (0 for those that keep none), `transports` a JSON array of the browser's hints, `name`
 * what the owner calls it ("Chrome en Android"), `last_used_at` null until a sign-in.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE passkeys (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    public_key TEXT NOT NULL,
    counter INTEGER NOT NULL DEFAULT 0,
    transports TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(transports) AND json_type(transports) = 'array'),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  )`,
  );
  await sql`CREATE INDEX passkeys_user_idx ON passkeys (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("passkeys").execute();
}
