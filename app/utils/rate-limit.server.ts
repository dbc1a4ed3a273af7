import { sql } from "kysely";
import { db as storeDb, type DB } from "./db.server";
import { larger } from "./sql.server";

/**
 * Fixed-window counters kept in SQLite (table `rate_limits`), so that every worker of the
 * server (scripts/server.mjs runs one per core) counts against the same limit. A window opens
 * at a key's first hit and lasts `windowMs`; rows of ended windows are pruned lazily.
 */
export class RateLimiter {
  private readonly scope: string;
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly db: DB;
  private prunedAt = 0;

  /** `scope` names the counter in the shared table: unique per limiter. */
  constructor(options: { scope: string; limit: number; windowMs: number; db?: DB }) {
    this.scope = options.scope;
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.db = options.db ?? storeDb;
  }

  async isLimited(key: string, now = Date.now()) {
    const row = await this.db
      .selectFrom("rateLimits")
      .select("count")
      .where("scope", "=", this.scope)
      .where("key", "=", key)
      .where("resetAt", ">", now)
      .executeTakeFirst();
    return (row?.count ?? 0) >= this.limit;
  }

  /** Counts one hit, atomically across workers; returns the count in the current window. */
  async hit(key: string, now = Date.now()) {
    return (await this.count(key, now)).count;
  }

  /**
   * Counts a hit and says whether it is within the limit and, when it is not, how many whole
   * seconds remain until the window ends (an HTTP `Retry-After`).
   */
  async take(key: string, now = Date.now()) {
    const { count, resetAt } = await this.count(key, now);
    const allowed = count <= this.limit;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((resetAt - now) / 1000)),
    };
  }

  private async count(key: string, now: number) {
    const resetAt = now + this.windowMs;
    const ended = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await this.db
      .insertInto("rateLimits")
      .values({ scope: this.scope, key, count: 1, resetAt })
      .onConflict((oc) =>
        oc.columns(["scope", "key"]).doUpdateSet({
          count: sql`case when ${ended} then 1 else rate_limits.count + 1 end`,
          resetAt: sql`case when ${ended} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(["count", "resetAt"])
      .executeTakeFirstOrThrow();
    await this.prune(now);
    return { count: row.count, resetAt: Number(row.resetAt) };
  }

  /**
   * Counts a hit and answers whether it is within the limit, in one statement: concurrent
   * requests on several workers cannot all pass a check made before any of them counted.
   */
  async consume(key: string, now = Date.now()) {
    return (await this.hit(key, now)) <= this.limit;
  }

  /**
   * Takes one hit back from the current window (a sign-in that succeeded): the count never goes
   * below zero, and a window that has ended is left alone.
   */
  async giveBack(key: string, now = Date.now()) {
    await this.db
      .updateTable("rateLimits")
      .set((eb) => ({ count: larger(this.db, eb("count", "-", 1), sql.lit(0)) }))
      .where("scope", "=", this.scope)
      .where("key", "=", key)
      .where("resetAt", ">", now)
      .execute();
  }

  async reset(key: string) {
    await this.db
      .deleteFrom("rateLimits")
      .where("scope", "=", this.scope)
      .where("key", "=", key)
      .execute();
  }

  /** At most once a window per process: ended windows count for nothing. */
  private async prune(now: number) {
    if (now - this.prunedAt < this.windowMs) return;
    this.prunedAt = now;
    await this.db
      .deleteFrom("rateLimits")
      .where("scope", "=", this.scope)
      .where("resetAt", "<=", now)
      .execute();
  }
}
