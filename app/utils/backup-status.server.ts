import { listBackups } from "./backup.server";

/** The admin is warned when the newest good backup is older than this (issue 12). */
export const BACKUP_STALE_HOURS = 36;

export type BackupStatus = {
  last: { path: string; takenAt: string; sizeBytes: number; verified: boolean } | null;
  stale: boolean;
};

/**
 * The last backup as the folder knows it. No table records runs: `createBackup` gives an archive
 * its final name only after it verified it (decision 073), so every archive `listBackups` sees is
 * a verified one, and a failed run leaves nothing to show.
 */
export function backupStatus(backupDir: string, now = new Date()): BackupStatus {
  const newest = listBackups(backupDir).at(-1);
  if (!newest) return { last: null, stale: true };
  const ageMs = now.getTime() - newest.takenAt.getTime();
  return {
    last: {
      path: newest.path,
      takenAt: newest.takenAt.toISOString(),
      sizeBytes: newest.sizeBytes,
      verified: true,
    },
    stale: ageMs > BACKUP_STALE_HOURS * 3_600_000,
  };
}
