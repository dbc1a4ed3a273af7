import { createBackup, type BackupResult, type PostgresStore } from "./backup.server";
import { dayOfIso } from "~/utils/dates";
import { db as storeDb, type DB } from "~/utils/db.server";
import { getMailContext } from "~/models/mail/context.server";
import type { MailContext } from "~/models/mail/outbox.server";
import { queueBackupFailureEmail } from "./failure-email.server";
import { getEnv, type BucketConfig } from "~/utils/env.server";
import { runOncePerDay } from "~/utils/jobs.server";
import { shipOffsite, type OffsiteConfig, type OffsiteRecord } from "./offsite.server";

/*
 * The daily backup (issue 12, decision 073): every worker's timer asks whether it is time, and
 * `runOncePerDay` lets only the first worker that asks on a day take it. The day claimed in
 * `job_runs` is the Honduras one: the window "BACKUP_HOUR until midnight in Honduras" (UTC−6)
 * crosses midnight UTC whenever the hour is before 18:00.
 */

/** The daily backup's name in `job_runs`. */
export const DAILY_BACKUP_JOB = "daily-backup";
const hourInHonduras = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Tegucigalpa",
  hour: "numeric",
  hourCycle: "h23",
});

/** Whether `now` is at or past `hour` (0–23) of its day in America/Tegucigalpa. */
export function backupDue(now: Date, hour: number) {
  return Number(hourInHonduras.format(now)) >= hour;
}

/**
 * Takes the day's backup when it is due and no worker has taken it yet; `null` otherwise. A
 * server started after the hour takes that day's backup at once. A failed backup still spends
 * the day's claim (no retry storm on a full disk); the dashboard's warning shows it and the shop
 * gets an e-mail (decision 107). With an off-site store the job also waits for the upload, so
 * the day's run ends when the copy is away; a failed upload is e-mailed too.
 */
export async function runScheduledBackup(options: {
  now: Date;
  hour: number;
  dataDir: string;
  backupDir?: string;
  offsite?: OffsiteConfig | null;
  /** UPLOADS_S3_*: the uploads the archive holds are copied from this bucket (decision 120). */
  uploadsBucket?: BucketConfig | null;
  /** DATABASE_URL: the store's database is backed up with pg_dump (decision 121). */
  postgres?: PostgresStore | null;
  db?: DB;
}): Promise<(BackupResult & { offsite: OffsiteRecord | null }) | null> {
  const { now, hour, dataDir, backupDir, offsite, uploadsBucket, postgres, db = storeDb } = options;
  if (!backupDue(now, hour)) return null;
  // Read once the day is claimed, before any transaction (decision 102): the e-mail of a failure.
  let mail: MailContext | undefined;
  const backUp = async () => {
    mail = await getMailContext();
    const backup = await createBackup({ dataDir, backupDir, now, uploadsBucket, postgres });
    const shipped = offsite ? await shipOffsite(offsite, backup.path) : null;
    if (shipped?.status === "failed") {
      await queueBackupFailureEmail(db, mail, {
        what: "offsite",
        error: shipped.error,
        at: now,
        archive: shipped.archive,
        location: shipped.location,
      });
    }
    return { ...backup, offsite: shipped };
  };
  return runOncePerDay(DAILY_BACKUP_JOB, backUp, {
    now,
    db,
    period: dayOfIso(now.toISOString()),
    // A failed backup's e-mail is written with the failure's record in job_runs.
    onFailure: (trx, error) =>
      mail
        ? queueBackupFailureEmail(trx, mail, { what: "backup", error, at: now })
        : Promise.resolve(),
  });
}

/**
 * The daily backup's job (app/jobs.server.ts runs it every 5 minutes in each worker): when the
 * hour has come and no worker has claimed the day, the backup and its off-site copy.
 */
export async function dailyBackupJob(hour: number) {
  const { DATA_DIR, BACKUP_DIR, offsite, uploadsBucket, postgres } = getEnv();
  const result = await runScheduledBackup({
    uploadsBucket,
    postgres,
    now: new Date(),
    hour,
    dataDir: DATA_DIR,
    backupDir: BACKUP_DIR,
    offsite,
  });
  if (!result) return null;
  if (result.offsite?.status === "failed") {
    console.error(`[backup] off-site copy failed: ${result.offsite.error}`);
  }
  return `daily backup written: ${result.path}`;
}
