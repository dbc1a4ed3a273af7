import { db as storeDb, type DB } from "./db.server";

/**
 * Runs `task` at most once per day (the UTC day, or the `period` given) across every worker of
 * the server (and across restarts that day): each worker's timer fires, and the first to claim
 * the day in `job_runs` runs it.
 * Returns the task's result, or `null` when another worker had claimed the day. The claim then
 * records when the task finished and, if it threw, its message (the error is thrown on).
 */
export async function runOncePerDay<T>(
  job: string,
  task: () => Promise<T>,
  options: { now?: Date; db?: DB; period?: string } = {},
): Promise<T | null> {
  const now = options.now ?? new Date();
  const executor = options.db ?? storeDb;
  // `period` names another day (a Honduras one, "2026-12-01") when the UTC day is not the right one.
  const period = options.period ?? now.toISOString().slice(0, 10);
  const claimed = await executor
    .insertInto("jobRuns")
    .values({ job, period, startedAt: now.toISOString() })
    .onConflict((oc) => oc.columns(["job", "period"]).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  // How the run ended is kept on its claim: the dashboard reads a failed daily backup from it.
  const finish = (error: string | null) =>
    executor
      .updateTable("jobRuns")
      .set({ finishedAt: new Date().toISOString(), error })
      .where("job", "=", job)
      .where("period", "=", period)
      .execute();
  let result: T;
  try {
    result = await task();
  } catch (error) {
    await finish(error instanceof Error ? error.message : String(error));
    throw error;
  }
  await finish(null);
  return result;
}

/** The latest run of a daily job, as its claim in `job_runs` records it; undefined if none. */
export function lastRunOf(job: string, executor: DB = storeDb) {
  return executor
    .selectFrom("jobRuns")
    .select(["period", "startedAt", "finishedAt", "error"])
    .where("job", "=", job)
    .orderBy("startedAt", "desc")
    .limit(1)
    .executeTakeFirst();
}
