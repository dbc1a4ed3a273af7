import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_LIMITS } from "~/models/checkout/checkout";
import { FIELD_MESSAGES } from "~/models/customers/fields";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createUser } from "../../../seed/factories/users";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  newBuyer,
  pngBytes,
  putInCart,
  userCookie,
} from "../../setup/checkout-helpers";
import { startServer } from "../../setup/http-server";

/*
 * Issue 37, item 1 (second half), replayed against the built server: 28 orders in 3.2 s from
 * one address through /checkout and POST /api/orders with `paymentTiming: later`, a product's
 * stock held for the transfer deadline, and 'Recibimos tu pedido…' with the shop's bank account
 * sent to any address typed, carrying a first name with markup and a link (decision 132).
 * Two app servers share the store, as every worker and server shares the limits.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
let a: Server;
let b: Server;
let png: Uint8Array;

beforeAll(async () => {
  [a, b, png] = await Promise.all([startServer(), startServer(), pngBytes()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

let octet = 0;
/** An address of its own for each test, so the limits of one test leave the others alone. */
const newAddress = () => `203.0.113.${++octet}`;

const EVIL_NAME = "<b>URGENTE</b> pague en http://evil.example/bac";

async function postCheckout(
  server: Server,
  fields: Record<string, string>,
  options: { cookie: string; clientIp: string; proof?: boolean },
) {
  const request = checkoutForm(fields, {
    cookie: options.cookie,
    clientIp: options.clientIp,
    base: server.baseUrl,
    proof: options.proof ? { bytes: png, name: "pago.png" } : undefined,
  });
  const response = await fetch(request, { redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function postApiOrder(
  server: Server,
  order: Record<string, string>,
  options: { cookie: string; clientIp: string },
) {
  const response = await fetch(`${server.baseUrl}/api/orders`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: options.cookie,
      Origin: server.origin,
      "X-Forwarded-For": options.clientIp,
    },
    body: JSON.stringify({ order }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A guest with one unit in the cart, paying now with a receipt, as its own buyer. */
async function guestBuyer(productId: number, buyer = newBuyer()) {
  const guest = await guestCookie();
  await putInCart(db, { guestId: guest.guestId }, productId);
  return { ...guest, fields: { ...deliveryFields, ...buyer } };
}

const stockOf = async (productId: number) =>
  (
    await db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow()
  ).stock;

const ordersTo = (email: string) =>
  db.selectFrom("orders").select("id").where("customerEmail", "=", email).execute();

const mailTo = (email: string) =>
  db
    .selectFrom("outboxEmails")
    .select(["kind", "subject", "html", "text"])
    .where("toAddress", "=", email)
    .execute();

function expectRetryAfter(headers: Headers, atMost: number) {
  const seconds = Number(headers.get("Retry-After"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(atMost);
}

describe("at most two unpaid pay-later orders per customer", () => {
  it("refuses the third on /checkout (429, Retry-After, the message in the form) and on POST /api/orders; nothing is held", async () => {
    const product = await createProduct(db, { stock: 50 });
    const customer = await createUser(db);
    const { cookie } = await userCookie(customer.id);
    const clientIp = newAddress();
    const fields = { ...deliveryFields, email: customer.email, paymentTiming: "later" };
    for (const server of [a, b]) {
      await putInCart(db, { userId: customer.id }, product.id);
      expect((await postCheckout(server, fields, { cookie, clientIp })).status).toBe(302);
    }
    await putInCart(db, { userId: customer.id }, product.id);
    const mailBefore = (await mailTo(customer.email)).length;

    const page = await postCheckout(a, fields, { cookie, clientIp });
    expect(page.status).toBe(429);
    // Until the first of the two reaches its transfer deadline (72 hours by default).
    expectRetryAfter(page.headers, 72 * 3600);
    expect(page.text).toContain("Ya tienes 2 pedidos esperando tu transferencia");

    const api = await postApiOrder(
      b,
      { ...fields, paymentTiming: "later" },
      { cookie, clientIp: newAddress() },
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expectRetryAfter(api.headers, 72 * 3600);
    expect(api.body).toMatchObject({ status: 429, code: "too_many_unpaid" });

    expect(await ordersTo(customer.email)).toHaveLength(2);
    expect(await stockOf(product.id)).toBe(48);
    expect(await mailTo(customer.email)).toHaveLength(mailBefore);
  });

  it("refuses 4 units of one perfume in an unpaid order, naming the limit of 3", async () => {
    const product = await createProduct(db, { stock: 50 });
    const customer = await createUser(db);
    const { cookie } = await userCookie(customer.id);
    await putInCart(db, { userId: customer.id }, product.id, 4);
    const fields = { ...deliveryFields, email: customer.email, paymentTiming: "later" };

    const page = await postCheckout(a, fields, { cookie, clientIp: newAddress() });
    expect(page.status).toBe(400);
    expect(page.text).toContain(
      `Un pedido sin pagar puede llevar como máximo ${ORDER_LIMITS.unpaidUnitsPerProduct} unidades de cada perfume`,
    );
    const api = await postApiOrder(b, fields, { cookie, clientIp: newAddress() });
    expect(api.status).toBe(422);
    expect(api.body).toMatchObject({ code: "unpaid_quantity" });

    expect(await ordersTo(customer.email)).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(50);
    expect(await mailTo(customer.email)).toHaveLength(0);
  });
});

describe("orders an hour per client address, per e-mail and per phone, across servers", () => {
  async function fillUp(
    limit: number,
    buyerOf: (i: number) => { buyer: ReturnType<typeof newBuyer>; clientIp: string },
  ) {
    const product = await createProduct(db, { stock: 100 });
    for (let i = 0; i < limit; i++) {
      const { buyer, clientIp } = buyerOf(i);
      const guest = await guestBuyer(product.id, buyer);
      const placed = await postCheckout(i % 2 ? b : a, guest.fields, {
        cookie: guest.cookie,
        clientIp,
        proof: true,
      });
      expect(placed.status).toBe(302);
    }
    return product;
  }

  async function expectRefused(
    product: { id: number },
    buyer: ReturnType<typeof newBuyer>,
    clientIp: string,
    limit: number,
  ) {
    const guest = await guestBuyer(product.id, buyer);
    const page = await postCheckout(a, guest.fields, {
      cookie: guest.cookie,
      clientIp,
      proof: true,
    });
    expect(page.status).toBe(429);
    expectRetryAfter(page.headers, 3600);
    expect(page.text).toContain("Se hicieron demasiados pedidos en la última hora");
    // The JSON API, on the other server, counts the same hour.
    const api = await postApiOrder(
      b,
      { ...guest.fields, paymentProof: "0".repeat(32) },
      { cookie: guest.cookie, clientIp },
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expectRetryAfter(api.headers, 3600);
    expect(api.body).toMatchObject({ status: 429, code: "too_many_orders" });
    // Nothing of the refused buyer: no order, no stock, no mail.
    expect(await stockOf(product.id)).toBe(100 - limit);
    const mine = await db
      .selectFrom("orders")
      .select("id")
      .where("sessionId", "=", guest.guestId)
      .execute();
    expect(mine).toHaveLength(0);
  }

  it(`refuses order ${ORDER_LIMITS.perClientIp + 1} from one address`, async () => {
    const clientIp = newAddress();
    const limit = ORDER_LIMITS.perClientIp;
    const product = await fillUp(limit, () => ({ buyer: newBuyer(), clientIp }));
    const buyer = newBuyer();
    await expectRefused(product, buyer, clientIp, limit);
    expect(await mailTo(buyer.email)).toHaveLength(0);
  }, 60_000);

  it(`refuses order ${ORDER_LIMITS.perEmail + 1} to one e-mail, from any address`, async () => {
    const email = newBuyer().email;
    const limit = ORDER_LIMITS.perEmail;
    const product = await fillUp(limit, () => ({
      buyer: { ...newBuyer(), email },
      clientIp: newAddress(),
    }));
    const mailBefore = (await mailTo(email)).length;
    await expectRefused(product, { ...newBuyer(), email }, newAddress(), limit);
    expect(await mailTo(email)).toHaveLength(mailBefore);
  }, 60_000);

  it(`refuses order ${ORDER_LIMITS.perPhone + 1} with one phone, from any address`, async () => {
    const phone = newBuyer().phone;
    const limit = ORDER_LIMITS.perPhone;
    const product = await fillUp(limit, () => ({
      buyer: { ...newBuyer(), phone },
      clientIp: newAddress(),
    }));
    await expectRefused(product, { ...newBuyer(), phone }, newAddress(), limit);
  }, 60_000);
});

describe("names, cities, addresses and references carry no link and no markup", () => {
  it("refuses the attack's first name on /checkout and POST /api/orders, per field, in Spanish", async () => {
    const product = await createProduct(db, { stock: 10 });
    const guest = await guestBuyer(product.id);
    const fields = {
      ...guest.fields,
      firstName: EVIL_NAME,
      city: "www.evil.example",
      referenceAddress: "Escriba a <i>http://evil.example</i>",
    };
    const page = await postCheckout(a, fields, {
      cookie: guest.cookie,
      clientIp: newAddress(),
      proof: true,
    });
    expect(page.status).toBe(400);
    // The page escapes what it shows: the message is there, the markup is not.
    expect(page.text).toContain(FIELD_MESSAGES.nameInvalid.replaceAll("'", "&#x27;"));
    expect(page.text).toContain("La ciudad solo puede llevar letras");
    expect(page.text).toContain("El punto de referencia solo puede llevar letras");

    const api = await postApiOrder(
      b,
      { ...fields, paymentTiming: "now", paymentProof: "0".repeat(32) },
      { cookie: guest.cookie, clientIp: newAddress() },
    );
    expect(api.status).toBe(422);
    expect(api.body.errors["order.firstName"]).toEqual([FIELD_MESSAGES.nameInvalid]);
    expect(api.body.errors["order.city"]).toBeDefined();
    expect(api.body.errors["order.referenceAddress"]).toBeDefined();

    expect(await ordersTo(guest.fields.email)).toHaveLength(0);
    expect(await mailTo(guest.fields.email)).toHaveLength(0);
    expect(await stockOf(product.id)).toBe(10);
  });

  it("keeps the names and addresses of real people", async () => {
    const product = await createProduct(db, { stock: 10 });
    const guest = await guestBuyer(product.id);
    const fields = {
      ...guest.fields,
      firstName: "María José",
      lastName: "O'Neill Núñez-Peña",
      address: "Bo. Guamilito, 3a calle, casa #12, 2º piso",
      referenceAddress: "Frente a pulpería 'La Bendición', km 5 1/2",
      city: "San Pedro Sula",
    };
    const placed = await postCheckout(a, fields, {
      cookie: guest.cookie,
      clientIp: newAddress(),
      proof: true,
    });
    expect(placed.status).toBe(302);
  });
});

describe("an e-mail to an address no verified account owns repeats no typed text", () => {
  it("a guest's 'Recibimos tu pedido' has the number, lines and totals, not the name or address", async () => {
    const product = await createProduct(db, { stock: 10 });
    const guest = await guestBuyer(product.id);
    const name = `Rosaura${crypto.randomBytes(3).toString("hex").replace(/\d/g, "x")}`;
    const fields = {
      ...guest.fields,
      firstName: name,
      address: "Colonia Escrita, calle del texto, casa 9",
      referenceAddress: "Frente al rótulo que dice pague aquí",
    };
    const placed = await postCheckout(b, fields, {
      cookie: guest.cookie,
      clientIp: newAddress(),
      proof: true,
    });
    expect(placed.status).toBe(302);
    const [order] = await db
      .selectFrom("orders")
      .select(["orderNumber"])
      .where("customerEmail", "=", fields.email)
      .execute();
    const [mail] = (await mailTo(fields.email)).filter((m) => m.kind === "order_received");
    expect(mail.subject).toBe(`Recibimos tu pedido ${order.orderNumber}`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain(product.name);
      expect(part).not.toContain(name);
      expect(part).not.toContain("Colonia Escrita");
      expect(part).not.toContain("pague aquí");
    }
  });

  it("a verified customer's own address still gets the greeting with the name", async () => {
    const product = await createProduct(db, { stock: 10 });
    const customer = await createUser(db, { firstName: "Celeste" });
    const { cookie } = await userCookie(customer.id);
    await putInCart(db, { userId: customer.id }, product.id);
    const fields = { ...deliveryFields, email: customer.email, firstName: "Celeste" };
    const placed = await postCheckout(a, fields, { cookie, clientIp: newAddress(), proof: true });
    expect(placed.status).toBe(302);
    const [mail] = (await mailTo(customer.email)).filter((m) => m.kind === "order_received");
    expect(mail.text).toContain("¡Gracias por tu pedido, Celeste López!");
  });
});
