import { afterAll, describe, expect, it } from "vitest";
import { runDailyPointsExpiry } from "~/models/loyalty/loyalty.server";
import { getSettings, updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { lastRunOf, runOncePerDay } from "~/utils/jobs.server";
import { RateLimiter } from "~/utils/rate-limit.server";
import { secondConnection, testingOnPostgres } from "../setup/database";

/*
 * Issue 11: the server runs one worker per core, each with its own connection (and issue 24,
 * several servers on one PostgreSQL database). A second connection stands for a second worker.
 */
const otherWorker = secondConnection();
afterAll(() => otherWorker.destroy());

describe("RateLimiter", () => {
  it("limits after the allowed hits inside the window and forgets after it", async () => {
    const limiter = new RateLimiter({ scope: "test-window", limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(await limiter.isLimited("ip", t0)).toBe(false);
      await limiter.hit("ip", t0);
    }
    expect(await limiter.isLimited("ip", t0 + 59_999)).toBe(true);
    expect(await limiter.isLimited("other", t0)).toBe(false);
    expect(await limiter.isLimited("ip", t0 + 60_000)).toBe(false);
  });

  it("is one limit for every worker", async () => {
    const options = { scope: "test-shared", limit: 4, windowMs: 60_000 };
    const first = new RateLimiter(options);
    const second = new RateLimiter({ ...options, db: otherWorker });
    const t0 = Date.now();
    expect(await first.hit("203.0.113.7", t0)).toBe(1);
    expect(await second.hit("203.0.113.7", t0 + 1)).toBe(2);
    expect(await first.hit("203.0.113.7", t0 + 2)).toBe(3);
    expect(await second.isLimited("203.0.113.7", t0 + 3)).toBe(false);
    expect(await second.hit("203.0.113.7", t0 + 3)).toBe(4);
    expect(await first.isLimited("203.0.113.7", t0 + 4)).toBe(true);
    expect(await second.isLimited("203.0.113.7", t0 + 4)).toBe(true);
    // A limiter with another scope keeps its own count for the same key.
    const other = new RateLimiter({ ...options, scope: "test-other-scope", db: otherWorker });
    expect(await other.isLimited("203.0.113.7", t0 + 4)).toBe(false);
    // A reset by one worker is seen by the other.
    await second.reset("203.0.113.7");
    expect(await first.isLimited("203.0.113.7", t0 + 5)).toBe(false);
  });

  it("gives a hit back within its window, never below zero and never to an ended window", async () => {
    const limiter = new RateLimiter({ scope: "test-give-back", limit: 2, windowMs: 60_000 });
    const t0 = 2_000_000;
    expect(await limiter.consume("ip", t0)).toBe(true);
    expect(await limiter.consume("ip", t0 + 1)).toBe(true);
    await limiter.giveBack("ip", t0 + 2);
    expect(await limiter.isLimited("ip", t0 + 3)).toBe(false);
    expect(await limiter.consume("ip", t0 + 3)).toBe(true);
    expect(await limiter.consume("ip", t0 + 4)).toBe(false);
    await limiter.reset("ip");
    await limiter.giveBack("ip", t0 + 5);
    expect(await limiter.hit("ip", t0 + 6)).toBe(1);
    // After the window, a late give-back leaves the next window's count alone.
    await limiter.giveBack("ip", t0 + 60_006);
    expect(await limiter.hit("ip", t0 + 60_007)).toBe(1);
  });

  it("lets exactly `limit` of many interleaved consumes through, and a new window opens", async () => {
    const options = { scope: "test-consume", limit: 5, windowMs: 60_000 };
    const workers = [new RateLimiter(options), new RateLimiter({ ...options, db: otherWorker })];
    const t0 = Date.now();
    const allowed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => workers[i % 2].consume("198.51.100.1", t0 + i)),
    );
    expect(allowed.filter(Boolean)).toHaveLength(5);
    // SQLite runs one worker's statements in the order they were sent, so the first five pass;
    // a PostgreSQL pool sends them on several connections at once, in no set order.
    if (!testingOnPostgres) expect(allowed.slice(0, 5)).toEqual(Array(5).fill(true));
    // The window opened at the first hit counted, which on PostgreSQL may be any of the 20.
    expect(await workers[1].consume("198.51.100.1", t0 + 20 + 60_000)).toBe(true);
  });

  it("prunes the rows of ended windows", async () => {
    const limiter = new RateLimiter({ scope: "test-prune", limit: 2, windowMs: 1_000 });
    await limiter.hit("a", 10_000);
    await limiter.hit("b", 10_500);
    // The next window's first hit prunes what ended before it.
    await limiter.hit("c", 11_200);
    const keys = await db
      .selectFrom("rateLimits")
      .select("key")
      .where("scope", "=", "test-prune")
      .orderBy("key")
      .execute();
    expect(keys.map((row) => row.key)).toEqual(["b", "c"]);
  });
});

describe("daily jobs", () => {
  it("run once a day whichever worker's timer fires", async () => {
    const now = new Date("2026-12-23T03:00:00Z");
    const runs: string[] = [];
    const task = (worker: string) => async () => {
      runs.push(worker);
      return worker;
    };
    const results = await Promise.all([
      runOncePerDay("test-job", task("first"), { now }),
      runOncePerDay("test-job", task("second"), { now, db: otherWorker }),
    ]);
    expect(runs).toHaveLength(1);
    expect(results.filter((result) => result !== null)).toEqual(runs);
    // Later the same day: nobody runs it again; the next day, one worker does.
    const later = new Date("2026-12-23T23:59:00Z");
    expect(await runOncePerDay("test-job", task("first"), { now: later })).toBeNull();
    const nextDay = new Date("2026-12-24T00:01:00Z");
    expect(await runOncePerDay("test-job", task("second"), { now: nextDay, db: otherWorker })).toBe(
      "second",
    );
    expect(runs).toHaveLength(2);
  });

  it("keep how each run ended on its claim: when, and the failure's message", async () => {
    const now = new Date("2026-12-27T03:00:00Z");
    expect(await runOncePerDay("ends-well", async () => "hecho", { now })).toBe("hecho");
    expect(await lastRunOf("ends-well")).toMatchObject({
      period: "2026-12-27",
      startedAt: now.toISOString(),
      finishedAt: expect.any(String),
      error: null,
    });
    const failing = async () => {
      throw new Error("disco lleno");
    };
    await expect(runOncePerDay("ends-badly", failing, { now })).rejects.toThrow("disco lleno");
    expect(await lastRunOf("ends-badly")).toMatchObject({
      finishedAt: expect.any(String),
      error: "disco lleno",
    });
    // A failed day is still claimed: no retry storm; the next day runs afresh.
    expect(await runOncePerDay("ends-badly", failing, { now })).toBeNull();
    const nextDay = new Date("2026-12-28T03:00:00Z");
    expect(await runOncePerDay("ends-badly", async () => 1, { now: nextDay })).toBe(1);
    expect(await lastRunOf("ends-badly")).toMatchObject({ period: "2026-12-28", error: null });
  });

  it("the loyalty expiry is one of them", async () => {
    const now = new Date("2026-12-25T03:00:00Z");
    const [first, second] = await Promise.all([
      runDailyPointsExpiry({ now }),
      runDailyPointsExpiry({ now, db: otherWorker }),
    ]);
    expect([first, second].filter((result) => result === null)).toHaveLength(1);
    expect(typeof (first ?? second)).toBe("number");
  });
});

describe("the settings cache", () => {
  it("sees a setting saved by another worker on the next read (D3's data_version)", async () => {
    const before = await getSettings();
    await updateSettings({ siteName: `${before.siteName} (otro proceso)` }, otherWorker);
    expect((await getSettings()).siteName).toBe(`${before.siteName} (otro proceso)`);
  });
});
