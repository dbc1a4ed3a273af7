import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getAdminOrder } from "~/models/orders/admin.server";
import { placeShopOrder, type ShopOrderInput } from "~/models/orders/shop-orders.server";
import { action, loader } from "~/routes/admin.orders_.new/route";
import { getSettings } from "~/models/settings/settings.server";
import { orderTotals } from "~/models/checkout/pricing";
import { db } from "~/utils/db.server";
import { createPromoCode } from "../../seed/factories/coupons";
import { createProduct, stockOf } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { getSession } from "~/web/session.server";
import {
  formPost,
  get,
  ORIGIN,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

/*
 * Decision 167: orders the shop takes ('Nuevo pedido'), the model's rules and the route's
 * refusals, on a real database.
 */

/** The administrator's draft as the session keeps it. */
async function draftIn(cookie: string) {
  const session = await getSession(new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } }));
  return session.get("shopOrderDraft");
}

const unique = () => crypto.randomBytes(4).toString("hex");

async function anAdmin() {
  return createUser(db, { role: "admin", firstName: "Ana", lastName: `Admin${unique()}` });
}

const delivery = {
  shippingMethod: "standard" as const,
  address: "Colonia Palmira, casa 12",
  referenceAddress: "Frente al parque",
  city: "Tegucigalpa",
  department: "Francisco Morazán",
};

function newCustomer() {
  return {
    firstName: "Marta",
    lastName: "Whatsapp",
    phone: "+504 9876-5432",
    email: null,
  };
}

async function input(overrides: Partial<ShopOrderInput> = {}): Promise<ShopOrderInput> {
  const admin = overrides.adminId ?? (await anAdmin()).id;
  return {
    adminId: admin,
    customer: newCustomer(),
    lines: [],
    ...delivery,
    couponCode: null,
    paymentMethod: "bank_transfer",
    paymentNote: null,
    ...overrides,
  };
}

async function outboxOf(orderId: string) {
  return db
    .selectFrom("outboxEmails")
    .select(["kind", "toAddress", "html"])
    .where("orderId", "=", orderId)
    .execute();
}

describe("placeShopOrder", () => {
  it("prices from the database, takes the stock, names its admin and queues the e-mails", async () => {
    const product = await createProduct(db, { price: 150_000, stock: 5 });
    const admin = await anAdmin();
    const customer = await createUser(db);
    const placed = await placeShopOrder(
      await input({
        adminId: admin.id,
        customer: { userId: customer.id },
        lines: [{ productId: product.id, size: "100ml", quantity: 2 }],
      }),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(await stockOf(db, product.id)).toBe(3);
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", placed.orderId)
      .executeTakeFirstOrThrow();
    const settings = await getSettings();
    const expected = orderTotals({
      lines: [{ price: 150_000, quantity: 2 }],
      method: "standard",
      couponDiscount: 0,
      settings,
    });
    expect(order).toMatchObject({
      userId: customer.id,
      createdBy: admin.id,
      status: "pending",
      paymentMethod: "bank_transfer",
      subtotal: 300_000,
      total: expected.total,
      customerEmail: customer.email,
    });
    const detail = await getAdminOrder(placed.orderId);
    expect(detail?.history[0]).toMatchObject({
      label: "Pedido creado por la tienda",
      by: `Ana ${admin.lastName}`,
    });
    const kinds = (await outboxOf(placed.orderId)).map((email) => email.kind);
    expect(kinds).toContain("order_received");
  });

  it("sends no e-mail to a customer who gave none, and the shop's own still goes", async () => {
    const product = await createProduct(db, { stock: 3 });
    const placed = await placeShopOrder(
      await input({ lines: [{ productId: product.id, size: "50ml", quantity: 1 }] }),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const emails = await outboxOf(placed.orderId);
    expect(emails.some((email) => email.kind === "order_received")).toBe(false);
    expect(emails.every((email) => email.toAddress !== "")).toBe(true);
    const order = await getAdminOrder(placed.orderId);
    expect(order).toMatchObject({ customerEmail: "", customerPhone: "+504 9876-5432" });
    expect(order?.isGuest).toBe(true);
  });

  it("places one order for a draft posted twice", async () => {
    const product = await createProduct(db, { stock: 5 });
    const twice = await input({
      lines: [{ productId: product.id, size: "100ml", quantity: 1 }],
      draftKey: crypto.randomUUID(),
    });
    const [first, second] = await Promise.all([placeShopOrder(twice), placeShopOrder(twice)]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.orderId).toBe(first.orderId);
    expect([first.repeated, second.repeated].sort()).toEqual([false, true]);
    expect(await stockOf(db, product.id)).toBe(4);
  });

  it("refuses beyond the stock and writes nothing", async () => {
    const product = await createProduct(db, { stock: 2 });
    const before = await db
      .selectFrom("orders")
      .select(db.fn.countAll().as("n"))
      .executeTakeFirst();
    const placed = await placeShopOrder(
      await input({
        lines: [
          { productId: product.id, size: "100ml", quantity: 2 },
          { productId: product.id, size: "50ml", quantity: 1 },
        ],
      }),
    );
    expect(placed).toMatchObject({
      ok: false,
      refusal: { error: "insufficient_stock", stock: 2, quantity: 3 },
    });
    expect(await stockOf(db, product.id)).toBe(2);
    const after = await db.selectFrom("orders").select(db.fn.countAll().as("n")).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it("refuses an inactive or deleted product, too many lines and huge quantities", async () => {
    const hidden = await createProduct(db, { isActive: 0 });
    expect(
      await placeShopOrder(
        await input({ lines: [{ productId: hidden.id, size: "100ml", quantity: 1 }] }),
      ),
    ).toMatchObject({ ok: false, refusal: { error: "unavailable" } });
    expect(
      await placeShopOrder(
        await input({ lines: [{ productId: 987_654_321, size: "100ml", quantity: 1 }] }),
      ),
    ).toMatchObject({ ok: false, refusal: { error: "unavailable" } });
    const product = await createProduct(db, { stock: 10_000 });
    const many = Array.from({ length: 51 }, () => ({
      productId: product.id,
      size: "100ml",
      quantity: 1,
    }));
    expect(await placeShopOrder(await input({ lines: many }))).toMatchObject({
      ok: false,
      refusal: { error: "too_many_lines" },
    });
    expect(
      await placeShopOrder(
        await input({ lines: [{ productId: product.id, size: "100ml", quantity: 1000 }] }),
      ),
    ).toMatchObject({ ok: false, refusal: { error: "quantity" } });
    expect(await stockOf(db, product.id)).toBe(10_000);
  });

  it("applies a coupon for the customer and refuses one that does not apply", async () => {
    const product = await createProduct(db, { price: 100_000, stock: 5 });
    const promo = await createPromoCode(db, { discountValue: 10 });
    const placed = await placeShopOrder(
      await input({
        lines: [{ productId: product.id, size: "100ml", quantity: 1 }],
        couponCode: promo.code,
      }),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = await db
      .selectFrom("orders")
      .select(["couponCode", "couponDiscount"])
      .where("id", "=", placed.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ couponCode: promo.code, couponDiscount: 10_000 });
    const minimum = await createPromoCode(db, { minOrderAmount: 10_000_000 });
    expect(
      await placeShopOrder(
        await input({
          lines: [{ productId: product.id, size: "100ml", quantity: 1 }],
          couponCode: minimum.code,
        }),
      ),
    ).toMatchObject({ ok: false, refusal: { error: "coupon", coupon: { reason: "minimum" } } });
    expect(await stockOf(db, product.id)).toBe(4);
  });

  it("takes cash on delivery outside the settings' limits only with a note, kept in the history", async () => {
    const product = await createProduct(db, { stock: 5 });
    const lines = [{ productId: product.id, size: "100ml", quantity: 1 }];
    const settings = await getSettings();
    // The default store has cash on delivery switched off for shoppers.
    expect(settings.cod_enabled).toBe(false);
    expect(
      await placeShopOrder(await input({ lines, paymentMethod: "cash_on_delivery" })),
    ).toMatchObject({ ok: false, refusal: { error: "note_required" } });
    expect(
      await placeShopOrder(
        await input({ lines, paymentMethod: "cash_on_delivery", ...{ shippingMethod: "pickup" } }),
      ),
    ).toMatchObject({ ok: false, refusal: { error: "payment_method" } });
    const note = "Cliente de confianza <b>por WhatsApp</b>";
    const placed = await placeShopOrder(
      await input({ lines, paymentMethod: "cash_on_delivery", paymentNote: note }),
    );
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const detail = await getAdminOrder(placed.orderId);
    expect(detail).toMatchObject({ paymentMethod: "cash_on_delivery", paymentNote: note });
    expect(detail?.history[0]?.note).toBe(note);
  });
});

describe("the route /admin/orders/new", () => {
  const post = (fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      action({ request: formPost("/admin/orders/new", fields, cookie), params: {}, context: {} }),
    );

  it("is refused to customers and visitors", async () => {
    const customer = await createUser(db);
    const cookie = await signedInCookie(customer.id);
    expect((await post({ intent: "add-line" }, cookie)).status).toBe(403);
    const page = await settle(() =>
      loader({ request: get("/admin/orders/new", cookie), params: {}, context: {} }),
    );
    expect(page.status).toBe(403);
  });

  it("finds an account by phone, refuses a blocked one, and prices the last step on the server", async () => {
    const admin = await anAdmin();
    let cookie = await signedInCookie(admin.id);
    const phone = `+504 9${String(crypto.randomInt(0, 1000)).padStart(3, "0")}-${String(crypto.randomInt(0, 10000)).padStart(4, "0")}`;
    const customer = await createUser(db, { phone });
    const blocked = await createUser(db, { isBlocked: 1 });
    const page = async (query: string) =>
      (await settle(() =>
        loader({ request: get(`/admin/orders/new${query}`, cookie), params: {}, context: {} }),
      )) as Response;
    const found = await (await page(`?paso=cliente&q=${encodeURIComponent(phone)}`)).json();
    expect(found.customers).toEqual([expect.objectContaining({ id: customer.id, phone })]);

    expect(
      (await post({ intent: "pick-customer", userId: String(blocked.id) }, cookie)).status,
    ).toBe(400);
    let response = await post({ intent: "pick-customer", userId: String(customer.id) }, cookie);
    expect(response.status).toBe(302);
    cookie = sessionCookieOf(response, cookie) ?? cookie;
    const product = await createProduct(db, { price: 100_000, stock: 3 });
    response = await post(
      { intent: "add-line", productId: String(product.id), size: "100ml", quantity: "1" },
      cookie,
    );
    cookie = sessionCookieOf(response, cookie) ?? cookie;

    const step3 = await (await page("?paso=envio")).json();
    expect(step3.quote.totals.subtotal).toBe(100_000);
    response = await post(
      { intent: "quote", shippingMethod: "pickup", paymentMethod: "store_pickup", subtotal: "1" },
      cookie,
    );
    expect(response.status).toBe(200);
    const quoted = await response.json();
    expect(quoted.quote.totals).toMatchObject({ subtotal: 100_000, shippingCost: 0 });
    expect(await stockOf(db, product.id)).toBe(3);
    response = await post(
      { intent: "place", shippingMethod: "pickup", paymentMethod: "store_pickup" },
      cookie,
    );
    expect(response.status).toBe(302);
    const orderId = (response.headers.get("Location") ?? "").split("/").pop()!;
    const order = await db
      .selectFrom("orders")
      .select(["userId", "paymentMethod", "createdBy", "customerEmail"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      userId: customer.id,
      paymentMethod: "store_pickup",
      createdBy: admin.id,
      customerEmail: customer.email,
    });
  });

  it("refuses a name with markup and a quantity out of range, and keeps no draft", async () => {
    const admin = await anAdmin();
    const cookie = await signedInCookie(admin.id);
    const product = await createProduct(db, { stock: 500 });
    const named = await post(
      {
        intent: "new-customer",
        firstName: "<script>x</script>",
        lastName: "Pérez",
        phone: "98765432",
      },
      cookie,
    );
    expect(named.status).toBe(400);
    for (const quantity of ["0", "100", "1e9", "-1", "abc"]) {
      const added = await post(
        { intent: "add-line", productId: String(product.id), size: "100ml", quantity },
        cookie,
      );
      expect(added.status).toBe(400);
    }
    expect(await draftIn(cookie)).toBeUndefined();
  });

  it("builds the draft step by step, ignores a posted price and places the order", async () => {
    const admin = await anAdmin();
    let cookie = await signedInCookie(admin.id);
    const product = await createProduct(db, { price: 120_000, stock: 4 });

    let response = await post(
      {
        intent: "new-customer",
        firstName: "Rosa",
        lastName: "López",
        phone: "98765432",
        email: "",
      },
      cookie,
    );
    expect(response.status).toBe(302);
    cookie = sessionCookieOf(response, cookie) ?? cookie;

    response = await post(
      { intent: "add-line", productId: String(product.id), size: "100ml", quantity: "5" },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining("No hay suficientes unidades"),
    });

    response = await post(
      {
        intent: "add-line",
        productId: String(product.id),
        size: "100ml",
        quantity: "2",
        price: "1",
        unitPrice: "1",
      },
      cookie,
    );
    expect(response.status).toBe(302);
    cookie = sessionCookieOf(response, cookie) ?? cookie;
    expect(await draftIn(cookie)).toMatchObject({
      customer: { firstName: "Rosa", phone: "+504 9876-5432", email: null },
      lines: [{ productId: product.id, size: "100ml", quantity: 2 }],
    });

    response = await post(
      {
        intent: "place",
        ...delivery,
        paymentMethod: "cash_on_delivery",
        paymentNote: "",
        total: "1",
      },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("escribe en la nota");
    expect(await stockOf(db, product.id)).toBe(4);

    response = await post(
      {
        intent: "place",
        ...delivery,
        paymentMethod: "cash_on_delivery",
        paymentNote: "Pedido por WhatsApp",
        total: "1",
      },
      cookie,
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/);
    const order = await db
      .selectFrom("orders")
      .select(["subtotal", "total", "createdBy", "customerName"])
      .where("id", "=", location.split("/").pop()!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      subtotal: 240_000,
      createdBy: admin.id,
      customerName: "Rosa López",
    });
    expect(order.total).toBeGreaterThan(240_000);
    expect(await stockOf(db, product.id)).toBe(2);
    expect(await draftIn(sessionCookieOf(response, cookie) ?? cookie)).toBeUndefined();
  });
});
