import { sql, type Kysely } from "kysely";
import { onPostgres, run } from "./dialect";

/*
 * Issue 19: a session ends after a time without use (30 minutes for an admin) and after a
 * longest life (12 hours for an admin), so the row keeps when it began and when it was last
 * used (decision 084). SQLite cannot add a NOT NULL column without a default, so the table is
 * rebuilt; nothing references it.
 * - `sessions.created_at`: when the session began (a sign-in always starts a new one).
 * - `sessions.last_seen_at`: its last use, moved forward at most once a minute as it is used.
 * Rows from before this migration are dated from their last write: `expire` was then that
 * write plus the 30 days every session lived.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const LAST_WRITE = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', expire, '-30 days')`);
const POSTGRES_LAST_WRITE = sql.raw(
  `to_char((expire::timestamptz - interval '30 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
);

export async function up(db: Kysely<unknown>) {
  await run(
    db,
    `CREATE TABLE sessions_new (
    sid TEXT PRIMARY KEY,
    sess TEXT NOT NULL CHECK (json_valid(sess)),
    expire TEXT NOT NULL,
    user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  )`,
  );
  const LAST_WRITE_HERE = onPostgres(db) ? POSTGRES_LAST_WRITE : LAST_WRITE;
  await sql`INSERT INTO sessions_new (sid, sess, expire, user_id, created_at, last_seen_at)
    SELECT sid, sess, expire, user_id, ${LAST_WRITE_HERE}, ${LAST_WRITE_HERE} FROM sessions`.execute(
    db,
  );
  await sql`DROP TABLE sessions`.execute(db);
  await sql`ALTER TABLE sessions_new RENAME TO sessions`.execute(db);
  await sql`CREATE INDEX sessions_expire_idx ON sessions (expire)`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("sessions").dropColumn("created_at").execute();
}
