import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 22: the shop sends e-mail (decision 102).
 * - `outbox_emails`: every e-mail, written rendered in the transaction of the change that
 *   causes it and sent later by the mail job (models/mail/sender.server.ts). A worker leases a
 *   row (`leased_by`, `leased_until`) while it sends it; `message_id` is fixed per row, so a
 *   resend after a crash is folded by the reader's mail client.
 * - `user_tokens`: single-use links (password reset, e-mail verification), stored hashed.
 * - `users.email_verified_at`: when the account proved its address. Accounts that exist before
 *   this migration count as verified from their creation (nobody could verify them before).
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE outbox_emails (
    id INTEGER PRIMARY KEY,
    message_id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL CHECK (length(to_address) <= 254),
    reply_to TEXT,
    subject TEXT NOT NULL,
    html TEXT NOT NULL,
    text TEXT NOT NULL,
    order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    leased_by TEXT,
    leased_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT
  )`,
  );
  // The sender's claim (the newest pending row that is due and free) and the outbox screen's
  // filter read only this index: with a backlog, claiming never reads the rendered e-mails.
  await sql`CREATE INDEX outbox_emails_queue_idx
    ON outbox_emails (status, created_at, next_attempt_at, leased_until)`.execute(db);
  await sql`CREATE INDEX outbox_emails_created_idx ON outbox_emails (created_at)`.execute(db);
  await sql`CREATE INDEX outbox_emails_order_idx ON outbox_emails (order_id)`.execute(db);

  await run(
    db,
    `CREATE TABLE user_tokens (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  );
  await sql`CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, purpose)`.execute(db);

  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await sql`UPDATE users SET email_verified_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("email_verified_at").execute();
  await db.schema.dropTable("user_tokens").execute();
  await db.schema.dropTable("outbox_emails").execute();
}
