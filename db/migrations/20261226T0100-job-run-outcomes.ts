import type { Kysely } from "kysely";

/*
 * Issue 12: a daily job's claim also keeps how its run ended, so a failed daily backup shows on
 * the dashboard the same day instead of as a stale backup 36 hours later.
 * - `job_runs.finished_at`: when the task ended, whether it succeeded or not (null while running,
 *   or when the worker died mid-run).
 * - `job_runs.error`: the failure's message, null when it succeeded.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("job_runs").addColumn("finished_at", "text").execute();
  await db.schema.alterTable("job_runs").addColumn("error", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("job_runs").dropColumn("error").execute();
  await db.schema.alterTable("job_runs").dropColumn("finished_at").execute();
}
