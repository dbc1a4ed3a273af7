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
  options: {
    now?: Date;
    db?: DB;
    period?: string;
    /** Written in the transaction that records the failure (the shop's e-mail about it). */
    onFailure?: (trx: DB, error: string) => Promise<unknown>;
  } = {},
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
  const finish = (error: string | null, on: DB = executor) =>
    on
      .updateTable("jobRuns")
      .set({ finishedAt: new Date().toISOString(), error })
      .where("job", "=", job)
      .where("period", "=", period)
      .execute();
  let result: T;
  try {
    result = await task();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { onFailure } = options;
    if (onFailure) {
      await executor.transaction().execute(async (trx) => {
        await finish(message, trx);
        await onFailure(trx, message);
      });
    } else {
      await finish(message);
    }
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

/** A background job: what each worker of the server runs on a timer. */
export type Job = {
  /** Names the job in the log. */
  name: string;
  /** How often each worker runs it. */
  everyMs: number;
  /** The first run this long after the start (without it, after `everyMs`). */
  firstAfterMs?: number;
  /** One run; a line it returns is logged (nothing when it did nothing). */
  run: () => Promise<string | null | void>;
};

declare global {
  var __perfumeriaJobs: Map<string, NodeJS.Timeout> | undefined;
}

/**
 * Starts each job's timer in this process, once however often it is called (a development
 * reload keeps the timers). A job that must run once across workers claims its run itself
 * (`runOncePerDay`, or conditional writes). Returns the names of the jobs running.
 */
export function startJobs(jobs: readonly Job[]) {
  const timers = (globalThis.__perfumeriaJobs ??= new Map());
  for (const job of jobs) {
    if (timers.has(job.name)) continue;
    const tick = () =>
      void job
        .run()
        .then((line) => {
          if (line) console.info(`[${job.name}] ${line}`);
        })
        .catch((error) => console.error(`[${job.name}] failed`, error));
    if (job.firstAfterMs !== undefined) setTimeout(tick, job.firstAfterMs).unref();
    timers.set(job.name, setInterval(tick, job.everyMs).unref());
  }
  return [...timers.keys()];
}
