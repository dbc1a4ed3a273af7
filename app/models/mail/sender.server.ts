import crypto from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { db as storeDb, type DB } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { makeMailAttachment, makeMailLink, parseMailLink, withLink } from "./links.server";

/*
 * The sender (decision 102): each worker of the server runs `sendDueEmails` on a timer. It
 * claims one due e-mail at a time with a lease (a conditional UPDATE, so two workers never hold
 * the same row), sends it through SMTP and records the outcome. A worker that dies mid-send
 * leaves its lease to run out; another then sends that e-mail again, with the same Message-ID,
 * so at most the e-mails in flight at a crash go out twice, and a mail client folds the repeat.
 */

/** After the first attempt fails: about 1 min, 5 min, 30 min, 2 h, 12 h; then it is failed. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;
/** E-mails older than this when their turn comes are not sent (SMTP set up days later). */
export const STALE_AFTER_MS = 3 * 24 * 3_600_000;
export const STALE_ERROR = "No se envió: llevaba más de 3 días esperando.";
/** Decision 130: the link can no longer be made (the account's address changed, or it is gone). */
export const LINK_GONE_ERROR =
  "No se envió: su enlace ya no vale (la cuenta cambió de correo o ya no existe).";

export type MailTransport = Pick<Transporter, "sendMail">;

export type SendOptions = {
  transport: MailTransport;
  from: string;
  /** The clock: the tests move it to reach a retry's time. */
  now?: () => Date;
  leaseMs?: number;
  workerId?: string;
  /** Stop after this many e-mails (the job drains everything due). */
  max?: number;
  executor?: DB;
};

export type SendReport = { sent: number; retrying: number; failed: number; skipped: number };

const WORKER_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;

/**
 * Sends what is due, newest first, one e-mail at a time, until nothing is left or `max` is
 * reached. E-mails older than STALE_AFTER_MS are marked skipped instead.
 */
export async function sendDueEmails(options: SendOptions): Promise<SendReport> {
  const { transport, from, executor = storeDb, max = Number.POSITIVE_INFINITY } = options;
  const clock = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? getEnv().MAIL_LEASE_SECONDS * 1000;
  const workerId = options.workerId ?? WORKER_ID;
  const report: SendReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };

  const staleBefore = new Date(clock().getTime() - STALE_AFTER_MS).toISOString();
  const skipped = await executor
    .updateTable("outboxEmails")
    .set({ status: "skipped", lastError: STALE_ERROR, leasedBy: null, leasedUntil: null })
    .where("status", "=", "pending")
    // Due for that long, not created that long ago: an e-mail the admin retried (decision 107)
    // is due from that moment, whatever its age.
    .where("nextAttemptAt", "<", staleBefore)
    .where((eb) =>
      eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<=", clock().toISOString())]),
    )
    .executeTakeFirst();
  report.skipped = Number(skipped.numUpdatedRows);

  while (report.sent + report.retrying + report.failed < max) {
    const email = await claimNext(executor, clock(), leaseMs, workerId);
    if (!email) break;
    try {
      // Decision 130: an e-mail's live link is made now and goes into this message only.
      const link = email.link
        ? await makeMailLink(executor, parseMailLink(email.link), {
            to: email.toAddress,
            now: clock(),
          })
        : null;
      if (email.link && link === null) {
        await executor
          .updateTable("outboxEmails")
          .set({ status: "failed", leasedBy: null, leasedUntil: null, lastError: LINK_GONE_ERROR })
          .where("id", "=", email.id)
          .where("leasedBy", "=", workerId)
          .execute();
        report.failed += 1;
        continue;
      }
      const body = link ? withLink(email, link) : email;
      const attachment = email.attachment
        ? await makeMailAttachment(executor, email.attachment)
        : null;
      await transport.sendMail({
        from,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        html: body.html,
        text: body.text,
        messageId: email.messageId,
        date: new Date(email.createdAt),
        attachments: attachment ? [attachment] : undefined,
      });
      await executor
        .updateTable("outboxEmails")
        .set({
          status: "sent",
          sentAt: clock().toISOString(),
          leasedBy: null,
          leasedUntil: null,
          lastError: null,
        })
        .where("id", "=", email.id)
        .where("leasedBy", "=", workerId)
        .execute();
      report.sent += 1;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = RETRY_DELAYS_MS[email.attempts - 1];
      const failed = delay === undefined;
      await executor
        .updateTable("outboxEmails")
        .set({
          status: failed ? "failed" : "pending",
          nextAttemptAt: new Date(clock().getTime() + (delay ?? 0)).toISOString(),
          leasedBy: null,
          leasedUntil: null,
          lastError: message,
        })
        .where("id", "=", email.id)
        .where("leasedBy", "=", workerId)
        .execute();
      if (failed) report.failed += 1;
      else report.retrying += 1;
    }
  }
  return report;
}

/**
 * Leases the newest due e-mail to `workerId`: one UPDATE that re-checks, in its WHERE, that the
 * row is still free, so of two workers racing for it one gets it and the other gets nothing.
 */
async function claimNext(executor: DB, now: Date, leaseMs: number, workerId: string) {
  const at = now.toISOString();
  const due = executor
    .selectFrom("outboxEmails")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", at)
    .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<=", at)]))
    .orderBy("createdAt", "desc")
    .limit(1);
  return executor
    .updateTable("outboxEmails")
    .set({
      leasedBy: workerId,
      leasedUntil: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: sql<number>`attempts + 1`,
    })
    .where("id", "=", due)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<=", at)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * An SMTP connection to `url`, pooled: one connection kept open between e-mails. The URL goes
 * inside the options: createTransport's second argument is the messages' defaults, where
 * `pool` and the timeouts would be ignored (a new connection per e-mail, a 10-minute socket
 * timeout). The tests send through the same kind of transport.
 */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    // Well inside the lease, so a slow server never outlives a worker's hold on an e-mail.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

let transport: Transporter | undefined;

/** This process's SMTP connection, made once. */
function smtpTransport(url: string) {
  transport ??= createSmtpTransport(url);
  return transport;
}

let running: Promise<unknown> | null = null;

/** The mail job's run: everything due, through SMTP_URL (never two runs at once per worker). */
export async function mailJob() {
  const { smtp } = getEnv();
  if (!smtp || running) return null;
  const run = sendDueEmails({ transport: smtpTransport(smtp.url), from: smtp.from });
  running = run;
  try {
    const report = await run;
    const parts = [
      report.sent && `${report.sent} enviados`,
      report.retrying && `${report.retrying} por reintentar`,
      report.failed && `${report.failed} fallidos`,
      report.skipped && `${report.skipped} omitidos por antiguos`,
    ].filter(Boolean);
    return parts.length > 0 ? `correos: ${parts.join(", ")}` : null;
  } finally {
    running = null;
  }
}
