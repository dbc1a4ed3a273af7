import crypto from "node:crypto";
import type { Transporter } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { placeOrder, type PlaceOrderInput } from "~/models/checkout/checkout.server";
import { changeOrderStatus, deleteOrder } from "~/models/orders/lifecycle.server";
import { customerNotice, type CustomerNoticeEvent } from "~/models/orders/notices";
import { expireUnpaidTransfers } from "~/models/orders/transfer-deadlines.server";
import { sendDueEmails, createSmtpTransport } from "~/models/mail/sender.server";
import { updateSettings } from "~/models/settings/settings.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import type { SettingKey } from "~/models/settings/definitions";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { createOrder } from "../../seed/factories/orders";
import {
  deliveryFields,
  newBuyer,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import { ORIGIN, settle } from "../setup/route-helpers";
import { action as orderPageAction } from "~/routes/_store.order-confirmation.$orderId";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";

/*
 * Decision 104: the order's and the shop's e-mails, queued by the app's own functions (placing
 * an order, the lifecycle, the deadline job) and sent by the outbox's sender to a real SMTP
 * server; the assertions read the bytes that arrived.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: Transporter;
const SHOP = getEnv().appUrl;
/** The order's own link (decision 151) as an e-mail's text (or, with `&amp;`, its HTML) has it. */
const orderLink = (orderId: string, amp = "&") =>
  new RegExp(
    `${SHOP.replace(/[.]/g, "\\.")}/track-order\\?order=${orderId}${amp}hasta=\\d+${amp}firma=[A-Za-z0-9_-]{43}`,
  );
const L = (lempiras: number) => lempiras * 100;

beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = createSmtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await db.deleteFrom("outboxEmails").execute();
  await settings({
    notifyNewOrders: "true",
    notifyLowStock: "true",
    orders_email: "",
    stockThreshold: "5",
  });
});

function settings(entries: Partial<Record<SettingKey, string>>) {
  return updateSettings(entries);
}

/** Sends what the outbox holds and returns the messages as they arrived, parsed. */
async function deliver() {
  const report = await sendDueEmails({ transport, from: "Tienda <tienda@perfumeria.hn>" });
  expect(report.failed + report.retrying).toBe(0);
  const mails = await Promise.all(
    smtp.received.map(async ({ raw, envelopeTo }) => {
      const mail = await parseMail(raw);
      return {
        to: envelopeTo,
        subject: mail.subject ?? "",
        text: mail.text ?? "",
        html: typeof mail.html === "string" ? mail.html : "",
        replyTo: mail.replyTo?.text ?? null,
      };
    }),
  );
  smtp.received.length = 0;
  return mails;
}

type Mail = Awaited<ReturnType<typeof deliver>>[number];

function only(mails: Mail[], to: string) {
  const found = mails.filter((mail) => mail.to.includes(to));
  expect(found, `e-mails to ${to}`).toHaveLength(1);
  return found[0]!;
}

async function orderFor(
  owner: { guestId: string } | { userId: number },
  lines: { productId: number; quantity?: number }[],
  extra: Partial<PlaceOrderInput> = {},
) {
  for (const line of lines) await putInCart(db, owner, line.productId, line.quantity ?? 1);
  // Decision 128: a guest orders with the receipt; only a verified account may leave it for later.
  const proof = "guestId" in owner && !("paymentProof" in extra) ? await storedProof(owner) : null;
  const shopper =
    "guestId" in owner
      ? { userId: null, guestId: owner.guestId }
      : { userId: owner.userId, guestId: null };
  const result = await placeOrder({
    ...deliveryFields,
    ...newBuyer(),
    shippingMethod: "standard",
    shopper,
    checkoutKey: crypto.randomUUID(),
    paymentProof: proof,
    couponCode: null,
    ...extra,
  });
  if (!result.ok) throw new Error(`order refused: ${result.error}`);
  return db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", result.orderId)
    .executeTakeFirstOrThrow();
}

const guest = () => ({ guestId: crypto.randomUUID() });

async function storedProof(owner: { guestId?: string; userId?: number }) {
  const id = crypto.randomBytes(16).toString("hex");
  await db
    .insertInto("paymentProofs")
    .values({
      id,
      file: `${id}.webp`,
      userId: owner.userId ?? null,
      sessionId: owner.guestId ?? null,
      orderId: null,
      size: 10,
    })
    .execute();
  return id;
}

describe("the order received", () => {
  it("goes to a guest's checkout e-mail with the lines and /track-order", async () => {
    const product = await createProduct(db, { price: L(1000), stock: 20, name: "Aqua Prueba" });
    const order = await orderFor(guest(), [{ productId: product.id, quantity: 2 }]);
    const mails = await deliver();
    const mail = only(mails, order.customerEmail);
    expect(mail.subject).toBe(`Recibimos tu pedido ${order.orderNumber}`);
    for (const part of [order.orderNumber, "Aqua Prueba", formatMoney(order.total)]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toMatch(orderLink(order.id, "&amp;"));
    expect(mail.text).not.toContain("/order-confirmation/");
    expect(mails).toHaveLength(2);
  });

  it("gives an unpaid transfer the bank account and the deadline; the shop hears of it", async () => {
    const user = await createShopper(db);
    const product = await createProduct(db, { price: L(1000), stock: 20 });
    const order = await orderFor({ userId: user.id }, [{ productId: product.id, quantity: 2 }]);
    const mails = await deliver();
    const mail = only(mails, order.customerEmail);
    const deadline = new Date(
      new Date(order.createdAt).getTime() + DEFAULT_SETTINGS.transfer_deadline_hours * 3_600_000,
    );
    for (const part of [
      `Banco: ${DEFAULT_SETTINGS.bank_name}`,
      `Número de cuenta: ${DEFAULT_SETTINGS.bank_account_number}`,
      `Titular: ${DEFAULT_SETTINGS.bank_account_holder}`,
      `Pagar antes del: ${formatDateTime(deadline.toISOString())}`,
    ]) {
      expect(mail.text).toContain(part);
    }

    // The shop hears of it at its contact address (no orders_email), replying to the customer.
    const shop = only(mails, DEFAULT_SETTINGS.contactEmail);
    expect(shop.subject).toBe(`Pedido nuevo ${order.orderNumber}: ${formatMoney(order.total)}`);
    expect(shop.text).toContain("Aún no: el cliente transferirá después");
    expect(shop.text).toContain(`${SHOP}/admin/orders/${order.id}`);
    expect(shop.replyTo).toBe(order.customerEmail);
    expect(mails).toHaveLength(2);
  });

  it("tells an account holder their receipt is in review and links to the order", async () => {
    const user = await createShopper(db);
    const product = await createProduct(db, { stock: 20 });
    const proof = await storedProof({ userId: user.id });
    const order = await orderFor({ userId: user.id }, [{ productId: product.id }], {
      paymentProof: proof,
    });
    const mails = await deliver();
    const mail = only(mails, order.customerEmail);
    expect(mail.text).toContain("Recibimos tu comprobante de pago y lo estamos revisando.");
    expect(mail.text).toMatch(orderLink(order.id));
    expect(mail.text).not.toContain("Pagar antes del");
    expect(only(mails, DEFAULT_SETTINGS.contactEmail).text).toContain("Adjunto, por revisar");
  });

  it("gives 'Subir comprobante' and 'Ver mi pedido' of an unpaid transfer the order's own link", async () => {
    const user = await createShopper(db);
    const product = await createProduct(db, { stock: 20 });
    const order = await orderFor({ userId: user.id }, [{ productId: product.id }]);
    const mail = only(await deliver(), order.customerEmail);
    // Both buttons carry it (the text part writes each label over its link).
    const links = [...mail.text.matchAll(new RegExp(orderLink(order.id), "g"))];
    expect(new Set(links.map(([link]) => link)).size).toBe(1);
    for (const label of ["Subir comprobante", "Ver mi pedido"]) {
      expect(mail.text).toContain(`${label}:\n${links[0]![0]}`);
    }
  });

  it("queues nothing for an order that is refused and rolled back", async () => {
    const product = await createProduct(db, { stock: 1 });
    const owner = await createShopper(db);
    await putInCart(db, { userId: owner.id }, product.id, 3);
    const result = await placeOrder({
      ...deliveryFields,
      shippingMethod: "standard",
      shopper: { userId: owner.id, guestId: null },
      checkoutKey: crypto.randomUUID(),
      paymentProof: null,
      couponCode: null,
    });
    expect(result).toMatchObject({ ok: false, error: "insufficient_stock" });
    expect(await db.selectFrom("outboxEmails").select("id").execute()).toEqual([]);
  });
});

describe("the shop's e-mails follow its settings", () => {
  it("go to orders_email; with new-order e-mails off, only a receipt is announced", async () => {
    await settings({ orders_email: "pedidos@perfumeria.hn", notifyNewOrders: "false" });
    const product = await createProduct(db, { stock: 20 });
    const owner = guest();
    const withProof = await orderFor(owner, [{ productId: product.id }], {
      paymentProof: await storedProof(owner),
    });
    const customer = await createShopper(db);
    const withoutProof = await orderFor({ userId: customer.id }, [{ productId: product.id }]);
    const mails = await deliver();
    const shop = only(mails, "pedidos@perfumeria.hn");
    expect(shop.subject).toBe(`Comprobante por revisar: ${withProof.orderNumber}`);
    expect(shop.text).toContain(`${SHOP}/admin/orders/${withProof.id}`);
    expect(mails.filter((mail) => mail.to.includes(DEFAULT_SETTINGS.contactEmail))).toEqual([]);
    only(mails, withoutProof.customerEmail);
    expect(mails).toHaveLength(3);

    await settings({ notifyNewOrders: "true" });
    const next = await orderFor(guest(), [{ productId: product.id }]);
    expect(only(await deliver(), "pedidos@perfumeria.hn").subject).toContain(next.orderNumber);
  });

  it("announce a receipt sent after the order, from the order's page", async () => {
    const product = await createProduct(db, { stock: 20 });
    const customer = await createShopper(db);
    const owner = await userCookie(customer.id);
    const order = await orderFor({ userId: customer.id }, [{ productId: product.id }]);
    await deliver();
    const body = new FormData();
    body.set("proofFile", new File([new Uint8Array(await pngBytes(40, 30))], "pago.png"));
    const request = new Request(`${ORIGIN}/order-confirmation/${order.id}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: owner.cookie },
      body,
    });
    const response = await settle(() =>
      orderPageAction({ request, params: { orderId: order.id }, context: {} }),
    );
    expect(response.status).toBe(302);
    const mails = await deliver();
    const shop = only(mails, DEFAULT_SETTINGS.contactEmail);
    expect(shop.subject).toBe(`Comprobante por revisar: ${order.orderNumber}`);
    expect(shop.text).toContain("después de hacer el pedido");
    expect(shop.text).toContain(`${SHOP}/admin/orders/${order.id}`);
    // Decision 130: the order's e-mail hears of it too, with the signed link that changes it.
    const notice = only(mails, order.customerEmail);
    expect(notice.subject).toBe(`Recibimos un comprobante para tu pedido ${order.orderNumber}`);
    expect(notice.text).toMatch(orderLink(order.id));
    expect(mails).toHaveLength(2);
  });

  it("e-mail a product's low stock once per crossing, even when the sales race", async () => {
    const product = await createProduct(db, { stock: 8, name: "Oud Escaso" });
    const lowStock = (mails: Mail[]) =>
      mails.filter((mail) => mail.subject.startsWith("Inventario bajo: Oud Escaso"));
    // Four sales at once take 8 → 4: the one that crosses 5 is e-mailed, no other.
    await Promise.all(
      [1, 1, 1, 1].map((quantity) => orderFor(guest(), [{ productId: product.id, quantity }])),
    );
    let mails = lowStock(await deliver());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([DEFAULT_SETTINGS.contactEmail]);
    expect(mails[0]!.subject).toBe("Inventario bajo: Oud Escaso (5 unidades)");
    expect(mails[0]!.text).toContain(`${SHOP}/admin/products/${product.id}`);

    // Still under: no e-mail. Restocked above, it crosses again: one more.
    await orderFor(guest(), [{ productId: product.id }]);
    expect(lowStock(await deliver())).toEqual([]);
    await db.updateTable("products").set({ stock: 9 }).where("id", "=", product.id).execute();
    await orderFor(guest(), [{ productId: product.id, quantity: 3 }]);
    await orderFor(guest(), [{ productId: product.id, quantity: 2 }]);
    mails = lowStock(await deliver());
    expect(mails.map((mail) => mail.subject)).toEqual(["Inventario bajo: Oud Escaso (4 unidades)"]);

    // notifyLowStock off: a crossing is not e-mailed.
    await settings({ notifyLowStock: "false" });
    await db.updateTable("products").set({ stock: 6 }).where("id", "=", product.id).execute();
    await orderFor(guest(), [{ productId: product.id, quantity: 2 }]);
    expect(lowStock(await deliver())).toEqual([]);
  });
});

describe("the status e-mails say what the app's notification says", () => {
  async function expectNotice(
    mail: Mail,
    event: CustomerNoticeEvent,
    order: { orderNumber: string },
    facts: Partial<Parameters<typeof customerNotice>[1]> = {},
  ) {
    const notice = customerNotice(event, {
      orderNumber: order.orderNumber,
      trackingNumber: null,
      points: 0,
      ...facts,
    });
    expect(mail.subject).toBe(`${notice.title} (${order.orderNumber})`);
    expect(mail.text).toContain(notice.message);
    return notice;
  }

  it("approved, shipped with its guide number, delivered with links to review the products", async () => {
    const admin = await createUser(db, { role: "admin" });
    const actor = { userId: admin.id, role: "admin" as const };
    const user = await createShopper(db);
    const first = await createProduct(db, { stock: 20, name: "Rosa Prueba" });
    const second = await createProduct(db, { stock: 20, name: "Ámbar Prueba" });
    const order = await orderFor({ userId: user.id }, [
      { productId: first.id },
      { productId: second.id },
    ]);
    await deliver();

    await changeOrderStatus({ orderId: order.id, to: "paid", actor });
    let mail = only(await deliver(), order.customerEmail);
    const approved = await expectNotice(mail, "order_approved", order);
    const inApp = await db
      .selectFrom("notifications")
      .select(["title", "message"])
      .where("orderId", "=", order.id)
      .where("type", "=", "order_approved")
      .executeTakeFirstOrThrow();
    expect(inApp).toEqual({ title: approved.title, message: approved.message });
    // Issue 39: 'Pago aprobado' opens the order itself, on any device.
    expect(mail.text).toMatch(orderLink(order.id));

    await changeOrderStatus({ orderId: order.id, to: "processing", actor });
    expect(await deliver()).toEqual([]);
    await changeOrderStatus({
      orderId: order.id,
      to: "shipped",
      actor,
      trackingNumber: "GUIA-12345",
    });
    mail = only(await deliver(), order.customerEmail);
    await expectNotice(mail, "order_shipped", order, { trackingNumber: "GUIA-12345" });
    expect(mail.text).toContain("Número de guía: GUIA-12345");

    await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
    mail = only(await deliver(), order.customerEmail);
    await expectNotice(mail, "order_delivered", order);
    for (const product of [first, second]) {
      expect(mail.html).toContain(
        `href="${SHOP}/product/${product.slug}?tab=resenas&amp;escribir=1#escribir-resena"`,
      );
    }
  });

  it("denied with the customer's reason, cancelled, and deleted, to a guest's address too", async () => {
    const admin = await createUser(db, { role: "admin" });
    const actor = { userId: admin.id, role: "admin" as const };
    const product = await createProduct(db, { stock: 20 });
    const [denied, cancelled, deleted] = await Promise.all(
      [1, 2, 3].map(() => orderFor(guest(), [{ productId: product.id }])),
    );
    await deliver();
    await changeOrderStatus({
      orderId: denied!.id,
      to: "denied",
      actor,
      note: "Comprobante ilegible",
      customerReason: "El comprobante no se puede leer",
    });
    await changeOrderStatus({ orderId: cancelled!.id, to: "cancelled", actor, note: "Duplicado" });
    await deleteOrder({ orderId: deleted!.id, actor, note: "Prueba" });
    const mails = await deliver();
    const deniedMail = only(mails, denied!.customerEmail);
    await expectNotice(deniedMail, "order_denied", denied!, {
      reason: "El comprobante no se puede leer",
    });
    expect(deniedMail.text).toContain("Motivo: El comprobante no se puede leer");
    expect(deniedMail.text).toMatch(orderLink(denied!.id));
    await expectNotice(only(mails, cancelled!.customerEmail), "order_cancelled", cancelled!);
    const deletedMail = only(mails, deleted!.customerEmail);
    await expectNotice(deletedMail, "order_deleted", deleted!);
    expect(deletedMail.text).not.toContain("/track-order");
  });

  it("an unpaid transfer cancelled by the deadline job says it expired, and when", async () => {
    const product = await createProduct(db, { stock: 20 });
    const customer = await createShopper(db);
    const order = await orderFor({ userId: customer.id }, [{ productId: product.id }]);
    await deliver();
    const hours = DEFAULT_SETTINGS.transfer_deadline_hours;
    const run = await expireUnpaidTransfers({
      now: new Date(Date.now() + (hours + 1) * 3_600_000),
    });
    expect(run.cancelled).toContain(order.orderNumber);
    const mail = only(await deliver(), order.customerEmail);
    const dueAt = new Date(new Date(order.createdAt).getTime() + hours * 3_600_000).toISOString();
    const notice = await expectNotice(mail, "order_expired", order, { dueAt });
    expect(notice.message).toContain(formatDateTime(dueAt));
  });

  it("the seed's and the factories' steps queue nothing", async () => {
    const product = await createProduct(db, { stock: 20 });
    await createOrder(db, { lines: [{ product }] });
    expect(await db.selectFrom("outboxEmails").select("id").execute()).toEqual([]);
  });
});
