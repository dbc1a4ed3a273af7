import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as cartLoader } from "~/routes/_store.cart/route";
import { action, loader } from "~/routes/_store.checkout/route";
import { CHECKOUT_MESSAGES, placeOrderMessage } from "~/models/checkout/checkout-messages.server";
import { CHECKOUT_LIMITS } from "~/models/checkout/checkout";
import { placeOrder } from "~/models/checkout/checkout.server";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { businessDaysAfter, hondurasDay, hondurasNoon } from "~/utils/dates";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import {
  checkoutForm,
  deliveryFields,
  newBuyer,
  guestCookie,
  pickupFields,
  pngBytes,
  putInCart,
  stockAndSold,
  userCookie,
} from "../setup/checkout-helpers";
import { get, readSession, sessionCookieOf, settle } from "../setup/route-helpers";

const run = (request: Request) => settle(() => action({ request, params: {}, context: {} }));
const L = (lempiras: number) => lempiras * 100;

async function storedProof(guestId: string, userId: number | null = null) {
  const id = crypto.randomBytes(16).toString("hex");
  await db
    .insertInto("paymentProofs")
    .values({ id, file: `${id}.webp`, userId, sessionId: guestId, orderId: null, size: 10 })
    .execute();
  return id;
}

async function guestWithCart(products: { id: number; quantity?: number }[]) {
  const guest = await guestCookie();
  for (const product of products) {
    await putInCart(db, { guestId: guest.guestId }, product.id, product.quantity ?? 1);
  }
  return guest;
}

async function orderOf(response: Response) {
  const location = response.headers.get("location") ?? "";
  const id = new URL(location, "http://x").searchParams.get("order") ?? "";
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the delivery window by department (decision 158)", () => {
  it("gives an order to Gracias a Dios the remote zone's days, express too, and pickup none", async () => {
    const cases = [
      { fields: { ...deliveryFields, department: "Gracias a Dios" }, days: [5, 8] },
      {
        fields: { ...deliveryFields, department: "Gracias a Dios", shippingMethod: "express" },
        days: [3, 4],
      },
      { fields: { ...deliveryFields, department: "Yoro" }, days: [3, 5] },
      { fields: pickupFields, days: null },
    ];
    for (const { fields, days } of cases) {
      const product = await createProduct(db, { stock: 2 });
      const guest = await guestWithCart([{ id: product.id }]);
      const response = await run(
        checkoutForm(
          { ...fields, ...newBuyer() },
          {
            cookie: guest.cookie,
            proof: { bytes: await pngBytes(), name: "pago.png", type: "image/png" },
          },
        ),
      );
      expect(response.status, JSON.stringify(fields)).toBe(302);
      const order = await orderOf(response);
      const today = hondurasDay(new Date(order.createdAt));
      if (days === null) {
        expect(order.estimatedDeliveryFrom).toBeNull();
      } else {
        expect([order.estimatedDeliveryFrom, order.estimatedDelivery]).toEqual(
          days.map((n) => hondurasNoon(businessDaysAfter(today, n))),
        );
      }
    }
  });
});

describe("placing an order without JS: one multipart post with the proof", () => {
  it("creates a pending bank-transfer order for a guest, with items, notes and the D14 number", async () => {
    const product = await createProduct(db, { price: L(1000), stock: 4 });
    const guest = await guestWithCart([{ id: product.id, quantity: 2 }]);
    const response = await run(
      checkoutForm(deliveryFields, {
        cookie: guest.cookie,
        proof: { bytes: await pngBytes(), name: "pago.png", type: "image/png" },
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/order-success\?order=[0-9a-f-]{36}$/);
    const order = await orderOf(response);
    expect(order).toMatchObject({
      userId: null,
      sessionId: guest.guestId,
      status: "pending",
      paymentMethod: "bank_transfer",
      shippingMethod: "standard",
      subtotal: L(2000),
      shippingCost: 0,
      tax: L(300),
      total: L(2300),
      customerEmail: "comprador@example.com",
      customerName: "Ana López",
      customerPhone: "+504 9988-7766",
      shippingAddress: "Colonia Palmira, calle 5, casa 12, Tegucigalpa, Francisco Morazán",
      shippingCity: "Tegucigalpa",
      shippingZone: "Francisco Morazán",
    });
    expect(order.orderNumber).toMatch(/^PH-\d{6}-\d{4}$/);
    // Decision 158: Francisco Morazán is a fast zone, 1-2 business days from the order's day.
    const today = hondurasDay(new Date(order.createdAt));
    expect([order.estimatedDeliveryFrom, order.estimatedDelivery]).toEqual([
      hondurasNoon(businessDaysAfter(today, 1)),
      hondurasNoon(businessDaysAfter(today, 2)),
    ]);
    expect(order.adminNotes).toBe(
      "Banco: BAC Credomatic (transferencia)\nUsuario anónimo (compra como invitado)\nCliente: Ana López\nReferencia: Frente al parque",
    );
    expect(order.paymentProof).toMatch(/^\/resources\/payment-proofs\/[0-9a-f]{32}$/);
    const items = await db
      .selectFrom("orderItems")
      .selectAll()
      .where("orderId", "=", order.id)
      .execute();
    expect(items).toMatchObject([
      {
        productId: product.id,
        size: "100ml",
        quantity: 2,
        price: L(1000),
        productName: product.name,
      },
    ]);
    const stock = await db
      .selectFrom("products")
      .select(["stock", "salesCount"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stock).toEqual({ stock: 2, salesCount: 2 });
    const cart = await db
      .selectFrom("cartItems")
      .select("id")
      .where("sessionId", "=", guest.guestId)
      .execute();
    expect(cart).toEqual([]);
    // storefront.md §8's success toast with the order number (issue 36); no draft kept.
    const session = await readSession(sessionCookieOf(response, guest.cookie));
    expect(session.toast).toMatchObject({
      type: "success",
      title: "¡Pedido creado exitosamente!",
      description: `Tu número de pedido es ${order.orderNumber}. Nuestro equipo te contactará para confirmar el pago y el envío.`,
    });
    expect(session.checkoutDraft).toBe(null);
  });

  it("prefills from the signed-in user and stores their order under their id, without the guest mark", async () => {
    const user = await createShopper(db, {
      phone: "+504 3333-4444",
      favoriteAddress1: "Res. El Trapiche, casa 4",
    });
    const { cookie } = await userCookie(user.id);
    const page = await settle(() =>
      loader({ request: get("/checkout", cookie), params: {}, context: {} }),
    );
    const data = await page.json();
    expect(data.prefill).toEqual({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: "+504 3333-4444",
      address: "Res. El Trapiche, casa 4",
    });
    const product = await createProduct(db, { price: L(500) });
    await putInCart(db, { userId: user.id }, product.id);
    const response = await run(
      checkoutForm(pickupFields, { cookie, proof: { bytes: await pngBytes(), name: "a.png" } }),
    );
    const order = await orderOf(response);
    expect(order).toMatchObject({
      userId: user.id,
      sessionId: null,
      shippingMethod: "pickup",
      shippingCost: 0,
    });
    expect(order.adminNotes).not.toContain("anónimo");
  });

  it("shows the empty-cart screen data and refuses an order with 'Tu carrito está vacío'", async () => {
    const guest = await guestCookie();
    const proof = await storedProof(guest.guestId);
    const response = await run(
      checkoutForm(
        { ...deliveryFields, ...newBuyer(), paymentProof: proof },
        { cookie: guest.cookie },
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.result.error[""]).toEqual([CHECKOUT_MESSAGES.emptyCart]);
  });
});

describe("validation (storefront.md §5): every message, the input and the proof come back", () => {
  it("reports each field's message and keeps what was typed and the uploaded proof", async () => {
    const product = await createProduct(db);
    const guest = await guestWithCart([{ id: product.id }]);
    const response = await run(
      checkoutForm(
        {
          email: "no-es-correo",
          firstName: "A",
          lastName: "B",
          shippingMethod: "standard",
          address: "corta",
          referenceAddress: "x",
          city: "T",
          department: "Narnia",
        },
        { cookie: guest.cookie, proof: { bytes: await pngBytes(), name: "p.png" } },
      ),
    );
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error).toMatchObject({
      email: [CHECKOUT_MESSAGES.email],
      firstName: [CHECKOUT_MESSAGES.firstName],
      lastName: [CHECKOUT_MESSAGES.lastName],
      address: [CHECKOUT_MESSAGES.address],
      referenceAddress: [CHECKOUT_MESSAGES.referenceAddress],
      city: [CHECKOUT_MESSAGES.city],
      department: [CHECKOUT_MESSAGES.department],
    });
    // Issue 21: no generic pickup message in place of the real errors.
    expect(result.error[""]).toBeUndefined();
    expect(result.initialValue).toMatchObject({
      email: "no-es-correo",
      address: "corta",
      department: "Narnia",
    });
    // The proof was stored and its id comes back in the hidden field: not asked for again.
    expect(result.initialValue.paymentProof).toMatch(/^[0-9a-f]{32}$/);
    const proof = await db
      .selectFrom("paymentProofs")
      .selectAll()
      .where("id", "=", result.initialValue.paymentProof)
      .executeTakeFirstOrThrow();
    expect(proof).toMatchObject({ sessionId: guest.guestId, orderId: null });
    expect(
      await db.selectFrom("orders").select("id").where("sessionId", "=", guest.guestId).execute(),
    ).toEqual([]);
  });

  it("asks for the proof unless 'Transferiré después' is chosen", async () => {
    const product = await createProduct(db);
    const guest = await guestWithCart([{ id: product.id }]);
    const response = await run(
      checkoutForm({ ...deliveryFields, ...newBuyer() }, { cookie: guest.cookie }),
    );
    expect((await response.json()).result.error.paymentProof).toEqual([CHECKOUT_MESSAGES.proof]);
  });

  it.each([
    ["missing", ""],
    ["with seven digits", "+504 9988-776"],
    ["too short", "9988-77"],
  ])("pickup needs the phone as +504 0000-0000 (%s)", async (_case, phone) => {
    const product = await createProduct(db);
    const guest = await guestWithCart([{ id: product.id }]);
    const proof = await storedProof(guest.guestId);
    const response = await run(
      checkoutForm({ ...pickupFields, phone, paymentProof: proof }, { cookie: guest.cookie }),
    );
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.phone).toEqual([CHECKOUT_MESSAGES.pickupPhone]);
    expect(result.error.address).toBeUndefined();
  });

  it("refuses a phone longer than anyone types with one message, changing nothing", async () => {
    const product = await createProduct(db, { stock: 3 });
    const guest = await guestWithCart([{ id: product.id }]);
    const proof = await storedProof(guest.guestId);
    const phone = "9".repeat(CHECKOUT_LIMITS.phone + 1);
    const response = await run(
      checkoutForm({ ...pickupFields, phone, paymentProof: proof }, { cookie: guest.cookie }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.phone).toEqual([CHECKOUT_MESSAGES.phone]);
    expect(await stockAndSold(db, product.id)).toEqual({ stock: 3, sold: 0 });
  });

  it("pickup needs no address; typed digits are formatted to +504 0000-0000", async () => {
    const product = await createProduct(db);
    const guest = await guestWithCart([{ id: product.id }]);
    const proof = await storedProof(guest.guestId);
    const response = await run(
      checkoutForm(
        { ...pickupFields, phone: "99887766", paymentProof: proof },
        { cookie: guest.cookie },
      ),
    );
    expect(response.status).toBe(302);
    const order = await orderOf(response);
    expect(order.customerPhone).toBe("+504 9988-7766");
    expect(order.shippingAddress).toMatch(/^Recoger en tienda: /);
  });

  it("refuses someone else's stored proof", async () => {
    const product = await createProduct(db);
    const guest = await guestWithCart([{ id: product.id }]);
    const other = await guestCookie();
    const foreign = await storedProof(other.guestId);
    const response = await run(
      checkoutForm(
        { ...deliveryFields, ...newBuyer(), paymentProof: foreign },
        { cookie: guest.cookie },
      ),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.paymentProof).toEqual([CHECKOUT_MESSAGES.proof]);
  });
});

describe("totals (D11, D19) for each shipping method at and around its threshold", () => {
  // Defaults: standard L 150 below L 2,000; express L 300 below L 5,000; pickup free; ISV 15%.
  const cases = [
    ["standard", 1999.99, 150],
    ["standard", 2000, 0],
    ["standard", 2000.01, 0],
    ["express", 4999.99, 300],
    ["express", 5000, 0],
    ["express", 5000.01, 0],
    ["express", 2000, 300],
    ["pickup", 100, 0],
    ["pickup", 1999.99, 0],
  ] as const;
  it.each(cases)(
    "%s with a subtotal of L %d costs L %d of shipping",
    async (method, subtotal, shipping) => {
      const price = Math.round(subtotal * 100);
      const product = await createProduct(db, { price });
      const guest = await guestWithCart([{ id: product.id }]);
      const proof = await storedProof(guest.guestId);
      const fields =
        method === "pickup"
          ? { ...pickupFields, ...newBuyer() }
          : { ...deliveryFields, ...newBuyer(), shippingMethod: method };
      const order = await orderOf(
        await run(checkoutForm({ ...fields, paymentProof: proof }, { cookie: guest.cookie })),
      );
      const tax = Math.round(price * 0.15);
      expect(order).toMatchObject({
        subtotal: price,
        shippingCost: shipping * 100,
        tax,
        total: price + shipping * 100 + tax,
      });
    },
  );
});

describe("shipping by zone (decision 161)", () => {
  it("charges each zone's surcharge below the free threshold, as the page shows each zone, and none above it or for pickup", async () => {
    await updateSettings({ shipping_surcharge_other: "40", shipping_surcharge_remote: "120" });
    try {
      const cases = [
        { fields: deliveryFields, price: L(1000), shipping: L(150) },
        { fields: { ...deliveryFields, department: "Yoro" }, price: L(1000), shipping: L(190) },
        {
          fields: { ...deliveryFields, department: "Gracias a Dios", shippingMethod: "express" },
          price: L(1000),
          shipping: L(420),
        },
        {
          fields: { ...deliveryFields, department: "Gracias a Dios" },
          price: L(2500),
          shipping: 0,
        },
        { fields: pickupFields, price: L(1000), shipping: 0 },
      ];
      for (const { fields, price, shipping } of cases) {
        const product = await createProduct(db, { price });
        const guest = await guestWithCart([{ id: product.id }]);
        // What the page shows for the department the form names, before the order.
        const page = await (
          await settle(() =>
            loader({ request: get("/checkout", guest.cookie), params: {}, context: {} }),
          )
        ).json();
        const method = fields.shippingMethod as "standard" | "express" | "pickup";
        const zone: string =
          "department" in fields ? page.zoned.zones[fields.department as string] : "main";
        expect(page.zoned.totals[zone][method].shippingCost, JSON.stringify(fields)).toBe(shipping);
        const proof = await storedProof(guest.guestId);
        const order = await orderOf(
          await run(
            checkoutForm(
              { ...fields, ...newBuyer(), paymentProof: proof },
              { cookie: guest.cookie },
            ),
          ),
        );
        const tax = Math.round(price * 0.15);
        expect(order, JSON.stringify(fields)).toMatchObject({
          shippingCost: shipping,
          total: price + shipping + tax,
        });
      }
    } finally {
      await updateSettings({ shipping_surcharge_other: "0", shipping_surcharge_remote: "0" });
    }
    // Without surcharges the page carries one set of totals, as before.
    const guest = await guestWithCart([{ id: (await createProduct(db)).id }]);
    const page = await (
      await settle(() =>
        loader({ request: get("/checkout", guest.cookie), params: {}, context: {} }),
      )
    ).json();
    expect(page.zoned).toBeNull();
  });
});

describe("the server decides prices, stock and the whole transaction", () => {
  it("re-prices every line from the products and ignores posted prices", async () => {
    const product = await createProduct(db, { price: L(1000) });
    const guest = await guestWithCart([{ id: product.id }]);
    await db
      .updateTable("products")
      .set({ price: L(1200) })
      .where("id", "=", product.id)
      .execute();
    const proof = await storedProof(guest.guestId);
    const order = await orderOf(
      await run(
        checkoutForm(
          {
            ...deliveryFields,
            ...newBuyer(),
            paymentProof: proof,
            price: "1",
            total: "1",
            subtotal: "1",
          },
          { cookie: guest.cookie },
        ),
      ),
    );
    expect(order.subtotal).toBe(L(1200));
    const item = await db
      .selectFrom("orderItems")
      .select("price")
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(item.price).toBe(L(1200));
  });

  it("rolls back completely when one line lacks stock: no order, stock, coupon, cart and proof untouched", async () => {
    const first = await createProduct(db, { stock: 5 });
    const second = await createProduct(db, { stock: 1 });
    const guest = await guestWithCart([{ id: first.id, quantity: 2 }]);
    await putInCart(db, { guestId: guest.guestId }, second.id, 1);
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", second.id).execute();
    const promo = await db
      .insertInto("promoCodes")
      .values({
        code: `ROLL${crypto.randomBytes(3).toString("hex")}`.toUpperCase(),
        discountType: "percentage",
        discountValue: 10,
        maxUses: 5,
      })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    const proof = await storedProof(guest.guestId);
    const result = await placeOrder({
      ...deliveryFields,
      ...newBuyer(),
      shippingMethod: "standard",
      shopper: { userId: null, guestId: guest.guestId },
      checkoutKey: crypto.randomUUID(),
      paymentProof: proof,
      couponCode: promo.code,
    });
    expect(result).toMatchObject({ ok: false, error: "insufficient_stock", stock: 0 });
    if (!result.ok) expect(placeOrderMessage(result)).toContain("agotado");
    const stocks = await db
      .selectFrom("products")
      .select(["id", "stock"])
      .where("id", "in", [first.id, second.id])
      .orderBy("id")
      .execute();
    expect(stocks).toEqual([
      { id: first.id, stock: 5 },
      { id: second.id, stock: 0 },
    ]);
    const uses = await db
      .selectFrom("promoCodes")
      .select("currentUses")
      .where("id", "=", promo.id)
      .executeTakeFirstOrThrow();
    expect(uses.currentUses).toBe(0);
    expect(
      await db
        .selectFrom("cartItems")
        .select("id")
        .where("sessionId", "=", guest.guestId)
        .execute(),
    ).toHaveLength(2);
    expect(
      await db.selectFrom("orders").select("id").where("sessionId", "=", guest.guestId).execute(),
    ).toEqual([]);
    const stored = await db
      .selectFrom("paymentProofs")
      .select("orderId")
      .where("id", "=", proof)
      .executeTakeFirstOrThrow();
    expect(stored.orderId).toBeNull();
  });

  it("answers a short stock with the 'unidades disponibles' message", async () => {
    const product = await createProduct(db, { stock: 3 });
    const guest = await guestWithCart([{ id: product.id, quantity: 3 }]);
    await db.updateTable("products").set({ stock: 2 }).where("id", "=", product.id).execute();
    const proof = await storedProof(guest.guestId);
    const response = await run(
      checkoutForm(
        { ...deliveryFields, ...newBuyer(), paymentProof: proof },
        { cookie: guest.cookie },
      ),
    );
    expect(response.status).toBe(409);
    const { result } = await response.json();
    expect(result.error[""][0]).toContain("unidades disponibles");
  });

  it("the same form posted twice creates one order and sends both to it", async () => {
    const product = await createProduct(db, { stock: 10 });
    const guest = await guestWithCart([{ id: product.id }]);
    const proof = await storedProof(guest.guestId);
    const checkoutKey = crypto.randomUUID();
    const fields = { ...deliveryFields, ...newBuyer(), paymentProof: proof, checkoutKey };
    const [a, b] = await Promise.all([
      run(checkoutForm(fields, { cookie: guest.cookie })),
      run(checkoutForm(fields, { cookie: guest.cookie })),
    ]);
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    const orders = await db
      .selectFrom("orders")
      .select("id")
      .where("sessionId", "=", guest.guestId)
      .execute();
    expect(orders).toHaveLength(1);
    const stock = await db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(9);
  });
});

describe("one price for one cart: the cart page, the checkout summary and the order (issue 7)", () => {
  const load = async (route: typeof loader | typeof cartLoader, path: string, cookie: string) =>
    (await settle(() => route({ request: get(path, cookie), params: {}, context: {} }))).json();

  /** The figures each page shows for the cart behind this cookie. */
  async function bothSummaries(cookie: string) {
    const cartPage = await load(cartLoader, "/cart", cookie);
    const checkout = await load(loader, "/checkout", cookie);
    return { cartPage: cartPage.priced, checkout };
  }

  async function promo(discountValue: number) {
    return db
      .insertInto("promoCodes")
      .values({
        code: `MISMO${crypto.randomBytes(3).toString("hex")}`.toUpperCase(),
        discountType: "percentage",
        discountValue,
        maxUses: 5,
      })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
  }

  it("gives the same figures for every method, the same ISV label and the same coupon", async () => {
    const kept = await createProduct(db, { price: L(850), stock: 5 });
    const gone = await createProduct(db, { price: L(4000), stock: 5 });
    const code = (await promo(10)).code;
    const guest = await guestCookie({ appliedCoupon: code });
    await putInCart(db, { guestId: guest.guestId }, kept.id, 2);
    await putInCart(db, { guestId: guest.guestId }, gone.id, 1);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();

    const { cartPage, checkout } = await bothSummaries(guest.cookie);
    expect(checkout.totals).toEqual(cartPage.byMethod);
    expect(checkout.taxPercentage).toBe(cartPage.taxPercentage);
    expect(checkout.taxPercentage).toBe(15);
    // L 1,700 of the available line only: standard L 150, express L 300, 10 % off = L 170.
    expect(checkout.totals.standard).toEqual({
      subtotal: L(1700),
      shippingCost: L(150),
      tax: L(255),
      couponDiscount: L(170),
      total: L(1700 + 150 + 255 - 170),
    });
    expect(checkout.totals.express.shippingCost).toBe(L(300));
    expect(checkout.totals.pickup.total).toBe(L(1700 + 255 - 170));
  });

  // The defect of issue 7: the checkout charged standard shipping on a cart the cart page priced
  // at L 0. A cart with nothing that can be bought has no shipping and nothing to pay.
  it("a cart whose only line is unavailable costs nothing on either page", async () => {
    const gone = await createProduct(db, { price: L(1200), stock: 5 });
    const user = await createShopper(db);
    const { cookie } = await userCookie(user.id);
    await putInCart(db, { userId: user.id }, gone.id, 1);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();

    const { cartPage, checkout } = await bothSummaries(cookie);
    const nothing = { subtotal: 0, shippingCost: 0, tax: 0, couponDiscount: 0, total: 0 };
    expect(checkout.totals).toEqual({ standard: nothing, express: nothing, pickup: nothing });
    expect(cartPage.byMethod).toEqual(checkout.totals);
    expect(cartPage.freeShippingRemaining).toBe(0);
    expect(checkout.lines).toMatchObject([{ id: expect.any(Number), available: false }]);
  });

  it.each(["standard", "express", "pickup"] as const)(
    "the %s order charges exactly what the summary showed, coupon included",
    async (method) => {
      const product = await createProduct(db, { price: L(1234.56), stock: 5 });
      const code = (await promo(15)).code;
      const guest = await guestCookie({ appliedCoupon: code });
      await putInCart(db, { guestId: guest.guestId }, product.id, 2);
      const shown = (await load(loader, "/checkout", guest.cookie)).totals[method];
      expect(shown.couponDiscount).toBeGreaterThan(0);

      const proof = await storedProof(guest.guestId);
      const fields =
        method === "pickup"
          ? { ...pickupFields, ...newBuyer() }
          : { ...deliveryFields, ...newBuyer(), shippingMethod: method };
      const order = await orderOf(
        await run(checkoutForm({ ...fields, paymentProof: proof }, { cookie: guest.cookie })),
      );
      expect({
        subtotal: order.subtotal,
        shippingCost: order.shippingCost,
        tax: order.tax,
        couponDiscount: order.couponDiscount,
        total: order.total,
      }).toEqual(shown);
      expect(order.couponCode).toBe(code);
    },
  );
});
