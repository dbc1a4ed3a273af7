import path from "node:path";
import { isProcessAlive, listBackups } from "./backup.server";
import { readOffsiteRecord, type OffsiteRecord } from "./offsite.server";

/** The admin is warned when the newest good backup is older than this (issue 12). */
export const BACKUP_STALE_HOURS = 36;

/** The database the backups are of: SQLite's file, or a PostgreSQL database by name (decision 121). */
export type BackedUpDatabase = { kind: "sqlite" } | { kind: "postgres"; name: string };

export type BackupStatus = {
  database: BackedUpDatabase;
  last: { path: string; takenAt: string; sizeBytes: number; verified: boolean } | null;
  stale: boolean;
  /** The daily backup's last run, when it failed after the newest archive was taken. */
  failedRun: { at: string; error: string } | null;
  /** Null when no off-site store is configured (BACKUP_S3_*). */
  offsite: {
    /** The last attempt to upload an archive: uploading, uploaded or failed. */
    last: OffsiteRecord | null;
    /** The newest archive is not (being) uploaded: its upload failed or was never tried. */
    behind: boolean;
  } | null;
};

/**
 * The last backup as the folder knows it. No table records runs: `createBackup` gives an archive
 * its final name only after it verified it (decision 073), so every archive `listBackups` sees is
 * a verified one, and a failed run leaves nothing in the folder: the daily backup's failure is
 * read from its claim in `job_runs`. The off-site copy's outcome is the record `shipOffsite`
 * leaves next to the archives (decision 077).
 */
export function backupStatus(
  backupDir: string,
  options: {
    now?: Date;
    offsiteConfigured?: boolean;
    database?: BackedUpDatabase;
    /** The daily backup's latest claim in `job_runs` (`lastRunOf`). */
    scheduledRun?: { startedAt: string; finishedAt: string | null; error: string | null };
  } = {},
): BackupStatus {
  const {
    now = new Date(),
    offsiteConfigured = false,
    scheduledRun,
    database = { kind: "sqlite" },
  } = options;
  const newest = listBackups(backupDir).at(-1);
  // A failure older than the newest archive is history: a later backup made up for it.
  const failedRun =
    scheduledRun?.error && (!newest || new Date(scheduledRun.startedAt) > newest.takenAt)
      ? { at: scheduledRun.finishedAt ?? scheduledRun.startedAt, error: scheduledRun.error }
      : null;
  const record = offsiteConfigured ? lastOffsiteAttempt(backupDir) : null;
  const newestShipped =
    record?.status !== "failed" && record?.archive === (newest && path.basename(newest.path));
  const offsite = offsiteConfigured
    ? { last: record, behind: Boolean(newest) && !newestShipped }
    : null;
  if (!newest) return { database, last: null, stale: true, failedRun, offsite };
  const ageMs = now.getTime() - newest.takenAt.getTime();
  return {
    database,
    last: {
      path: newest.path,
      takenAt: newest.takenAt.toISOString(),
      sizeBytes: newest.sizeBytes,
      verified: true,
    },
    stale: ageMs > BACKUP_STALE_HOURS * 3_600_000,
    failedRun,
    offsite,
  };
}

/** The record, with an upload whose process is gone (a restart, a crash) said to have failed. */
function lastOffsiteAttempt(backupDir: string): OffsiteRecord | null {
  const record = readOffsiteRecord(backupDir);
  if (record?.status !== "uploading" || isProcessAlive(record.pid)) return record;
  return {
    archive: record.archive,
    location: record.location,
    startedAt: record.startedAt,
    status: "failed",
    at: record.startedAt,
    error: "la subida se interrumpió: el proceso que la hacía terminó antes.",
  };
}
