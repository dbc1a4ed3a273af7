import { sql, type Kysely } from "kysely";
import { onPostgres } from "./dialect";

/*
 * Issue 11: the server runs one worker process per core, so what each process kept in memory
 * must live where every worker sees it.
 * - `rate_limits`: fixed-window counters (sign-in throttling, contact form, order lookups, proof
 *   uploads), one row per scope and key, whose window opens at its first hit; rows of
 *   ended windows are pruned lazily.
 * - `job_runs`: a daily job (the loyalty expiry, D13) claims its day here, so it runs once a day
 *   whichever worker's timer fires first.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limits")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    // Milliseconds since 1970: SQLite's integers are 64-bit, PostgreSQL's `integer` is not.
    .addColumn("reset_at", onPostgres(db) ? "bigint" : "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["scope", "key"])
    // A SQLite storage choice (the key is the row); PostgreSQL has no such option.
    .$call((builder) => (onPostgres(db) ? builder : builder.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema
    .createIndex("rate_limits_scope_reset_at")
    .on("rate_limits")
    .columns(["scope", "reset_at"])
    .execute();
  await db.schema
    .createTable("job_runs")
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("job_runs_pk", ["job", "period"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("job_runs").execute();
  await db.schema.dropTable("rate_limits").execute();
}
