import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { toOrderSummaries } from "~/components/orders/order-summary-list";
import { getDashboardStats } from "~/models/analytics/dashboard.server";
import { toDashboardStats } from "~/web/api/calls/analytics.server";
import { CHECKOUT_MESSAGES, placeOrderMessage } from "~/models/checkout/checkout-messages.server";
import { getCheckoutSummary } from "~/models/checkout/checkout.server";
import { PROOF_MESSAGES } from "~/models/checkout/proofs.server";
import { listAdminOrders } from "~/models/orders/admin.server";
import { ordersCalls } from "~/web/api/calls/orders.server";
import { dashboardCalls } from "~/web/api/calls/analytics.server";
import type { CallDefinition } from "~/web/api/calls.server";
import { listOrdersForUser } from "~/models/orders/orders.server";
import { NOTES_REQUIRED } from "~/models/orders/status";
import { action as checkoutAction } from "~/routes/_store.checkout/route";
import { loader as confirmationLoader } from "~/routes/_store.order-confirmation.$orderId";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createPromoCode } from "../../../seed/factories/coupons";
import { createOrder } from "../../../seed/factories/orders";
import { createUser } from "../../../seed/factories/users";
import { callers, tokenFor, useApiServer, type As } from "../../setup/api-client";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pickupFields,
  pngBytes,
  putInCart,
  stockAndSold,
  userCookie,
} from "../../setup/checkout-helpers";
import { get, settle } from "../../setup/route-helpers";

const api = useApiServer();
const L = (lempiras: number) => lempiras * 100;

/** A multipart upload of the proof, as an app sends it. */
async function uploadProof(
  as: As,
  file: { bytes: Uint8Array; name?: string; type?: string } | null,
  field = "paymentProof",
) {
  const form = new FormData();
  form.set("note", "comprobante");
  if (file) {
    form.set(
      field,
      new File([new Uint8Array(file.bytes)], file.name ?? "pago.png", {
        type: file.type ?? "image/png",
      }),
    );
  }
  return api.call("POST", "/api/upload/payment-proof", { as, raw: { body: form } });
}

/** The answer is what the OpenAPI document says it is (the fuzzer checks the same). */
function expectDocumented(call: CallDefinition, answer: { status: number; body: unknown }) {
  expect(answer.status).toBe(call.status ?? 200);
  const parsed = call.response!.safeParse(answer.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
}

/** What an app sends to place an order: the delivery form, and whatever it believes it costs. */
function orderBody(order: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { order: { ...deliveryFields, ...order }, ...extra };
}

async function totalsOf(orderId: string) {
  return db
    .selectFrom("orders")
    .select(["subtotal", "shippingCost", "tax", "couponDiscount", "total", "couponCode"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
}

async function cartOf(owner: { userId: number } | { guestId: string }) {
  const query = db.selectFrom("cartItems").select(["productId", "size", "quantity"]);
  return "userId" in owner
    ? query.where("userId", "=", owner.userId).execute()
    : query.where("sessionId", "=", owner.guestId).execute();
}

describe("POST /api/orders: the checkout's own order", () => {
  it("charges what the checkout charges for the same cart; tampered prices and discounts change nothing", async () => {
    const a = await createProduct(db, { price: L(1000), stock: 10 });
    const b = await createProduct(db, { price: L(450), stock: 10 });
    const promo = await createPromoCode(db, {
      discountType: "percentage",
      discountValue: 10,
      maxUses: 5,
    });

    // The same cart, one placed through the API by a customer's token…
    const customer = await createUser(db);
    const { token } = await tokenFor(customer);
    await putInCart(db, { userId: customer.id }, a.id, 2);
    await putInCart(db, { userId: customer.id }, b.id, 1, "50ml");
    const shown = await getCheckoutSummary({ userId: customer.id, guestId: null }, promo.code);
    const answer = await api.call("POST", "/api/orders", {
      as: { token },
      body: orderBody(
        { paymentTiming: "later" },
        {
          items: [
            { productId: a.id, size: "100ml", quantity: 2, price: 1 },
            { productId: b.id, size: "50ml", quantity: 1, price: 1 },
          ],
          couponId: 999,
          couponCode: promo.code,
          couponDiscount: L(1_000_000),
        },
      ),
    });
    expectDocumented(ordersCalls.place, answer);
    expect(answer.body).toEqual({ id: expect.any(String), orderNumber: expect.any(String) });
    expect(answer.headers.get("location")).toBe(`/api/orders/${answer.body.id}`);
    const viaApi = await totalsOf(answer.body.id);
    expect(viaApi).toEqual({ ...shown.priced.byMethod.standard, couponCode: promo.code });
    expect(viaApi.couponDiscount).toBe(Math.round((L(2000) + L(360)) / 10));
    expect(await cartOf({ userId: customer.id })).toEqual([]);

    // …and one through the /checkout screen by a guest with the coupon applied.
    const guest = await guestCookie({ appliedCoupon: promo.code });
    await putInCart(db, { guestId: guest.guestId }, a.id, 2);
    await putInCart(db, { guestId: guest.guestId }, b.id, 1, "50ml");
    // A guest pays with the receipt (decision 128).
    const proof = { bytes: await pngBytes(), name: "pago.png" };
    const response = await settle(() =>
      checkoutAction({
        request: checkoutForm(deliveryFields, { cookie: guest.cookie, proof }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    const pageOrderId = new URL(response.headers.get("location")!, "http://x").searchParams.get(
      "order",
    )!;
    expect(await totalsOf(pageOrderId)).toEqual(viaApi);
  });

  it("refuses items that are not the cart with 409, and writes nothing", async () => {
    const product = await createProduct(db, { price: L(800), stock: 5 });
    const { customer, asCustomer } = await callers();
    await putInCart(db, { userId: customer.id }, product.id, 2);
    const before = await stockAndSold(db, product.id);
    const answer = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody(
        { paymentTiming: "later" },
        { items: [{ productId: product.id, size: "100ml", quantity: 1, price: L(800) }] },
      ),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: "cart_changed",
      detail: CHECKOUT_MESSAGES.cartChanged,
    });
    expect(await stockAndSold(db, product.id)).toEqual(before);
    expect(await cartOf({ userId: customer.id })).toHaveLength(1);
  });

  it("answers a stock conflict with 409 and the checkout's message; nothing is taken", async () => {
    const product = await createProduct(db, { price: L(500), stock: 1 });
    const { customer, asCustomer } = await callers();
    await putInCart(db, { userId: customer.id }, product.id, 3);
    const before = await stockAndSold(db, product.id);
    const answer = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody({ paymentTiming: "later" }),
    });
    expect(answer.status).toBe(409);
    expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({
      code: "out_of_stock",
      detail: placeOrderMessage({
        error: "insufficient_stock",
        product: product.name,
        stock: 1,
        quantity: 3,
      }),
    });
    expect(answer.body.detail).toContain("unidades disponibles");
    expect(await stockAndSold(db, product.id)).toEqual(before);
    expect(
      await db.selectFrom("orders").select("id").where("userId", "=", customer.id).execute(),
    ).toEqual([]);
  });

  it("keeps the checkout's payment and field rules, in Spanish, per field", async () => {
    const product = await createProduct(db, { stock: 5 });
    const { customer, asCustomer } = await callers();
    await putInCart(db, { userId: customer.id }, product.id, 1);

    const noProof = await api.call("POST", "/api/orders", { as: asCustomer, body: orderBody({}) });
    expect(noProof.status).toBe(422);
    expect(noProof.body.errors["order.paymentProof"]).toEqual([CHECKOUT_MESSAGES.proof]);

    const badFields = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody({ email: "no-es-correo", address: "corta", paymentTiming: "later" }),
    });
    expect(badFields.status).toBe(422);
    expect(badFields.body.detail).toBe("Revisa los datos enviados.");
    expect(badFields.body.errors).toMatchObject({
      "order.email": [CHECKOUT_MESSAGES.email],
      "order.address": [CHECKOUT_MESSAGES.address],
    });

    const pickupNoPhone = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: { order: { ...pickupFields, phone: "", paymentTiming: "later" } },
    });
    expect(pickupNoPhone.status).toBe(422);
    expect(pickupNoPhone.body.errors["order.phone"]).toEqual([CHECKOUT_MESSAGES.pickupPhone]);

    // The form's fields as JSON: an empty choice is refused, not read as the default.
    const emptyChoice = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody({ shippingMethod: "", paymentTiming: "later" }),
    });
    expect(emptyChoice.status).toBe(422);
    expect(Object.keys(emptyChoice.body.errors)).toEqual(["order.shippingMethod"]);

    const missing = await api.call("POST", "/api/orders", { as: asCustomer, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["order"]);

    // Another shopper's proof is not this order's.
    const stranger = await guestCookie();
    const theirs = await uploadProof(stranger, { bytes: await pngBytes() });
    expect(theirs.status).toBe(201);
    const stolen = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody({ paymentProof: theirs.body.id }),
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body).toMatchObject({ code: "proof", detail: CHECKOUT_MESSAGES.proof });

    const badCoupon = await api.call("POST", "/api/orders", {
      as: asCustomer,
      body: orderBody({ paymentTiming: "later" }, { couponCode: "NOEXISTE" }),
    });
    expect(badCoupon.status).toBe(422);
    expect(badCoupon.body.errors.couponCode).toEqual([badCoupon.body.detail]);

    // Nothing of it was written: the cart is whole.
    expect(await cartOf({ userId: customer.id })).toHaveLength(1);
    const readOnly = await tokenFor(customer, { scope: "read" });
    const refused = await api.call("POST", "/api/orders", {
      as: { token: readOnly.token },
      body: orderBody({ paymentTiming: "later" }),
    });
    expect(refused.status).toBe(403);
    expect(await cartOf({ userId: customer.id })).toHaveLength(1);
  });

  it("lets a guest upload the proof and order with it; the same key places one order", async () => {
    const product = await createProduct(db, { price: L(1200), stock: 4 });
    const guest = await guestCookie();
    await putInCart(db, { guestId: guest.guestId }, product.id, 1);
    const proof = await uploadProof(guest, { bytes: await pngBytes() });
    expectDocumented(ordersCalls.uploadProof, proof);
    expect(proof.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/resources/payment-proofs/${proof.body.id}`,
    });
    const checkoutKey = crypto.randomUUID();
    const body = orderBody({ paymentProof: proof.body.url, checkoutKey });
    const placed = await api.call("POST", "/api/orders", { as: guest, body });
    expect(placed.status).toBe(201);
    const order = await db
      .selectFrom("orders")
      .select(["sessionId", "userId", "paymentProof"])
      .where("id", "=", placed.body.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ sessionId: guest.guestId, userId: null, paymentProof: proof.body.url });
    const again = await api.call("POST", "/api/orders", { as: guest, body });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(placed.body);
    expect((await stockAndSold(db, product.id)).stock).toBe(3);
  });

  it("answers a visitor with no cart with the empty cart's message", async () => {
    const answer = await api.call("POST", "/api/orders", {
      headers: { Origin: api.origin },
      body: orderBody({ paymentTiming: "later" }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: "empty_cart", detail: "Tu carrito está vacío" });
  });
});

describe("POST /api/upload/payment-proof", () => {
  it("keeps the checkout's size and type rules and messages", async () => {
    const { asCustomer } = await callers();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await pngBytes());
    const tooBig = await uploadProof(asCustomer, { bytes: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe("El archivo es muy grande. Máximo 5MB permitido.");

    const text = await uploadProof(asCustomer, {
      bytes: new TextEncoder().encode("no soy una imagen"),
      name: "pago.png",
    });
    expect(text.status).toBe(415);
    expect(text.body.errors.paymentProof).toEqual([PROOF_MESSAGES.notImage]);

    const none = await uploadProof(asCustomer, null);
    expect(none.status).toBe(422);
    expect(none.body.errors.paymentProof).toEqual([CHECKOUT_MESSAGES.proof]);

    const wrongField = await uploadProof(asCustomer, { bytes: await pngBytes() }, "proofFile");
    expect(wrongField.status).toBe(422);

    const json = await api.call("POST", "/api/upload/payment-proof", {
      as: asCustomer,
      body: { paymentProof: "x" },
    });
    expect(json.status).toBe(415);
  });

  it("refuses a read-only token and a cross-site post", async () => {
    const user = await createUser(db);
    const readOnly = await tokenFor(user, { scope: "read" });
    expect((await uploadProof({ token: readOnly.token }, { bytes: await pngBytes() })).status).toBe(
      403,
    );
    const form = new FormData();
    form.set("paymentProof", new File([new Uint8Array(await pngBytes())], "pago.png"));
    const crossSite = await api.call("POST", "/api/upload/payment-proof", {
      raw: { body: form },
      headers: { Origin: "https://otro.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("the customer's orders", () => {
  it("GET /api/orders/{id} is the confirmation page's order: owner or admin, else 404", async () => {
    const product = await createProduct(db, { price: L(900), stock: 5 });
    const customer = await createUser(db);
    const session = await userCookie(customer.id);
    await putInCart(db, { userId: customer.id }, product.id, 2);
    const placed = await api.call("POST", "/api/orders", {
      as: session,
      body: orderBody({ paymentTiming: "later" }),
    });
    expect(placed.status).toBe(201);
    const id = placed.body.id;

    const answer = await api.get(`/api/orders/${id}`, { as: session });
    expectDocumented(ordersCalls.one, answer);
    const page = await settle(() =>
      confirmationLoader({
        request: get(`/order-confirmation/${id}`, session.cookie),
        params: { orderId: id },
        context: {},
      }),
    );
    const shown = await page.json();
    const { signedIn: _signedIn, ...loaderData } = shown;
    const withoutImages = (order: { items: Record<string, unknown>[] }) => ({
      ...order,
      items: order.items.map(({ image: _i, productImage: _p, ...item }) => item),
    });
    expect({ ...answer.body, order: withoutImages(answer.body.order) }).toEqual({
      ...loaderData,
      order: withoutImages(loaderData.order),
    });
    expect(answer.body.transfer.kind).toBe("awaiting");
    expect(answer.body.order.items[0]).toMatchObject({ quantity: 2, price: L(900) });

    const { asOther, asAdmin, asCustomer } = await callers();
    const other = await api.get(`/api/orders/${id}`, { as: asOther });
    expect(other.status).toBe(404);
    expect(other.body.detail).toBe("Pedido no encontrado");
    expect((await api.get(`/api/orders/${id}`, { as: asCustomer })).status).toBe(404);
    expect((await api.get(`/api/orders/${id}`)).status).toBe(401);
    const admin = await api.get(`/api/orders/${id}`, { as: asAdmin });
    expect(admin.status).toBe(200);
    expect(admin.body.order.id).toBe(id);
    expect((await api.get(`/api/orders/no-existe`, { as: asAdmin })).status).toBe(404);
  });

  it("lists my orders as /profile/orders and /orders do, page by page", async () => {
    const product = await createProduct(db, { price: L(300), stock: 50 });
    const { customer, asCustomer, asOther } = await callers();
    for (let i = 1; i <= 3; i++) {
      await createOrder(db, {
        userId: customer.id,
        lines: [{ product, quantity: i }],
        createdAt: new Date(Date.now() - i * 60_000).toISOString(),
      });
    }
    const whole = await listOrdersForUser(customer.id);

    const mine = await api.get("/api/orders/my-orders?limit=2", { as: asCustomer });
    expectDocumented(ordersCalls.myOrders, mine);
    expect(mine.body).toMatchObject({ page: 1, pageCount: 2, total: 3, limit: 2 });
    expect(mine.body.items).toEqual(toOrderSummaries(whole).slice(0, 2));

    const withItems = await api.get("/api/orders/user?limit=2&page=2", { as: asCustomer });
    expectDocumented(ordersCalls.userOrders, withItems);
    expect(withItems.body).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(withItems.body.items).toHaveLength(1);
    expect(withItems.body.items[0]).toMatchObject({
      id: whole[2]!.id,
      total: whole[2]!.total,
      transfer: { kind: "awaiting" },
      items: [{ quantity: 3, price: L(300), productName: product.name }],
    });

    expect((await api.get("/api/orders/my-orders", { as: asOther })).body.total).toBe(0);
    expect((await api.get("/api/orders/my-orders")).status).toBe(401);
    expect((await api.get("/api/orders/user")).status).toBe(401);
    const bad = await api.get("/api/orders/user?limit=1000", { as: asCustomer });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["limit"]);
  });
});

describe("the back office's orders", () => {
  it("lists what /admin/orders lists for the same filters; customers are refused", async () => {
    const product = await createProduct(db, { stock: 20 });
    const email = `filtro-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const order = await createOrder(db, { lines: [{ product }], contact: { email } });
    const { asAdmin, asCustomer, adminSession } = await callers();

    const found = await api.get(`/api/orders?q=${encodeURIComponent(email)}`, { as: asAdmin });
    expectDocumented(ordersCalls.adminList, found);
    expect(found.body).toMatchObject({ total: 1, page: 1, pageCount: 1, limit: 20 });
    expect(found.body.items[0]).toMatchObject({
      id: order.id,
      customerEmail: email,
      isGuest: true,
      hasProof: false,
      firstItems: [{ productName: product.name, quantity: 1 }],
    });

    const pending = await api.get("/api/orders?status=pending&limit=5", { as: adminSession });
    const list = await listAdminOrders({ status: "pending", page: 1, pageSize: 5 });
    expect(pending.body.items).toEqual(list.orders);
    expect(pending.body.total).toBe(list.total);

    expect((await api.get("/api/orders", { as: asCustomer })).status).toBe(403);
    expect((await api.get("/api/orders")).status).toBe(401);
    expect((await api.get("/api/orders?status=perdido", { as: asAdmin })).status).toBe(400);
  });

  it("moves an order through the lifecycle: illegal moves are 409 with its message", async () => {
    const product = await createProduct(db, { stock: 10 });
    const order = await createOrder(db, { lines: [{ product, quantity: 2 }] });
    const { asAdmin, asCustomer, admin } = await callers();
    const path = `/api/orders/${order.id}`;

    const byCustomer = await api.call("PUT", `${path}/status`, {
      as: asCustomer,
      body: { status: "paid" },
    });
    expect(byCustomer.status).toBe(403);
    const readOnly = await tokenFor(admin, { scope: "read" });
    const byReader = await api.call("PUT", `${path}/status`, {
      as: { token: readOnly.token },
      body: { status: "paid" },
    });
    expect(byReader.status).toBe(403);

    const paid = await api.call("PUT", `${path}/status`, { as: asAdmin, body: { status: "paid" } });
    expectDocumented(ordersCalls.status, paid);
    expect(paid.body).toMatchObject({ orderId: order.id, from: "pending", to: "paid" });

    const illegal = await api.call("PUT", `${path}/deny`, {
      as: asAdmin,
      body: { notes: "Pago no recibido" },
    });
    expect(illegal.status).toBe(409);
    expect(illegal.body).toMatchObject({
      code: "illegal_transition",
      detail: "No se puede cambiar un pedido de «Pagado» a «Denegado».",
    });
    const stale = await api.call("PUT", `${path}/status`, {
      as: asAdmin,
      body: { status: "processing", expectedStatus: "pending" },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");

    const noNotes = await api.call("PUT", `${path}/cancel`, { as: asAdmin, body: {} });
    expect(noNotes.status).toBe(422);
    expect(noNotes.body).toMatchObject({
      detail: NOTES_REQUIRED,
      errors: { notes: [NOTES_REQUIRED] },
    });

    const before = await stockAndSold(db, product.id);
    const cancelled = await api.call("PUT", `${path}/cancel`, {
      as: asAdmin,
      body: { notes: "El cliente desistió" },
    });
    expectDocumented(ordersCalls.cancel, cancelled);
    expect(cancelled.body).toMatchObject({ from: "paid", to: "cancelled", stockRestored: true });
    expect((await stockAndSold(db, product.id)).stock).toBe(before.stock + 2);

    const deleteCancelled = await api.call("DELETE", path, { as: asAdmin, body: { notes: "x" } });
    expect(deleteCancelled.status).toBe(409);
    expect(deleteCancelled.body.detail).toBe(
      "No se puede eliminar un pedido en estado «Cancelado».",
    );

    const unknown = await api.call("PUT", "/api/orders/no-existe/status", {
      as: asAdmin,
      body: { status: "paid" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Pedido no encontrado");
    const badStatus = await api.call("PUT", `${path}/status`, {
      as: asAdmin,
      body: { status: "perdido" },
    });
    expect(badStatus.status).toBe(422);
    expect(Object.keys(badStatus.body.errors)).toEqual(["status"]);
  });

  it("records a cash order's 'Cobrado' once, as the order page does (decision 166)", async () => {
    const product = await createProduct(db, { stock: 10 });
    const { asAdmin, asCustomer } = await callers();
    const order = await createOrder(db, {
      lines: [{ product }],
      paymentMethod: "cash_on_delivery",
      status: "shipped",
    });
    const refused = await api.call("POST", `/api/orders/${order.id}/cobrado`, {
      as: asCustomer,
      body: { amount: order.total, collectedBy: "Mario" },
    });
    expect(refused.status).toBe(403);
    const cash = await api.call("POST", `/api/orders/${order.id}/cobrado`, {
      as: asAdmin,
      body: { amount: order.total, collectedBy: "Mario" },
    });
    expectDocumented(ordersCalls.cash, cash);
    expect(cash.body).toMatchObject({ status: "shipped", orderNumber: order.orderNumber });
    const again = await api.call("POST", `/api/orders/${order.id}/cobrado`, {
      as: asAdmin,
      body: { amount: order.total, collectedBy: "Mario" },
    });
    expect(again.status).toBe(409);
    const read = await api.call("GET", `/api/orders/${order.id}`, { as: asAdmin });
    expect(read.body.paymentMethod ?? read.body.order?.paymentMethod).toBe("cash_on_delivery");
  });

  it("denies a pending order and deletes another as the admin screen does", async () => {
    const product = await createProduct(db, { stock: 10 });
    const { asAdmin, adminSession } = await callers();
    const toDeny = await createOrder(db, { lines: [{ product }] });
    const denied = await api.call("PUT", `/api/orders/${toDeny.id}/deny`, {
      as: adminSession,
      body: { customerReason: "El comprobante no corresponde" },
    });
    expectDocumented(ordersCalls.deny, denied);
    expect(denied.body).toMatchObject({ from: "pending", to: "denied", stockRestored: true });

    const toDelete = await createOrder(db, { lines: [{ product, quantity: 3 }] });
    const before = await stockAndSold(db, product.id);
    const noNotes = await api.call("DELETE", `/api/orders/${toDelete.id}`, { as: asAdmin });
    expect(noNotes.status).toBe(422);
    const deleted = await api.call("DELETE", `/api/orders/${toDelete.id}`, {
      as: asAdmin,
      body: { notes: "Pedido duplicado" },
    });
    expectDocumented(ordersCalls.remove, deleted);
    expect(deleted.body).toEqual({
      orderId: toDelete.id,
      orderNumber: toDelete.orderNumber,
      stockRestored: true,
      couponReleased: null,
    });
    expect(await stockAndSold(db, product.id)).toEqual({
      stock: before.stock + 3,
      sold: before.sold - 3,
    });
    expect((await api.get(`/api/orders/${toDelete.id}`, { as: asAdmin })).status).toBe(404);
  });

  it("GET /api/admin/stats gives the dashboard's figures, to admins only", async () => {
    const { asAdmin, asCustomer } = await callers();
    const answer = await api.get("/api/admin/stats", { as: asAdmin });
    expectDocumented(dashboardCalls.stats, answer);
    expect(answer.body).toEqual(toDashboardStats(await getDashboardStats()));
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        "lowStockProducts",
        "pendingOrders",
        "stockThreshold",
        "todaySales",
        "totalProducts",
        "totalSales",
        "totalUsers",
      ].sort(),
    );
    expect((await api.get("/api/admin/stats", { as: asCustomer })).status).toBe(403);
    expect((await api.get("/api/admin/stats")).status).toBe(401);
  });
});
