import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { orderLinkQuery } from "~/models/orders/order-link.server";
import { addRange } from "~/models/invoicing/ranges.server";
import { INVOICE_BUYER_MESSAGES } from "~/models/invoicing/buyer.server";
import { RTN_MESSAGE } from "~/models/invoicing/fiscal";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder, type CreatedOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import {
  checkoutForm,
  deliveryFields,
  newBuyer,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";
import { pdfTextOf } from "../setup/pdf-text";
import { sessionCookie } from "../setup/route-helpers";

/*
 * Decision 171 over real HTTP against the built server: an order's invoice, as a page, a PDF
 * and through the API, only for its owner, an administrator past the second step, or its
 * e-mail's signed link; "Factura a nombre de" checked at checkout and on the order's page, and
 * closed once the invoice is issued.
 */

const CAI = "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F";
const FISCAL_SETTINGS = {
  fiscal_invoicing: "true",
  fiscal_legal_name: "Perfumería de Lujo S. de R.L.",
  fiscal_rtn: "08019012345678",
};

let server: Awaited<ReturnType<typeof startServer>>;
let owner: { id: number; cookie: string };
let stranger: string;
let adminCookie: string;
let admin: { role: "admin"; userId: number };
let invoiced: CreatedOrder;
let invoiceNumber: string;
let cancelledNote: string;

beforeAll(async () => {
  server = await startServer();
  await updateSettings(FISCAL_SETTINGS);
  const deadline = new Date(Date.now() + 365 * 86_400_000);
  for (const [kind, prefix] of [
    ["invoice", "000-002-01-"],
    ["credit_note", "000-002-03-"],
  ] as const) {
    await addRange({ kind, cai: CAI, prefix, first: 1, last: 1000, deadline, createdBy: null });
  }
  const user = await createUser(db);
  owner = { id: user.id, cookie: (await userCookie(user.id)).cookie };
  stranger = (await userCookie((await createUser(db)).id)).cookie;
  const adminUser = await createUser(db, { role: "admin" });
  admin = { role: "admin", userId: adminUser.id };
  adminCookie = await sessionCookie({ userId: adminUser.id });
  const product = await createProduct(db, { name: "Acqua di Giò", price: 150_000, stock: 20 });
  invoiced = await createOrder(db, {
    userId: user.id,
    lines: [{ product }],
    contact: { invoiceRtn: "08011990123456", invoiceName: "Ana Mejía" },
  });
  await changeOrderStatus({ orderId: invoiced.id, to: "paid", actor: admin });
  invoiceNumber = (
    await db
      .selectFrom("fiscalDocuments")
      .select("number")
      .where("orderId", "=", invoiced.id)
      .executeTakeFirstOrThrow()
  ).number;
  // Another customer's order, invoiced and cancelled: its credit note is not the owner's.
  const other = await createOrder(db, { userId: (await createUser(db)).id, lines: [{ product }] });
  await changeOrderStatus({ orderId: other.id, to: "paid", actor: admin });
  await changeOrderStatus({ orderId: other.id, to: "cancelled", actor: admin, note: "Prueba" });
  cancelledNote = (
    await db
      .selectFrom("fiscalDocuments")
      .select("number")
      .where("orderId", "=", other.id)
      .where("kind", "=", "credit_note")
      .executeTakeFirstOrThrow()
  ).number;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await db.deleteFrom("settings").where("key", "in", Object.keys(FISCAL_SETTINGS)).execute();
});

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(server.baseUrl + path, {
    redirect: "manual",
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });

describe("the invoice's page and PDF", () => {
  it("shows the owner the invoice with its number, CAI and buyer", async () => {
    const response = await get(`/orders/${invoiced.id}/factura`, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    for (const text of [invoiceNumber, CAI, "FACTURA", "Ana Mejía", "0801-1990-123456"]) {
      expect(html).toContain(text);
    }
  });

  it("gives the owner the PDF, whose text holds the number, CAI, RTN and total", async () => {
    const response = await get(`/orders/${invoiced.id}/factura.pdf`, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="factura-${invoiceNumber}.pdf"`,
    );
    const text = await pdfTextOf(await response.arrayBuffer());
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(CAI);
    expect(text).toContain("0801-1990-123456");
    expect(text).toContain("0801-9012-345678");
  });

  it("answers another customer 404 and sends a visitor to sign in", async () => {
    for (const path of [`/orders/${invoiced.id}/factura`, `/orders/${invoiced.id}/factura.pdf`]) {
      expect((await get(path, stranger)).status).toBe(404);
      const visitor = await get(path);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("never shows another order's credit note through this order's address", async () => {
    const response = await get(
      `/orders/${invoiced.id}/factura?documento=${encodeURIComponent(cancelledNote)}`,
      owner.cookie,
    );
    expect(response.status).toBe(404);
  });

  it("opens for the e-mail's signed link, and not for a forged one", async () => {
    const query = orderLinkQuery(invoiced.id, new Date());
    expect((await get(`/orders/${invoiced.id}/factura.pdf?${query}`)).status).toBe(200);
    query.set("firma", crypto.randomBytes(16).toString("hex"));
    expect((await get(`/orders/${invoiced.id}/factura?${query}`)).status).toBe(404);
    // A link of one order opens no other.
    const other = orderLinkQuery(crypto.randomUUID(), new Date());
    expect((await get(`/orders/${invoiced.id}/factura?${other}`)).status).toBe(404);
  });

  it("is linked from /track-order for the e-mail link's holder, not for a look-up by number", async () => {
    const query = orderLinkQuery(invoiced.id, new Date());
    const page = await (await get(`/track-order?${query}`)).text();
    const href = `/orders/${invoiced.id}/factura.pdf?${query.toString().replaceAll("&", "&amp;")}`;
    expect(page).toContain(`href="${href}"`);
    const lookUp = await fetch(`${server.baseUrl}/track-order`, {
      method: "POST",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        orderNumber: invoiced.orderNumber,
        email: invoiced.customerEmail,
      }),
    });
    const found = await lookUp.text();
    expect(found).toContain(invoiced.orderNumber);
    expect(found).not.toContain("/factura");
  });

  it("opens for an administrator past the second step only", async () => {
    expect((await get(`/orders/${invoiced.id}/factura`, adminCookie)).status).toBe(200);
    const halfway = await sessionCookie({ userId: admin.userId, secondFactor: null });
    const response = await get(`/orders/${invoiced.id}/factura`, halfway);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin-access\//);
  });
});

describe("GET /api/orders/{id}/invoice", () => {
  it("gives the owner the invoice as issued, and its PDF", async () => {
    const response = await get(`/api/orders/${invoiced.id}/invoice`, owner.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      invoice: { number: string; range: { cai: string } };
      creditNotes: unknown[];
    };
    expect(body.invoice).toMatchObject({ number: invoiceNumber, range: { cai: CAI } });
    expect(body.creditNotes).toEqual([]);
    const pdf = await get(`/api/orders/${invoiced.id}/invoice`, owner.cookie, {
      Accept: "application/pdf",
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfTextOf(await pdf.arrayBuffer())).toContain(invoiceNumber);
  });

  it("answers another customer 404", async () => {
    expect((await get(`/api/orders/${invoiced.id}/invoice`, stranger)).status).toBe(404);
  });
});

describe("Factura a nombre de", () => {
  const post = (orderId: string, fields: Record<string, string>, cookie: string) =>
    fetch(`${server.baseUrl}/order-confirmation/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.origin,
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    });
  const buyerOf = (orderId: string) =>
    db
      .selectFrom("orders")
      .select(["invoiceRtn", "invoiceName"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();

  it("is given on the order's page until the invoice is issued", async () => {
    const product = await createProduct(db, { price: 90_000, stock: 5 });
    const order = await createOrder(db, { userId: owner.id, lines: [{ product }] });
    const wrong = await post(order.id, { invoiceRtn: "0801-19", invoiceName: "Ana" }, owner.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(RTN_MESSAGE);
    expect(await buyerOf(order.id)).toEqual({ invoiceRtn: null, invoiceName: null });

    expect(
      (await post(order.id, { invoiceRtn: "0801-1990-123456", invoiceName: "Ana Mejía" }, stranger))
        .status,
    ).toBe(404);
    expect(await buyerOf(order.id)).toEqual({ invoiceRtn: null, invoiceName: null });

    const saved = await post(
      order.id,
      { invoiceRtn: "0801-1990-123456", invoiceName: "Ana Mejía" },
      owner.cookie,
    );
    expect(saved.status).toBe(302);
    expect(await buyerOf(order.id)).toEqual({
      invoiceRtn: "08011990123456",
      invoiceName: "Ana Mejía",
    });

    const late = await post(invoiced.id, { invoiceRtn: "", invoiceName: "" }, owner.cookie);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(INVOICE_BUYER_MESSAGES.issued);
    expect(await buyerOf(invoiced.id)).toEqual({
      invoiceRtn: "08011990123456",
      invoiceName: "Ana Mejía",
    });
  });

  it("is checked at checkout: a wrong RTN places no order", async () => {
    const customer = await createUser(db);
    const { cookie } = await userCookie(customer.id);
    const product = await createProduct(db, { price: 80_000, stock: 5 });
    await putInCart(db, { userId: customer.id }, product.id, 1);
    const fields = { ...deliveryFields, ...newBuyer(), paymentTiming: "later" };
    const refused = await fetch(
      checkoutForm(
        { ...fields, invoiceRtn: "12345", invoiceName: "<b>Empresa</b>" },
        { cookie, base: server.baseUrl },
      ),
      { redirect: "manual" },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(RTN_MESSAGE);
    expect(html).toContain(INVOICE_BUYER_MESSAGES.nameInvalid);
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where("userId", "=", customer.id)
      .execute();
    expect(orders).toEqual([]);

    const placed = await fetch(
      checkoutForm(
        { ...fields, invoiceRtn: "0801 1990 123456", invoiceName: "Inversiones Mejía & Hijos" },
        { cookie, base: server.baseUrl },
      ),
      { redirect: "manual" },
    );
    expect(placed.status).toBe(302);
    const order = await db
      .selectFrom("orders")
      .select(["invoiceRtn", "invoiceName"])
      .where("userId", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      invoiceRtn: "08011990123456",
      invoiceName: "Inversiones Mejía & Hijos",
    });
  });
});
