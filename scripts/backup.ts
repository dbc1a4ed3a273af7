/**
 * `npm run backup`: an online backup of DATA_DIR (its database on PostgreSQL when DATABASE_URL
 * is set, through pg_dump, decision 121) into BACKUP_DIR (default DATA_DIR/backups),
 * verified, with the retention rule applied, and uploaded off-site when BACKUP_S3_* is set. Safe
 * while the server runs and sells. The archive's path is the last line printed; the exit code is
 * 1 when anything failed, the off-site upload included.
 */
import { BackupError, createBackup } from "~/models/backups/backup.server";
import { getEnv } from "~/utils/env.server";
import { shipOffsite } from "~/models/backups/offsite.server";
import { formatSize, printVerification } from "./backup-report";

const env = getEnv();
try {
  const backup = await createBackup({
    dataDir: env.DATA_DIR,
    backupDir: env.BACKUP_DIR,
    uploadsBucket: env.uploadsBucket,
    postgres: env.postgres,
  });
  printVerification("backup", backup.verification);
  console.log(`[backup] tamaño: ${formatSize(backup.sizeBytes)}`);
  for (const name of backup.deleted) console.log(`[backup] eliminado por la retención: ${name}`);
  const offsite = env.offsite ? await shipOffsite(env.offsite, backup.path) : null;
  if (offsite?.status === "uploaded") console.log(`[backup] copia externa: ${offsite.location}`);
  if (offsite?.status === "failed") {
    // The archive is good; the exit code tells cron (or whoever runs this) the copy is not off-site.
    console.error(`[backup] la copia externa falló: ${offsite.error}`);
    process.exitCode = 1;
  }
  console.log(backup.path);
} catch (error) {
  console.error(
    `[backup] la copia de seguridad falló: ${error instanceof BackupError ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
