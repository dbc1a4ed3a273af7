import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  changeOrderStatus,
  deleteOrder,
  recordCashPayment,
} from "~/models/orders/lifecycle.server";
import { issueInvoiceForOrder, orderInvoicing } from "~/models/invoicing/documents.server";
import { setInvoiceBuyer, INVOICE_BUYER_MESSAGES } from "~/models/invoicing/buyer.server";
import { addRange } from "~/models/invoicing/ranges.server";
import { RANGE_REFUSALS } from "~/models/invoicing/fiscal";
import type { FiscalDocument } from "~/models/invoicing/document";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import { startMailbox } from "../setup/mailbox";
import { pdfTextOf } from "../setup/pdf-text";

/*
 * Decision 171: an order's life issues its fiscal documents in the transaction of each change,
 * on this run's database (SQLite, or PostgreSQL with TEST_DATABASE=postgres): the invoice when
 * its payment is approved or its cash recorded, a credit note when it is undone; a refusal
 * leaves the order as it was.
 */

const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
const FISCAL_SETTINGS = {
  fiscal_invoicing: "true",
  fiscal_legal_name: "Perfumería de Lujo S. de R.L.",
  fiscal_rtn: "08019012345678",
};
const YEAR_AHEAD = new Date(Date.now() + 365 * 86_400_000);
let admin: { role: "admin"; userId: number };

beforeAll(async () => {
  admin = { role: "admin", userId: (await createUser(db, { role: "admin" })).id };
});
beforeEach(async () => {
  await db.deleteFrom("fiscalDocuments").execute();
  await db.deleteFrom("fiscalRanges").execute();
  await updateSettings(FISCAL_SETTINGS);
});
afterAll(async () => {
  await db.deleteFrom("fiscalDocuments").execute();
  await db.deleteFrom("fiscalRanges").execute();
  await db.deleteFrom("settings").where("key", "in", Object.keys(FISCAL_SETTINGS)).execute();
});

async function ranges({ invoices = true, creditNotes = true, deadline = YEAR_AHEAD } = {}) {
  const range = (kind: "invoice" | "credit_note", prefix: string) =>
    addRange({ kind, cai: CAI, prefix, first: 1, last: 500, deadline, createdBy: null });
  if (invoices) await range("invoice", "000-001-01-");
  if (creditNotes) await range("credit_note", "000-001-03-");
}

/** A pending transfer of two perfumes (L 1,200.00 and 2 × L 850.00), with `contact`. */
async function pendingOrder(options: Parameters<typeof createOrder>[1]["contact"] = {}) {
  const first = await createProduct(db, { name: "Bleu de Chanel", price: 120_000, stock: 10 });
  const second = await createProduct(db, { name: "Good Girl", price: 85_000, stock: 10 });
  return createOrder(db, {
    lines: [{ product: first }, { product: second, quantity: 2 }],
    contact: options,
  });
}

async function documentsOf(orderId: string | null) {
  const rows = await db
    .selectFrom("fiscalDocuments")
    .selectAll()
    .where("orderId", orderId === null ? "is" : "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, document: JSON.parse(row.snapshot) as FiscalDocument }));
}

const approve = (orderId: string) => changeOrderStatus({ orderId, to: "paid", actor: admin });

describe("the invoice of an approved payment", () => {
  it("is numbered from the active range with the order's lines, totals and buyer", async () => {
    await ranges();
    const order = await pendingOrder({
      invoiceRtn: "0801-1990-123456",
      invoiceName: "Inversiones López & Asociados",
    });
    expect(await approve(order.id)).toMatchObject({ ok: true, to: "paid" });
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: "invoice", number: "000-001-01-00000001" });
    const document = invoice!.document;
    expect(document.buyer).toEqual({
      name: "Inversiones López & Asociados",
      rtn: "08011990123456",
    });
    expect(document.range).toMatchObject({
      cai: CAI,
      first: "000-001-01-00000001",
      last: "000-001-01-00000500",
    });
    expect(document.issuer).toMatchObject({ rtn: "08019012345678" });
    expect(document.lines.map((line) => [line.quantity, line.amount])).toEqual([
      [1, 120_000],
      [2, 170_000],
    ]);
    expect(document.totals).toMatchObject({
      subtotal: order.subtotal,
      taxed: order.subtotal,
      tax: order.tax,
      shipping: order.shippingCost,
      total: order.total,
      taxPercentage: 15,
    });
    expect(document.totalInWords).toMatch(/ LEMPIRAS CON \d\d\/100$/);
    expect(document.paymentMethod).toBe("Transferencia Bancaria");
    // The 'pago aprobado' e-mail names it and carries its PDF when it is sent.
    const mail = await db
      .selectFrom("outboxEmails")
      .select(["text", "attachment"])
      .where("orderId", "=", order.id)
      .where("kind", "=", "order_approved")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("Adjuntamos tu factura No. 000-001-01-00000001 en PDF.");
    expect(JSON.parse(mail.attachment!)).toEqual({
      kind: "fiscal_document",
      documentId: invoice!.id,
    });
  });

  it("says Consumidor Final without an RTN, and numbers the next order after it", async () => {
    await ranges();
    const first = await pendingOrder();
    const second = await pendingOrder();
    await approve(first.id);
    await approve(second.id);
    const [invoice] = await documentsOf(second.id);
    expect(invoice!.number).toBe("000-001-01-00000002");
    expect(invoice!.document.buyer).toEqual({ name: "Consumidor Final", rtn: null });
  });

  it("is refused, with the order left pending, when no range is active", async () => {
    const order = await pendingOrder();
    expect(await approve(order.id)).toEqual({
      ok: false,
      error: "fiscal_refused",
      message: RANGE_REFUSALS.none,
    });
    const row = await db
      .selectFrom("orders")
      .select(["status", "paidAt"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", paidAt: null });
    expect(await documentsOf(order.id)).toEqual([]);
  });

  it("is refused after the range's deadline, and nothing is numbered", async () => {
    await ranges({ deadline: new Date(Date.now() - 86_400_000) });
    const order = await pendingOrder();
    expect(await approve(order.id)).toMatchObject({
      ok: false,
      message: RANGE_REFUSALS.expired,
    });
    const range = await db
      .selectFrom("fiscalRanges")
      .select("nextNumber")
      .where("kind", "=", "invoice")
      .executeTakeFirstOrThrow();
    expect(range.nextNumber).toBe(1);
  });

  it("is refused while the issuer has no RTN", async () => {
    await ranges();
    await updateSettings({ fiscal_rtn: "" });
    const order = await pendingOrder();
    const refused = await approve(order.id);
    expect(refused).toMatchObject({ ok: false, error: "fiscal_refused" });
    expect(await documentsOf(order.id)).toEqual([]);
  });

  it("is not issued while the shop does not invoice", async () => {
    await updateSettings({ fiscal_invoicing: "false" });
    const order = await pendingOrder();
    expect(await approve(order.id)).toMatchObject({ ok: true });
    expect(await documentsOf(order.id)).toEqual([]);
  });
});

describe("the invoice's e-mail", () => {
  it("reaches the buyer with the invoice's PDF attached", async () => {
    await ranges();
    const order = await pendingOrder({ invoiceRtn: "08011990123456", invoiceName: "Ana Mejía" });
    await approve(order.id);
    const mailbox = await startMailbox();
    try {
      const mails = await mailbox.mailsTo(order.customerEmail);
      const approved = mails.find((mail) => mail.subject?.startsWith("Pago aprobado"));
      const [pdf] = approved!.attachments;
      expect(pdf).toMatchObject({
        filename: "factura-000-001-01-00000001.pdf",
        contentType: "application/pdf",
      });
      const text = await pdfTextOf(pdf!.content);
      expect(text).toContain("000-001-01-00000001");
      expect(text).toContain(CAI);
      expect(text).toContain("0801-1990-123456");
    } finally {
      await mailbox.close();
    }
  });
});

describe("an invoice issued otherwise", () => {
  it("comes with the cash recorded for a cash-on-delivery order", async () => {
    await ranges();
    const product = await createProduct(db, { price: 100_000, stock: 5 });
    const order = await createOrder(db, {
      lines: [{ product }],
      paymentMethod: "cash_on_delivery",
      status: "shipped",
    });
    const recorded = await recordCashPayment({
      orderId: order.id,
      actor: admin,
      amount: order.total,
      collectedBy: "Carlos (repartidor)",
    });
    expect(recorded).toMatchObject({ ok: true });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.document.paymentMethod).toBe("Pago Contra Entrega");
  });

  it("is issued by an admin for an order paid before the shop invoiced, once", async () => {
    await updateSettings({ fiscal_invoicing: "false" });
    const order = await pendingOrder();
    await approve(order.id);
    await updateSettings({ fiscal_invoicing: "true" });
    await ranges();
    expect((await orderInvoicing(order.id))?.canIssue).toBe(true);
    const issued = await issueInvoiceForOrder(order.id);
    expect(issued).toMatchObject({ ok: true, number: "000-001-01-00000001" });
    expect(await issueInvoiceForOrder(order.id)).toMatchObject({
      ok: false,
      message: "Este pedido ya tiene su factura.",
    });
    expect((await orderInvoicing(order.id))?.canIssue).toBe(false);
  });

  it("is refused for an order not yet paid", async () => {
    await ranges();
    const order = await pendingOrder();
    expect(await issueInvoiceForOrder(order.id)).toMatchObject({ ok: false, reason: "not_paid" });
    expect(await documentsOf(order.id)).toEqual([]);
  });
});

describe("who the invoice is made out to", () => {
  it("changes until the invoice is issued, never after", async () => {
    await ranges();
    const order = await pendingOrder();
    expect(
      await setInvoiceBuyer(order.id, { invoiceRtn: "08011990123456", invoiceName: "Ana Mejía" }),
    ).toEqual({ ok: true });
    await approve(order.id);
    expect(
      await setInvoiceBuyer(order.id, { invoiceRtn: "08011990999999", invoiceName: "Otra" }),
    ).toEqual({ ok: false, message: INVOICE_BUYER_MESSAGES.issued });
    const row = await db
      .selectFrom("orders")
      .select(["invoiceRtn", "invoiceName"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ invoiceRtn: "08011990123456", invoiceName: "Ana Mejía" });
  });
});

describe("the credit note of an undone sale", () => {
  it("reverses the invoice whole when the order is cancelled, naming it and the reason", async () => {
    await ranges();
    const order = await pendingOrder({ invoiceRtn: "08011990123456", invoiceName: "Ana Mejía" });
    await approve(order.id);
    const cancelled = await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor: admin,
      note: "El cliente desistió",
    });
    expect(cancelled).toMatchObject({ ok: true });
    const [invoice, note] = await documentsOf(order.id);
    expect(note).toMatchObject({
      kind: "credit_note",
      number: "000-001-03-00000001",
      reversesId: invoice!.id,
    });
    expect(note!.document.reverses).toMatchObject({
      number: invoice!.number,
      reason: "Pedido cancelado: El cliente desistió",
    });
    expect(note!.document.totals).toEqual(invoice!.document.totals);
    expect(note!.document.buyer).toEqual(invoice!.document.buyer);
    // The invoice itself is never changed.
    expect(invoice!.snapshot).toBe((await documentsOf(order.id))[0]!.snapshot);
    const mail = await db
      .selectFrom("outboxEmails")
      .select(["text", "attachment"])
      .where("orderId", "=", order.id)
      .where("kind", "=", "order_cancelled")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("Adjuntamos la nota de crédito No. 000-001-03-00000001 en PDF.");
  });

  it("refuses the cancellation, the order still paid, without a credit notes' range", async () => {
    await ranges({ creditNotes: false });
    const order = await pendingOrder();
    await approve(order.id);
    const refused = await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor: admin,
      note: "Sin existencias",
    });
    expect(refused).toMatchObject({ ok: false, error: "fiscal_refused" });
    const row = await db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("paid");
    expect((await documentsOf(order.id)).map((d) => d.kind)).toEqual(["invoice"]);
  });

  it("goes with a deleted order, whose documents stay in the books", async () => {
    await ranges();
    const order = await pendingOrder();
    await approve(order.id);
    const deleted = await deleteOrder({ orderId: order.id, actor: admin, note: "Duplicado" });
    expect(deleted).toMatchObject({ ok: true });
    const kept = (await documentsOf(null)).filter(
      (d) => d.document.order.number === order.orderNumber,
    );
    expect(kept.map((d) => [d.kind, d.document.reverses?.reason ?? null])).toEqual([
      ["invoice", null],
      ["credit_note", "Pedido eliminado: Duplicado"],
    ]);
  });

  it("refuses to delete an invoiced order without a credit notes' range", async () => {
    await ranges({ creditNotes: false });
    const order = await pendingOrder();
    await approve(order.id);
    expect(await deleteOrder({ orderId: order.id, actor: admin, note: "Duplicado" })).toMatchObject(
      { ok: false, error: "fiscal_refused" },
    );
    expect(
      await db.selectFrom("orders").select("id").where("id", "=", order.id).execute(),
    ).toHaveLength(1);
  });
});
