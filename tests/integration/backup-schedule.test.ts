import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupDue, runScheduledBackup } from "~/models/backups/schedule.server";
import { listBackups } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";

/*
 * The daily backup's "is it time / take it once" rule with an injected clock, over this file's
 * own migrated store (DATA_DIR) and the real `job_runs` table. Honduras is UTC−6 all year.
 */

const dataDir = process.env.DATA_DIR!;
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-schedule-test-"));
afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));

const at = (iso: string) => new Date(iso);

describe("backupDue", () => {
  it("is due from the hour until midnight in Honduras, whatever the server's zone", () => {
    // 03:00 in Tegucigalpa is 09:00 UTC.
    expect(backupDue(at("2026-12-01T08:59:59Z"), 3)).toBe(false);
    expect(backupDue(at("2026-12-01T09:00:00Z"), 3)).toBe(true);
    expect(backupDue(at("2026-12-02T05:59:59Z"), 3)).toBe(true); // 23:59 on Dec 1 in Honduras
    expect(backupDue(at("2026-12-02T06:00:00Z"), 3)).toBe(false); // 00:00 on Dec 2
    expect(backupDue(at("2026-12-02T04:59:00Z"), 23)).toBe(false);
    expect(backupDue(at("2026-12-02T05:00:00Z"), 23)).toBe(true);
    expect(backupDue(at("2026-12-02T06:00:00Z"), 0)).toBe(true);
  });
});

describe("runScheduledBackup", () => {
  const run = (iso: string, hour = 3) =>
    runScheduledBackup({ now: at(iso), hour, dataDir, backupDir, db });

  it("does nothing before the hour, then takes one backup a day however many workers ask", async () => {
    expect(await run("2026-12-01T08:30:00Z")).toBeNull();
    expect(listBackups(backupDir)).toHaveLength(0);

    // Three workers' timers fire at once: one claims the day in job_runs.
    const results = await Promise.all([
      run("2026-12-01T09:05:00Z"),
      run("2026-12-01T09:05:00Z"),
      run("2026-12-01T09:05:00Z"),
    ]);
    const taken = results.filter((result) => result !== null);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.verification.integrity).toBe("ok");

    // Later that Honduras day (after midnight UTC): already taken.
    expect(await run("2026-12-01T20:00:00Z")).toBeNull();
    expect(await run("2026-12-02T05:30:00Z")).toBeNull();
    expect(listBackups(backupDir).map((archive) => archive.takenAt.toISOString())).toEqual([
      "2026-12-01T09:05:00.000Z",
    ]);

    // The next day: nothing before 03:00 in Honduras, then its own backup.
    expect(await run("2026-12-02T07:00:00Z")).toBeNull();
    expect(await run("2026-12-02T10:00:00Z")).not.toBeNull();
    expect(listBackups(backupDir)).toHaveLength(2);

    const claims = await db
      .selectFrom("jobRuns")
      .select(["period"])
      .where("job", "=", "daily-backup")
      .orderBy("period")
      .execute();
    expect(claims.map((claim) => claim.period)).toEqual(["2026-12-01", "2026-12-02"]);
  });

  it("takes a late hour's backup once, though that Honduras evening is the next UTC day", async () => {
    const before = listBackups(backupDir).length;
    // 23:00 on Dec 5 in Honduras is 05:00 UTC on Dec 6.
    expect(await run("2026-12-06T04:59:00Z", 23)).toBeNull();
    expect(await run("2026-12-06T05:00:00Z", 23)).not.toBeNull();
    expect(await run("2026-12-06T05:55:00Z", 23)).toBeNull();
    expect(listBackups(backupDir)).toHaveLength(before + 1);
  });

  it("ships the day's archive off-site when BACKUP_S3_* is set, and the run ends with the upload", async () => {
    // Nothing listens on port 9: the upload fails, and the result says so with the archive kept.
    const offsite = {
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      bucket: "copias",
      prefix: "",
      accessKeyId: "clave",
      secretAccessKey: "secreto",
    };
    const result = await runScheduledBackup({
      now: at("2026-12-10T09:00:00Z"),
      hour: 3,
      dataDir,
      backupDir,
      offsite,
      db,
    });
    expect(result?.offsite).toMatchObject({
      status: "failed",
      archive: path.basename(result!.path),
      error: expect.stringContaining("ECONNREFUSED"),
    });
    expect(fs.existsSync(result!.path)).toBe(true);
  });
});
