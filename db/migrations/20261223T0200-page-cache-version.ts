import { sql, type Kysely } from "kysely";
import { onPostgres } from "./dialect";

/*
 * Issue 11: the version of everything a first-time visitor's storefront page shows (products
 * with their stock and images, brands, settings, content pages, approved reviews and their
 * authors' names). Triggers bump it in the same transaction as the write, whoever writes
 * (a model, the admin, a script, another server process), so the page cache
 * (app/utils/page-cache.server.ts) serves a page only while the version it was rendered at
 * is still the current one.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

/** The tables the shared storefront pages read, and the columns of `users` they show. */
const TABLES = ["products", "brands", "settings", "cms_pages", "reviews"];
const EVENTS = ["INSERT", "UPDATE", "DELETE"];
const BUMP = "UPDATE page_cache_version SET version = version + 1 WHERE id = 1";

function triggerName(table: string, event: string) {
  return `page_cache_${table}_${event.toLowerCase()}`;
}

export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE page_cache_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
)`.execute(db);
  await sql`INSERT INTO page_cache_version (id, version) VALUES (1, 1)`.execute(db);
  if (onPostgres(db)) return upPostgres(db);
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `CREATE TRIGGER ${triggerName(table, event)} AFTER ${event} ON ${table} BEGIN ${BUMP}; END`,
        )
        .execute(db);
    }
  }
  // A review shows its author's first name.
  await sql
    .raw(
      `CREATE TRIGGER page_cache_users_name AFTER UPDATE OF first_name, last_name ON users BEGIN ${BUMP}; END`,
    )
    .execute(db);
}

/** PostgreSQL (issue 24): the same triggers, row by row, calling one function. */
async function upPostgres(db: Kysely<unknown>) {
  await sql
    .raw(
      `CREATE FUNCTION bump_page_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN ${BUMP}; RETURN NULL; END $$`,
    )
    .execute(db);
  const bump = "FOR EACH ROW EXECUTE FUNCTION bump_page_cache_version()";
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(`CREATE TRIGGER ${triggerName(table, event)} AFTER ${event} ON ${table} ${bump}`)
        .execute(db);
    }
  }
  await sql
    .raw(
      `CREATE TRIGGER page_cache_users_name AFTER UPDATE OF first_name, last_name ON users ${bump}`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (onPostgres(db)) {
    await sql`DROP TABLE page_cache_version`.execute(db);
    await sql`DROP FUNCTION bump_page_cache_version CASCADE`.execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER page_cache_users_name`).execute(db);
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql.raw(`DROP TRIGGER ${triggerName(table, event)}`).execute(db);
    }
  }
  await sql`DROP TABLE page_cache_version`.execute(db);
}
