import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { queueEmail, shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";
import { startServer } from "../setup/http-server";

/*
 * Issue 22: a crash loses no e-mail, and at most the e-mails being sent at that moment go out
 * twice, with their row's Message-ID. The built server (two workers, each running the mail job)
 * sends 40 e-mails to a real SMTP server that takes 150 ms to answer each, so sends are in
 * flight; the whole server is killed with SIGKILL while the SMTP server holds one, then started
 * again on the same DATA_DIR.
 */

const TOTAL = 40;
const context: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer({ slowMs: 150 });
});
afterEach(async () => {
  await server?.kill();
  server = undefined;
});
afterAll(async () => {
  await smtp?.close();
});

const serverEnv = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Perfumería de Lujo <tienda@perfumeria.hn>",
  // Short, so the e-mails a dead worker held are sent again within the test.
  MAIL_LEASE_SECONDS: "5",
  WEB_CONCURRENCY: "2",
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const rows = () =>
  db
    .selectFrom("outboxEmails")
    .select(["id", "messageId", "toAddress", "subject", "status", "leasedBy", "attempts"])
    .orderBy("id")
    .execute();

describe("the mail sender across a crash", () => {
  it("sends every e-mail after a SIGKILL, repeating only those in flight, with their Message-ID", async () => {
    for (let i = 0; i < TOTAL; i++) {
      await queueEmail(db, context, {
        to: `cliente${i}@example.com`,
        kind: "test",
        content: { subject: `Correo ${i}`, preheader: "", blocks: [] },
      });
    }

    server = await startServer(serverEnv(), { killable: true });
    await until(() => smtp.received.length >= 8 && smtp.holding > 0, 60_000, "sends in flight");
    await server.kill();
    const arrivedBeforeKill = smtp.received.length;
    const atKill = await rows();
    const inFlight = new Set(
      atKill.filter((row) => row.status === "pending" && row.leasedBy).map((row) => row.messageId),
    );

    server = await startServer(serverEnv(), { killable: true });
    await until(
      async () => (await rows()).every((row) => row.status === "sent"),
      60_000,
      "every e-mail sent",
    );

    expect(arrivedBeforeKill).toBeGreaterThan(0);
    expect(arrivedBeforeKill).toBeLessThan(TOTAL);
    // The SMTP server held one when the kill came: its row was leased, not yet marked sent.
    expect(inFlight.size).toBeGreaterThan(0);

    const all = await rows();
    const byMessageId = new Map(all.map((row) => [row.messageId, row]));
    const arrivals = new Map<string, number>();
    for (const mail of smtp.received) {
      const parsed = await parseMail(mail.raw);
      const row = byMessageId.get(parsed.messageId ?? "");
      // Every arrival is one of the rows, under that row's own Message-ID.
      expect(row, `an arrival with an unknown Message-ID ${parsed.messageId}`).toBeDefined();
      expect(parsed.subject).toBe(row!.subject);
      expect(mail.envelopeTo).toEqual([row!.toAddress]);
      arrivals.set(row!.messageId, (arrivals.get(row!.messageId) ?? 0) + 1);
    }
    // Every e-mail arrived, none more than twice, and only one in flight at the kill twice.
    expect(all.filter((row) => !arrivals.has(row.messageId))).toEqual([]);
    expect(Math.max(...arrivals.values())).toBeLessThanOrEqual(2);
    const twice = [...arrivals].filter(([, count]) => count === 2).map(([id]) => id);
    for (const id of twice) expect(inFlight).toContain(id);
    // The one the SMTP server held went out twice: its sender died before hearing the 250.
    expect(twice.length).toBeGreaterThan(0);
    // And the others were each sent once, by one worker's one attempt.
    for (const row of all.filter((row) => !inFlight.has(row.messageId))) {
      expect(row.attempts).toBe(1);
    }
  }, 180_000);
});
