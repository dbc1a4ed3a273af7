import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ParsedMail } from "mailparser";
import type { Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpTransport, sendDueEmails } from "~/models/mail/sender.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createOrder } from "../../../seed/factories/orders";
import { createUser } from "../../../seed/factories/users";
import { parseMail, startSmtpServer } from "../../../scripts/smtp-server";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pngBytes,
  putInCart,
  userCookie,
} from "../../setup/checkout-helpers";
import { startServer } from "../../setup/http-server";
import { sessionCookie, signedInCookie } from "../../setup/route-helpers";

/*
 * Issue 37, the outside attack, replayed against the built server: 4 (a stranger with an
 * order's number and e-mail attached a receipt to someone else's pay-later order, and the
 * owner's own was then refused) and 6 (the outbox kept the reset and verification e-mails'
 * live links in the database, its backups and /admin/correos). Decision 130.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: Transporter;

beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = createSmtpTransport(smtp.url);
  // The server's mail job sends through the same SMTP server as the test's own sender.
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Perfumería <tienda@perfumeria.hn>",
  });
}, 60_000);
afterAll(async () => {
  transport?.close();
  await Promise.all([server?.stop(), smtp?.close()]);
});

const unique = () => crypto.randomBytes(4).toString("hex");
let nextIp = 1;
const newIp = () => `198.18.37.${nextIp++}`;

/** Sends what the outbox holds; the e-mails that reached `to` with `subject`. */
async function delivered(to: string, subject: string): Promise<ParsedMail[]> {
  await sendDueEmails({ transport, from: "tienda@perfumeria.hn" });
  const mails = await Promise.all(
    smtp.received.filter((mail) => mail.envelopeTo.includes(to)).map((mail) => parseMail(mail.raw)),
  );
  return mails.filter((mail) => mail.subject === subject);
}

/** A multipart post of a receipt, as a browser without JavaScript sends it. */
async function postReceipt(
  pathname: string,
  fields: Record<string, string>,
  cookie?: string,
  png?: Buffer,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("proofFile", new File([new Uint8Array(png ?? (await pngBytes()))], "pago.png"));
  return fetch(`${server.baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "X-Forwarded-For": newIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
}

const proofsOf = (orderId: string) =>
  db.selectFrom("paymentProofs").select("id").where("orderId", "=", orderId).execute();

/** A guest's pay-later order, as checkout leaves it, and that guest's cookie. */
async function guestOrder() {
  const product = await createProduct(db, { stock: 5 });
  const guestId = crypto.randomUUID();
  const email = `invitado-${unique()}@example.com`;
  const order = await createOrder(db, {
    lines: [{ product }],
    sessionId: guestId,
    contact: { email },
  });
  return { order, email, cookie: await sessionCookie({ guestId }) };
}

/** A customer's pay-later order placed through /checkout, so its e-mail is the real one. */
async function customerOrder() {
  const email = `cliente-${unique()}@example.com`;
  const user = await createUser(db, { email });
  const product = await createProduct(db, { stock: 5 });
  await putInCart(db, { userId: user.id }, product.id, 1);
  const { cookie } = await userCookie(user.id);
  const placed = await fetch(
    checkoutForm(
      { ...deliveryFields, email, paymentTiming: "later" },
      { cookie, base: server.baseUrl, clientIp: newIp() },
    ),
    { redirect: "manual" },
  );
  expect(placed.status).toBe(302);
  const id = new URL(placed.headers.get("location") ?? "", server.baseUrl).searchParams.get(
    "order",
  );
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", id ?? "")
    .executeTakeFirstOrThrow();
  return { order, email, cookie };
}

/** The order's own link (decisions 130, 151): the order, the end of its life, its signature. */
const SIGNED_LINK =
  /\/track-order\?order=([^&\s"]+)&(?:amp;)?hasta=(\d+)&(?:amp;)?firma=([A-Za-z0-9_-]+)/;

describe("item 4: only the order's owner attaches a late receipt", () => {
  it("refuses a stranger who has the order's number and e-mail, and takes the owner's (guest cookie)", async () => {
    const { order, email, cookie } = await guestOrder();
    const stranger = await guestCookie();
    const fields = { intent: "upload-proof", orderNumber: order.orderNumber, email };

    const refused = await postReceipt("/track-order", fields, stranger.cookie);
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain("Solo quien hizo el pedido puede enviar su comprobante");
    expect(await proofsOf(order.id)).toEqual([]);
    // The number and e-mail still show the order, without the receipt's form.
    expect(page).toContain(order.orderNumber);
    expect(page).not.toContain('name="proofFile"');

    const accepted = await postReceipt("/track-order", fields, cookie);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Comprobante recibido");
    expect(await proofsOf(order.id)).toHaveLength(1);
  });

  it("takes the receipt through the signed link of 'Recibimos tu pedido…' in any browser; an altered or another order's link takes nothing", async () => {
    const { order, email } = await customerOrder();
    const other = await guestOrder();
    const [mail] = await delivered(email, `Recibimos tu pedido ${order.orderNumber}`);
    const [, linkOrder, until, signature] = SIGNED_LINK.exec(mail!.text ?? "") ?? [];
    expect(linkOrder).toBe(order.id);
    expect(signature).toHaveLength(43);
    // Decision 151: it stops working 60 days after the e-mail is sent.
    const days = (Number(until) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59.9);
    expect(days).toBeLessThanOrEqual(60);
    // The stored copy holds the placeholder, not the signature.
    const stored = await db
      .selectFrom("outboxEmails")
      .select(["html", "text"])
      .where("orderId", "=", order.id)
      .where("kind", "=", "order_received")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(signature);

    // Opened in a browser that never saw the order: the receipt's form, for this order.
    const opened = await fetch(
      `${server.baseUrl}/track-order?order=${order.id}&hasta=${until}&firma=${signature}`,
    );
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    const html = await opened.text();
    expect(html).toContain(order.orderNumber);
    expect(html).toContain('name="proofFile"');

    const altered = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    const forgeries: Record<string, string>[] = [
      { order: order.id, hasta: until!, firma: altered },
      { order: other.order.id, hasta: until!, firma: signature! },
      { order: order.id, hasta: until!, firma: "" },
      // A later end under the same signature, or none (a link of decision 130's form).
      { order: order.id, hasta: String(Number(until) + 86_400), firma: signature! },
      { order: order.id, firma: signature! },
    ];
    for (const fields of forgeries) {
      const refused = await postReceipt("/track-order", { intent: "upload-proof", ...fields });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Este enlace no es válido");
    }
    expect(await proofsOf(order.id)).toEqual([]);
    expect(await proofsOf(other.order.id)).toEqual([]);
    const forged = await fetch(
      `${server.baseUrl}/track-order?order=${other.order.id}&hasta=${until}&firma=${signature}`,
    );
    expect(await forged.text()).not.toContain(other.order.orderNumber);

    const accepted = await postReceipt("/track-order", {
      intent: "upload-proof",
      order: order.id,
      hasta: until!,
      firma: signature!,
    });
    expect(accepted.status).toBe(200);
    expect(await proofsOf(order.id)).toHaveLength(1);
    // The link is logged without its signature.
    expect(server.output()).not.toContain(signature);
  });

  it("lets the owner replace a receipt still in review, and tells the order's e-mail of each one", async () => {
    const { order, email, cookie } = await customerOrder();
    const first = await postReceipt(`/order-confirmation/${order.id}`, {}, cookie);
    expect(first.status).toBe(302);
    const [kept] = await proofsOf(order.id);

    const second = await postReceipt(
      `/order-confirmation/${order.id}`,
      {},
      cookie,
      await pngBytes(48, 20),
    );
    expect(second.status).toBe(302);
    const now = await proofsOf(order.id);
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(kept!.id);

    const notices = await delivered(
      email,
      `Recibimos un comprobante para tu pedido ${order.orderNumber}`,
    );
    expect(notices).toHaveLength(2);
    // Each carries the link that changes the receipt, and it works.
    const [, linkOrder, until, signature] = SIGNED_LINK.exec(notices[1]!.text ?? "") ?? [];
    expect(linkOrder).toBe(order.id);
    const page = await fetch(
      `${server.baseUrl}/track-order?order=${order.id}&hasta=${until}&firma=${signature}`,
    );
    expect(await page.text()).toContain("Cambiar comprobante");
  });
});

/** The photo sent on its own, as the page's script does (proof-uploads.ts): its stored id. */
async function uploadAlone(cookie: string) {
  const body = new FormData();
  body.set("proofFile", new File([new Uint8Array(await pngBytes())], "pago.png"));
  const response = await fetch(`${server.baseUrl}/resources/checkout-proof`, {
    method: "POST",
    headers: { Origin: server.origin, "X-Forwarded-For": newIp(), Cookie: cookie },
    body,
  });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  return id;
}

/** The late receipt's form posted with the id its script put in `paymentProof`, no file. */
async function postUploaded(pathname: string, fields: Record<string, string>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(`${server.baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.origin, "X-Forwarded-For": newIp(), Cookie: cookie },
    body,
  });
}

describe("issue 39: a late receipt sent on its own first", () => {
  it("is attached by its id for its sender; another's, a used or an invented id attaches nothing", async () => {
    const { order, cookie } = await customerOrder();
    const stranger = await guestCookie();
    const strangers = await uploadAlone(stranger.cookie);
    const taken = await guestOrder();
    const takenId = await uploadAlone(taken.cookie);
    await db
      .updateTable("paymentProofs")
      .set({ orderId: taken.order.id })
      .where("id", "=", takenId)
      .execute();

    for (const id of [strangers, takenId, "0123456789abcdef0123456789abcdef"]) {
      const refused = await postUploaded(
        `/order-confirmation/${order.id}`,
        { intent: "upload-proof", paymentProof: id },
        cookie,
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(
        "Elige la foto o captura del comprobante de tu transferencia.",
      );
    }
    expect(await proofsOf(order.id)).toEqual([]);
    const strangersRow = await db
      .selectFrom("paymentProofs")
      .select("orderId")
      .where("id", "=", strangers)
      .executeTakeFirstOrThrow();
    expect(strangersRow.orderId).toBe(null);

    const own = await uploadAlone(cookie);
    const accepted = await postUploaded(
      `/order-confirmation/${order.id}`,
      { intent: "upload-proof", paymentProof: own },
      cookie,
    );
    expect(accepted.status).toBe(302);
    expect(await proofsOf(order.id)).toEqual([{ id: own }]);
  });
});

describe("item 6: the outbox keeps no live link", () => {
  it("stores a reset e-mail with a placeholder, shows it hidden at /admin/correos, and sends a working link", async () => {
    const user = await createUser(db, { email: `olvido-${unique()}@example.com` });
    const requested = await fetch(`${server.baseUrl}/forgot-password`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": newIp(),
      },
      body: new URLSearchParams({ email: user.email }),
    });
    expect(requested.status).toBe(302);
    const stored = () =>
      db
        .selectFrom("outboxEmails")
        .select(["id", "html", "text"])
        .where("toAddress", "=", user.email)
        .where("kind", "=", "password_reset")
        .executeTakeFirst();
    // The request is answered before its e-mail is queued (decision 105: the same time for all).
    await expect.poll(stored).toBeDefined();
    const row = (await stored())!;
    expect(`${row.html}${row.text}`).not.toMatch(/token=/);
    expect(row.text).toContain("{{enlace}}");

    const admin = await signedInCookie((await createUser(db, { role: "admin" })).id);
    for (const pathname of [`/admin/correos/${row.id}`, `/admin/correos/${row.id}/html`]) {
      const page = await (
        await fetch(server.baseUrl + pathname, { headers: { Cookie: admin } })
      ).text();
      expect(page).toContain("[enlace oculto]");
      expect(page).not.toMatch(/token=/);
    }

    const [mail] = await delivered(user.email, "Restablece tu contraseña");
    const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(mail!.html).toContain(`/reset-password?token=${token}`);
    // Neither the database nor its write-ahead log (what a backup copies) holds the token.
    const dataDir = getEnv().DATA_DIR;
    for (const file of fs.readdirSync(dataDir).filter((name) => name.startsWith("store.db"))) {
      expect(fs.readFileSync(path.join(dataDir, file)).includes(token!)).toBe(false);
    }
    const reset = await fetch(`${server.baseUrl}/reset-password?token=${token}`);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("Nueva contraseña");
  });
});
