import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 37, item 2 (decision 129): a customer's new sign-in e-mail stays pending until the link
 * sent to it is followed, and the old address gets a notice whose link undoes the change for
 * 7 days. One row per request; both links' tokens are stored as their SHA-256 only.
 * - `old_email`, `new_email`: the address when asked and the one asked for.
 * - `confirm_*`: the link to the new address (48 hours); `confirmed_at` once followed.
 * - `undo_*`: the link to the old address (7 days); `undone_at` once followed.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE email_changes (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    old_email TEXT NOT NULL,
    new_email TEXT NOT NULL CHECK (length(new_email) <= 254),
    confirm_token_hash TEXT NOT NULL UNIQUE,
    confirm_expires_at TEXT NOT NULL,
    confirmed_at TEXT,
    undo_token_hash TEXT NOT NULL UNIQUE,
    undo_expires_at TEXT NOT NULL,
    undone_at TEXT,
    created_at TEXT NOT NULL
  )`,
  );
  await sql`CREATE INDEX email_changes_user_idx ON email_changes (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("email_changes").execute();
}
