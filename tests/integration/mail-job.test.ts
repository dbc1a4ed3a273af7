import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { queueEmail, shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import { RETRY_DELAYS_MS } from "~/models/mail/sender.server";
import { createProduct } from "../../seed/factories/catalog";
import { guestCookie, pngBytes, postCheckout, putInCart } from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";
import { startSmtpServer } from "../../scripts/smtp-server";

/*
 * Issue 22: the built server's own mail job (app/jobs.server.ts, every 5 s) against a real SMTP
 * server. It keeps one connection open for its e-mails; and the shop keeps selling while the SMTP
 * server refuses (451) or never answers: the checkout, posted over HTTP meanwhile, answers as
 * usual, and the e-mails wait for their retry.
 */

const context: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startServer>>;
let png: Uint8Array;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, png] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Perfumería de Lujo <tienda@perfumeria.hn>",
      MAIL_LEASE_SECONDS: "5",
    }),
    pngBytes(),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function queue(subject: string) {
  return queueEmail(db, context, {
    to: "ana@example.com",
    kind: "test",
    content: { subject, preheader: "", blocks: [] },
  });
}

/** A guest's order of one perfume, posted as a browser without JS does; the reply unread. */
async function placeOrder(clientIp: string) {
  const product = await createProduct(db, { stock: 10 });
  const guest = await guestCookie();
  await putInCart(db, { guestId: guest.guestId }, product.id);
  const response = await postCheckout(server.baseUrl, { cookie: guest.cookie, clientIp, png });
  const location = response.headers.get("location") ?? "";
  const orderId = new URL(location, server.baseUrl).searchParams.get("order");
  const order = await db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("id", "=", orderId ?? "")
    .executeTakeFirst();
  return { status: response.status, location, order, cookie: guest.cookie };
}

const outbox = () =>
  db
    .selectFrom("outboxEmails")
    .select([
      "id",
      "status",
      "attempts",
      "lastError",
      "leasedBy",
      "nextAttemptAt",
      "createdAt",
      "sentAt",
    ])
    .execute();

describe("with the SMTP server accepting", () => {
  it("sends the waiting e-mails through one kept-open SMTP connection", async () => {
    smtp.setMode("accept");
    const opened = smtp.connections;
    for (let i = 0; i < 5; i++) await queue(`Correo ${i}`);
    await until(
      async () => (await outbox()).every((row) => row.status === "sent"),
      "the e-mails to be sent",
    );
    expect(smtp.received).toHaveLength(5);
    // Pooled: one connection for all five (a connection per e-mail costs a handshake each).
    expect(smtp.connections - opened).toBe(1);
    await db.deleteFrom("outboxEmails").execute();
  }, 60_000);
});

describe("with the SMTP server refusing every message", () => {
  it("the checkout places its order, and every e-mail waits for its retry a minute later", async () => {
    smtp.setMode("refuse");
    const { id } = await queue("Rechazado");

    const placed = await placeOrder("198.51.100.21");
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/order-success\?order=/);
    expect(placed.order).toBeDefined();

    // Every e-mail in the outbox (this one, and what the checkout queued) had its first attempt.
    await until(
      async () => (await outbox()).every((row) => row.attempts >= 1 && row.leasedBy === null),
      "the first attempts",
    );
    const rows = await outbox();
    expect(rows.map((row) => row.id)).toContain(id);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", sentAt: null });
      expect(row.lastError).toContain("451");
      // The next attempt about a minute after this one (the first retry delay).
      expect(new Date(row.nextAttemptAt).getTime() - Date.now()).toBeGreaterThan(
        RETRY_DELAYS_MS[0] - 30_000,
      );
    }
    expect(smtp.received).toHaveLength(0);
    await db.deleteFrom("outboxEmails").execute();
  }, 60_000);
});

describe("with the SMTP server hanging", () => {
  it("the checkout answers as usual while the sender waits on a message", async () => {
    smtp.setMode("hang");
    const { id } = await queue("Colgado");
    // The mail job took the e-mail and the SMTP server sits on it, unanswered.
    await until(() => smtp.holding > 0, "the sender to be stuck");
    const held = await db
      .selectFrom("outboxEmails")
      .select(["status", "leasedBy"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(held.status).toBe("pending");
    expect(held.leasedBy).not.toBeNull();

    const placed = await placeOrder("198.51.100.22");
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/order-success\?order=/);
    expect(placed.order).toBeDefined();
    // Answered while the send was still hanging: the checkout never waits for SMTP.
    expect(smtp.holding).toBeGreaterThan(0);
    const success = await fetch(new URL(placed.location, server.baseUrl), {
      headers: { Cookie: placed.cookie },
    });
    expect(success.status).toBe(200);
  }, 60_000);
});
