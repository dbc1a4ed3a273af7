import type { Transporter } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { queueEmail, shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import {
  RETRY_DELAYS_MS,
  STALE_AFTER_MS,
  sendDueEmails,
  type SendOptions,
  createSmtpTransport,
} from "~/models/mail/sender.server";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";

/*
 * Decision 102: the outbox's sender against a real SMTP server over TCP (smtp-server), on the
 * test's own SQLite file. The clock is passed in, so the retries' hours pass in a moment.
 */

const context: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: Transporter;

beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = createSmtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.setMode("accept");
  smtp.received.length = 0;
  await db.deleteFrom("outboxEmails").execute();
});

function queue(to: string, subject: string, at = new Date()) {
  return queueEmail(
    db,
    context,
    {
      to,
      kind: "test",
      content: {
        subject,
        preheader: subject,
        blocks: [
          { kind: "heading", text: subject },
          { kind: "facts", rows: [["Pedido", "ORD-20261126-0001"]] },
        ],
      },
    },
    at,
  );
}

const send = (options: Partial<SendOptions> = {}) =>
  sendDueEmails({ transport, from: "Perfumería de Lujo <tienda@perfumeria.hn>", ...options });

function row(id: number) {
  return db.selectFrom("outboxEmails").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the mail sender", () => {
  it("sends each waiting e-mail once, newest first, with its row's fixed Message-ID", async () => {
    const older = await queue("ana@example.com", "Primero", new Date(Date.now() - 60_000));
    const newer = await queue("luis@example.com", "Segundo");
    const report = await send();
    expect(report).toMatchObject({ sent: 2, failed: 0, retrying: 0 });
    const mails = await Promise.all(smtp.received.map((mail) => parseMail(mail.raw)));
    expect(mails.map((mail) => mail.subject)).toEqual(["Segundo", "Primero"]);
    expect(mails[0].messageId).toBe(newer.messageId);
    expect(mails[1].messageId).toBe(older.messageId);
    expect(mails[0].to).toMatchObject({ text: "luis@example.com" });
    expect(mails[0].from?.text).toContain("tienda@perfumeria.hn");
    expect(mails[0].replyTo?.text).toBe(DEFAULT_SETTINGS.contactEmail);
    expect(mails[0].text).toContain("Pedido: ORD-20261126-0001");
    expect(mails[0].html).toContain("ORD-20261126-0001");
    expect(await row(older.id)).toMatchObject({ status: "sent", attempts: 1, leasedBy: null });
    // Nothing is due any more: a second run sends nothing.
    expect(await send()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("gives each e-mail to one worker when several run at once", async () => {
    for (let i = 0; i < 30; i++) await queue(`cliente${i}@example.com`, `Correo ${i}`);
    const reports = await Promise.all(
      ["a", "b", "c"].map((workerId) => send({ workerId: `worker-${workerId}` })),
    );
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
    const subjects = await Promise.all(
      smtp.received.map(async (mail) => (await parseMail(mail.raw)).subject),
    );
    expect(new Set(subjects).size).toBe(30);
    expect(subjects).toHaveLength(30);
  });

  it("retries a refused e-mail after 1 min, 5 min, 30 min, 2 h and 12 h, then marks it failed", async () => {
    smtp.setMode("refuse");
    const start = new Date("2026-11-26T12:00:00.000Z");
    const { id } = await queue("ana@example.com", "Reintentos", start);
    let now = start;
    const clock = () => now;
    expect(await send({ now: clock })).toMatchObject({ retrying: 1 });
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      const email = await row(id);
      expect(email.status).toBe("pending");
      expect(email.lastError).toContain("451");
      expect(new Date(email.nextAttemptAt).getTime() - now.getTime()).toBe(delay);
      // Not before its time.
      now = new Date(now.getTime() + delay - 1_000);
      expect(await send({ now: clock })).toMatchObject({ retrying: 0, failed: 0 });
      now = new Date(now.getTime() + 1_000);
      const last = index === RETRY_DELAYS_MS.length - 1;
      expect(await send({ now: clock })).toMatchObject(last ? { failed: 1 } : { retrying: 1 });
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 6 });
    expect(smtp.received).toHaveLength(0);
  });

  it("sends a retried e-mail once the server accepts again", async () => {
    smtp.setMode("refuse");
    const start = new Date();
    const { id } = await queue("ana@example.com", "Después", start);
    await send({ now: () => start });
    smtp.setMode("accept");
    const later = new Date(start.getTime() + RETRY_DELAYS_MS[0]);
    expect(await send({ now: () => later })).toMatchObject({ sent: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("leaves an e-mail leased by another worker alone until its lease runs out", async () => {
    const now = new Date();
    const { id } = await queue("ana@example.com", "En vuelo", now);
    await db
      .updateTable("outboxEmails")
      .set({ leasedBy: "muerto", leasedUntil: new Date(now.getTime() + 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await send({ now: () => now })).toMatchObject({ sent: 0 });
    const after = new Date(now.getTime() + 61_000);
    expect(await send({ now: () => after })).toMatchObject({ sent: 1 });
  });

  it("skips, without sending, what waited more than 3 days (SMTP set up later)", async () => {
    const now = new Date();
    const old = await queue(
      "ana@example.com",
      "Viejo",
      new Date(now.getTime() - STALE_AFTER_MS - 1),
    );
    const fresh = await queue("luis@example.com", "Nuevo", new Date(now.getTime() - 60_000));
    expect(await send({ now: () => now })).toMatchObject({ sent: 1, skipped: 1 });
    expect(await row(old.id)).toMatchObject({ status: "skipped", attempts: 0 });
    expect(await row(fresh.id)).toMatchObject({ status: "sent" });
    expect(smtp.received).toHaveLength(1);
  });
});
