import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { COUPON_MESSAGES, couponRefusalMessage } from "~/models/promotions/coupons";
import { checkCoupon } from "~/models/promotions/coupons.server";
import { changeOrderStatus, deleteOrder } from "~/models/orders/lifecycle.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/_store.checkout/route";
import { action as couponAction } from "~/routes/resources.coupon";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import {
  checkoutForm,
  deliveryFields,
  guestCookie,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import {
  formPost,
  get,
  readSession,
  sessionCookie,
  sessionCookieOf,
  settle,
} from "../setup/route-helpers";

const L = (lempiras: number) => lempiras * 100;
const code = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString("hex")}`.toUpperCase();
const day = 86_400_000;

async function promo(values: {
  discountType?: "percentage" | "fixed";
  discountValue?: number;
  minOrderAmount?: number;
  maxUses?: number;
  currentUses?: number;
  isActive?: 0 | 1;
  validFrom?: string | null;
  validUntil?: string | null;
}) {
  return db
    .insertInto("promoCodes")
    .values({ code: code("PROMO"), discountType: "percentage", discountValue: 10, ...values })
    .returning(["id", "code"])
    .executeTakeFirstOrThrow();
}

async function loyaltyCoupon(
  userId: number,
  values: { isUsed?: 0 | 1; expiresAt?: string | null; discountAmount?: number } = {},
) {
  return db
    .insertInto("userCoupons")
    .values({ userId, code: code("LEAL"), pointsUsed: 350, discountAmount: L(10), ...values })
    .returning(["id", "code"])
    .executeTakeFirstOrThrow();
}

describe("checkCoupon (D20)", () => {
  it("percentage and fixed promo codes; the code is trimmed and upper-cased", async () => {
    const percent = await promo({ discountType: "percentage", discountValue: 15 });
    const fixed = await promo({ discountType: "fixed", discountValue: L(250) });
    expect(
      await checkCoupon({
        code: `  ${percent.code.toLowerCase()} `,
        userId: null,
        subtotal: L(1000),
      }),
    ).toMatchObject({
      ok: true,
      coupon: { kind: "promo", code: percent.code, discount: L(150), label: "15%" },
    });
    expect(await checkCoupon({ code: fixed.code, userId: null, subtotal: L(1000) })).toMatchObject({
      ok: true,
      coupon: { kind: "promo", discount: L(250), label: "L\u00a0250.00" },
    });
  });

  it.each([
    ["empty", async () => ({ code: "   " }), COUPON_MESSAGES.empty],
    ["unknown", async () => ({ code: "NOEXISTE1" }), COUPON_MESSAGES.notFound],
    ["inactive", async () => promo({ isActive: 0 }), COUPON_MESSAGES.inactive],
    [
      "not yet valid",
      async () => promo({ validFrom: new Date(Date.now() + day).toISOString() }),
      COUPON_MESSAGES.notYetValid,
    ],
    [
      "expired",
      async () => promo({ validUntil: new Date(Date.now() - day).toISOString() }),
      COUPON_MESSAGES.expired,
    ],
    ["used up", async () => promo({ maxUses: 3, currentUses: 3 }), COUPON_MESSAGES.exhausted],
    [
      "below the minimum",
      async () => promo({ minOrderAmount: L(1000.01) }),
      COUPON_MESSAGES.minimum("L\u00a01,000.01"),
    ],
  ] as const)("refuses a promo code that is %s", async (_case, make, message) => {
    const { code } = await make();
    const check = await checkCoupon({ code, userId: null, subtotal: L(1000) });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(couponRefusalMessage(check)).toBe(message);
  });

  it("accepts at the minimum and inside the window; max uses 0 means unlimited", async () => {
    const atMinimum = await promo({
      minOrderAmount: L(1000),
      maxUses: 0,
      currentUses: 500,
      validFrom: new Date(Date.now() - day).toISOString(),
      validUntil: new Date(Date.now() + day).toISOString(),
    });
    expect(
      await checkCoupon({ code: atMinimum.code, userId: null, subtotal: L(1000) }),
    ).toMatchObject({ ok: true });
  });

  it("a loyalty coupon works only for its owner, once, before it expires", async () => {
    const owner = await createShopper(db);
    const other = await createShopper(db);
    const coupon = await loyaltyCoupon(owner.id);
    expect(
      await checkCoupon({ code: coupon.code, userId: owner.id, subtotal: L(100) }),
    ).toMatchObject({
      ok: true,
      coupon: { kind: "loyalty", discount: L(10) },
    });
    expect(await checkCoupon({ code: coupon.code, userId: other.id, subtotal: L(100) })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await checkCoupon({ code: coupon.code, userId: null, subtotal: L(100) })).toEqual({
      ok: false,
      reason: "not_found",
    });
    const used = await loyaltyCoupon(owner.id, { isUsed: 1 });
    expect(await checkCoupon({ code: used.code, userId: owner.id, subtotal: L(100) })).toEqual({
      ok: false,
      reason: "used",
    });
    const expired = await loyaltyCoupon(owner.id, {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await checkCoupon({ code: expired.code, userId: owner.id, subtotal: L(100) })).toEqual({
      ok: false,
      reason: "expired",
    });
  });
});

describe("the code box: applied in the session, carried to the order, checked again there", () => {
  let png: Uint8Array;
  beforeAll(async () => {
    png = await pngBytes();
  });

  async function guestWithProduct(price = L(1000)) {
    const product = await createProduct(db, { price });
    const guest = await guestCookie();
    await putInCart(db, { guestId: guest.guestId }, product.id);
    return { product, guest };
  }

  it("cart box: '¡Cupón aplicado!' then 'Cupón removido', back to the page it came from", async () => {
    const { guest } = await guestWithProduct();
    const { code } = await promo({ discountValue: 20 });
    const applied = await settle(() =>
      couponAction({
        request: formPost(
          "/resources/coupon",
          { intent: "apply-coupon", code: code.toLowerCase(), redirectTo: "/cart" },
          guest.cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(applied.status).toBe(302);
    expect(applied.headers.get("location")).toBe("/cart");
    const cookie = sessionCookieOf(applied, guest.cookie);
    expect((await readSession(cookie)).toast).toMatchObject({ title: "¡Cupón aplicado!" });
    const page = await (
      await settle(() =>
        checkoutLoader({ request: get("/checkout", cookie), params: {}, context: {} }),
      )
    ).json();
    expect(page.coupon).toMatchObject({ status: "applied", code, discount: L(200) });
    expect(page.totals.standard).toMatchObject({
      subtotal: L(1000),
      shippingCost: L(150),
      tax: L(150),
      couponDiscount: L(200),
      total: L(1100),
    });

    const removed = await settle(() =>
      couponAction({
        request: formPost(
          "/resources/coupon",
          { intent: "remove-coupon", redirectTo: "https://evil.example" },
          cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(removed.headers.get("location")).toBe("/cart");
    const after = sessionCookieOf(removed, cookie);
    expect((await readSession(after)).toast).toMatchObject({ title: "Cupón removido" });
    const again = await (
      await settle(() =>
        checkoutLoader({ request: get("/checkout", after), params: {}, context: {} }),
      )
    ).json();
    expect(again.coupon).toBeNull();
  });

  it("cart box: an empty code and an invalid one get the §8 messages", async () => {
    const { guest } = await guestWithProduct();
    const empty = await settle(() =>
      couponAction({
        request: formPost(
          "/resources/coupon",
          { intent: "apply-coupon", code: "  " },
          guest.cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect((await readSession(sessionCookieOf(empty, guest.cookie))).toast).toMatchObject({
      title: "Error",
      description: "Ingresa un código de cupón",
    });
    const invalid = await settle(() =>
      couponAction({
        request: formPost(
          "/resources/coupon",
          { intent: "apply-coupon", code: "NADA" },
          guest.cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect((await readSession(sessionCookieOf(invalid, guest.cookie))).toast).toMatchObject({
      title: "Error con el cupón",
      description: COUPON_MESSAGES.notFound,
    });
  });

  it("checkout box without JS: applying keeps what was typed; the order takes the discount and uses the code", async () => {
    const { guest } = await guestWithProduct(L(3000));
    const { code, id } = await promo({ discountType: "fixed", discountValue: L(500), maxUses: 2 });
    const applyRequest = checkoutForm(
      { ...deliveryFields, intent: "apply-coupon", code: ` ${code.toLowerCase()}` },
      { cookie: guest.cookie },
    );
    const applied = await settle(() =>
      checkoutAction({ request: applyRequest, params: {}, context: {} }),
    );
    expect(applied.status).toBe(200);
    const body = await applied.json();
    expect(body.coupon).toMatchObject({ ok: true, title: "¡Cupón aplicado!" });
    expect(body.result.initialValue).toMatchObject({
      email: deliveryFields.email,
      address: deliveryFields.address,
    });
    const cookie = sessionCookieOf(applied, guest.cookie);

    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm(deliveryFields, {
          cookie,
          proof: { bytes: png, name: "p.png" },
        }),
        params: {},
        context: {},
      }),
    );
    expect(placed.status).toBe(302);
    const orderId =
      new URL(placed.headers.get("location") ?? "", "http://x").searchParams.get("order") ?? "";
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      couponCode: code,
      promoCodeId: id,
      couponDiscount: L(500),
      subtotal: L(3000),
      shippingCost: 0,
      tax: L(450),
      total: L(2950),
    });
    expect(
      (
        await db
          .selectFrom("promoCodes")
          .select("currentUses")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).currentUses,
    ).toBe(1);
    // The code leaves the session with the order.
    const next = await (
      await settle(() =>
        checkoutLoader({
          request: get("/checkout", sessionCookieOf(placed, cookie)),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(next.coupon).toBeNull();
  });

  it("a code deactivated after it was applied refuses the order, drops the code and writes nothing", async () => {
    const { guest, product } = await guestWithProduct();
    const { code, id } = await promo({ discountValue: 10 });
    const applied = await settle(() =>
      couponAction({
        request: formPost("/resources/coupon", { intent: "apply-coupon", code }, guest.cookie),
        params: {},
        context: {},
      }),
    );
    const cookie = sessionCookieOf(applied, guest.cookie);
    await db.updateTable("promoCodes").set({ isActive: 0 }).where("id", "=", id).execute();
    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm(deliveryFields, {
          cookie,
          proof: { bytes: png, name: "p.png" },
        }),
        params: {},
        context: {},
      }),
    );
    expect(placed.status).toBe(400);
    expect((await placed.json()).result.error[""]).toEqual([COUPON_MESSAGES.inactive]);
    expect(
      await db.selectFrom("orders").select("id").where("sessionId", "=", guest.guestId).execute(),
    ).toEqual([]);
    const stock = await db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(10);
    const page = await (
      await settle(() =>
        checkoutLoader({
          request: get("/checkout", sessionCookieOf(placed, cookie)),
          params: {},
          context: {},
        }),
      )
    ).json();
    expect(page.coupon).toBeNull();
  });

  it("a loyalty coupon is consumed by its owner's order (single use, linked to the order)", async () => {
    const user = await createShopper(db);
    const { cookie: userSession } = await userCookie(user.id);
    const product = await createProduct(db, { price: L(100) });
    await putInCart(db, { userId: user.id }, product.id);
    const coupon = await loyaltyCoupon(user.id, { discountAmount: L(500) });
    const applied = await settle(() =>
      couponAction({
        request: formPost(
          "/resources/coupon",
          { intent: "apply-coupon", code: coupon.code },
          userSession,
        ),
        params: {},
        context: {},
      }),
    );
    const cookie = sessionCookieOf(applied, userSession);
    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm(deliveryFields, {
          cookie,
          proof: { bytes: png, name: "p.png" },
        }),
        params: {},
        context: {},
      }),
    );
    const orderId =
      new URL(placed.headers.get("location") ?? "", "http://x").searchParams.get("order") ?? "";
    const order = await db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    // L 100 + L 150 shipping + L 15 ISV = L 265; the L 500 coupon is capped there (D19: never below 0).
    expect(order).toMatchObject({
      couponCode: coupon.code,
      promoCodeId: null,
      couponDiscount: L(265),
      total: 0,
    });
    const row = await db
      .selectFrom("userCoupons")
      .select(["isUsed", "orderId"])
      .where("id", "=", coupon.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isUsed: 1, orderId });
  });
});

describe("an undone order gives its code back (D20)", () => {
  let png: Uint8Array;
  beforeAll(async () => {
    png = await pngBytes();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Checkout without JS with the code already applied in the session; the new order's id. */
  async function placeWithCode(shopper: { userId?: number }, couponCode: string) {
    const product = await createProduct(db, { price: L(1000) });
    const guestId = crypto.randomUUID();
    await putInCart(db, shopper.userId ? { userId: shopper.userId } : { guestId }, product.id);
    const cookie = await sessionCookie({ ...shopper, guestId, appliedCoupon: couponCode });
    const placed = await settle(() =>
      checkoutAction({
        request: checkoutForm(deliveryFields, { cookie, proof: { bytes: png, name: "p.png" } }),
        params: {},
        context: {},
      }),
    );
    if (placed.status !== 302) return { placed, orderId: null };
    const location = new URL(placed.headers.get("location") ?? "", "http://x");
    return { placed, orderId: location.searchParams.get("order") };
  }

  const admin = async () => ({
    userId: (await createShopper(db, { role: "admin" })).id,
    role: "admin" as const,
  });

  it("a cancelled order's loyalty coupon is used again by its owner, until its original expiry", async () => {
    const owner = await createShopper(db);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const coupon = await loyaltyCoupon(owner.id, { expiresAt, discountAmount: L(100) });
    const first = await placeWithCode({ userId: owner.id }, coupon.code);
    expect(first.orderId).toEqual(expect.any(String));
    await changeOrderStatus({
      orderId: first.orderId!,
      to: "cancelled",
      actor: await admin(),
      note: "Cliente pidió cancelar",
    });
    const row = () =>
      db
        .selectFrom("userCoupons")
        .select(["isUsed", "usedAt", "orderId", "expiresAt"])
        .where("id", "=", coupon.id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ isUsed: 0, usedAt: null, orderId: null, expiresAt });

    const second = await placeWithCode({ userId: owner.id }, coupon.code);
    const order = await db
      .selectFrom("orders")
      .select(["couponCode", "couponDiscount"])
      .where("id", "=", second.orderId!)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ couponCode: coupon.code, couponDiscount: L(100) });
    expect(await row()).toMatchObject({ isUsed: 1, orderId: second.orderId, expiresAt });

    // Deleted before it was delivered, the second order gives it back too; after the expiry
    // the coupon refuses the next order.
    await deleteOrder({ orderId: second.orderId!, actor: await admin(), note: "Duplicado" });
    expect(await row()).toMatchObject({ isUsed: 0, orderId: null });
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.parse(expiresAt) + 60_000) });
    const late = await placeWithCode({ userId: owner.id }, coupon.code);
    expect(late.placed.status).toBe(400);
    expect((await late.placed.json()).result.error[""]).toEqual([COUPON_MESSAGES.expired]);
    expect(await row()).toMatchObject({ isUsed: 0, orderId: null });
  });

  it("a denied order gives back its promo code's last use, which another buyer can take", async () => {
    const { code, id } = await promo({ discountType: "fixed", discountValue: L(50), maxUses: 1 });
    const uses = async () =>
      (
        await db
          .selectFrom("promoCodes")
          .select("currentUses")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).currentUses;
    const first = await placeWithCode({}, code);
    expect(await uses()).toBe(1);
    const refused = await placeWithCode({}, code);
    expect(refused.placed.status).toBe(400);
    expect((await refused.placed.json()).result.error[""]).toEqual([COUPON_MESSAGES.exhausted]);

    await changeOrderStatus({
      orderId: first.orderId!,
      to: "denied",
      actor: await admin(),
      note: "Comprobante falso",
    });
    expect(await uses()).toBe(0);
    const next = await placeWithCode({}, code);
    expect(next.orderId).toEqual(expect.any(String));
    expect(await uses()).toBe(1);
  });
});
