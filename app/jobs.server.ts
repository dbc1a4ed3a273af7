import { dailyBackupJob } from "./models/backups/schedule.server";
import { uploadsSweepJob } from "./models/checkout/proofs.server";
import { pointsExpiryJob } from "./models/loyalty/loyalty.server";
import { mailJob } from "./models/mail/sender.server";
import { transferDeadlinesJob } from "./models/orders/transfer-deadlines.server";
import { getEnv, type Env } from "./utils/env.server";
import { startJobs, type Job } from "./utils/jobs.server";
import { deleteExpiredSessions } from "~/models/auth/sessions.server";

/*
 * Every background job of the store, in one list (decision 090). Each worker of the server
 * (scripts/server.mjs) runs these timers; a job that must happen once across workers claims its
 * run in the database (`runOncePerDay`, conditional writes), so any worker may run any job.
 * The server entry starts them; nothing starts a timer when its module is imported.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export function backgroundJobs(env: Env = getEnv()): Job[] {
  const jobs: Job[] = [
    // Issue 12: unpaid transfers past their deadline are cancelled; at half of it, a reminder.
    { name: "transfers", everyMs: 5 * MINUTE, run: transferDeadlinesJob },
    // D13: balances without activity expire, once a day across workers.
    { name: "loyalty", everyMs: 24 * HOUR, firstAfterMs: MINUTE, run: pointsExpiryJob },
    // D8: proofs no order took in two days, and files no row names.
    { name: "uploads", everyMs: 6 * HOUR, run: uploadsSweepJob },
    { name: "sessions", everyMs: HOUR, run: deleteExpiredSessions },
  ];
  // Decision 102: the outbox's e-mails go out through SMTP_URL; without it they wait.
  if (env.smtp) jobs.push({ name: "mail", everyMs: 5 * 1000, run: mailJob });
  const hour = env.BACKUP_HOUR;
  // Decision 076: the daily backup at BACKUP_HOUR (Honduras time); `off` in test servers.
  if (hour !== "off")
    jobs.push({ name: "backup", everyMs: 5 * MINUTE, run: () => dailyBackupJob(hour) });
  return jobs;
}

/** Called once by app/entry.server.tsx; the tests' own processes (NODE_ENV=test) run none. */
export function startBackgroundJobs(env: Env = getEnv()) {
  if (env.NODE_ENV === "test") return [];
  // The e-mails' links would point at this machine: say so once, at the start (decision 102).
  if (env.smtp && !env.APP_URL && env.NODE_ENV === "production") {
    console.warn(
      `[mail] APP_URL no está definida: los enlaces de los correos apuntan a ${env.appUrl}. Defínela con la dirección pública de la tienda (https://…).`,
    );
  }
  return startJobs(backgroundJobs(env));
}
