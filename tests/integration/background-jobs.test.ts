import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundJobs, startBackgroundJobs } from "~/jobs.server";
import { getEnv } from "~/utils/env.server";
import { startJobs } from "~/utils/jobs.server";

/*
 * Issue 20, point 6: every background job is in one list, started by the server entry, and
 * nothing starts a timer by being imported.
 */
afterEach(() => {
  vi.useRealTimers();
  globalThis.__perfumeriaJobs = undefined;
});

describe("the store's background jobs", () => {
  it("are one list: transfers, loyalty, uploads, sessions, the mail with SMTP, and the daily backup unless BACKUP_HOUR is off", () => {
    const smtp = { url: "smtp://127.0.0.1:2525", from: "tienda@perfumeria.hn" };
    const names = (hour: 3 | "off", mail: typeof smtp | null = null) =>
      backgroundJobs({ ...getEnv(), BACKUP_HOUR: hour, smtp: mail }).map((job) => job.name);
    expect(names(3)).toEqual(["transfers", "loyalty", "uploads", "sessions", "backup"]);
    expect(names("off")).toEqual(["transfers", "loyalty", "uploads", "sessions"]);
    expect(names("off", smtp)).toEqual(["transfers", "loyalty", "uploads", "sessions", "mail"]);
  });

  it("start no timer in the tests' own processes (NODE_ENV=test)", () => {
    expect(startBackgroundJobs()).toEqual([]);
    expect(globalThis.__perfumeriaJobs).toBeUndefined();
  });

  it("run each job on its timer, once per process however often they are started", async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const jobs = [
      { name: "a", everyMs: 1_000, run: async () => void runs.push("a") },
      { name: "b", everyMs: 5_000, firstAfterMs: 10, run: async () => (runs.push("b"), "hecho") },
    ];
    expect(startJobs(jobs)).toEqual(["a", "b"]);
    expect(startJobs(jobs)).toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.filter((name) => name === "a")).toHaveLength(5);
    expect(runs.filter((name) => name === "b")).toHaveLength(2);
    expect(info).toHaveBeenCalledWith("[b] hecho");
    for (const timer of globalThis.__perfumeriaJobs!.values()) clearInterval(timer);
    info.mockRestore();
  });
});
