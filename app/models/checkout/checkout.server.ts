import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Database, ShippingMethod } from "#db/types";
import { db } from "~/utils/db.server";
import { getCart } from "~/models/cart/cart.server";
import { DELIVERY_DAYS, paymentProofUrl, type PlaceOrderRefusal } from "./checkout";
import { checkCoupon, consumeCoupon, type AppliedCoupon } from "~/models/promotions/coupons.server";
import { couponRefusalMessage, type CouponView } from "~/models/promotions/coupons";
import { generateOrderNumber } from "~/models/orders/orders.server";
import { priceCart, type OrderTotals } from "./pricing";
import type { StoreSettings } from "~/models/settings/settings";
import { getSettings } from "~/models/settings/settings.server";
import { ownerColumns, owns, type KnownShopper, type Shopper } from "~/models/auth/shopper";

/*
 * Placing an order (issue 4): one BEGIN IMMEDIATE transaction that re-prices the cart from the
 * products, takes the stock (D18), checks and consumes the coupon (D20), creates the order with
 * its D14 number, items and admin notes (storefront §3), attaches the proof and empties the
 * cart. Any failure rolls all of it back. Nothing but the database is awaited inside.
 */

type Trx = Transaction<Database>;

export type PlaceOrderInput = {
  shopper: KnownShopper;
  /** the form's random key: the same form posted twice creates one order */
  checkoutKey: string;
  email: string;
  phone?: string;
  firstName: string;
  lastName: string;
  shippingMethod: ShippingMethod;
  address?: string;
  referenceAddress?: string;
  city?: string;
  department?: string;
  paymentProof: string;
  couponCode: string | null;
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; orderNumber: string; repeated: boolean }
  | ({ ok: false } & PlaceOrderRefusal);

/** Thrown inside the order's transaction so that everything written so far is rolled back. */
class CheckoutError extends Error {
  constructor(readonly refusal: PlaceOrderRefusal) {
    super(refusal.error);
  }
}

function adminNotes(input: PlaceOrderInput, settings: StoreSettings) {
  const notes = [`Banco: ${settings.bank_name} (transferencia)`];
  if (input.shopper.userId === null) notes.push("Usuario anónimo (compra como invitado)");
  notes.push(`Cliente: ${input.firstName} ${input.lastName}`);
  if (input.shippingMethod !== "pickup" && input.referenceAddress) {
    notes.push(`Referencia: ${input.referenceAddress}`);
  }
  return notes.join("\n");
}

async function findRepeat(trx: Trx, input: PlaceOrderInput) {
  const existing = await trx
    .selectFrom("orders")
    .select(["id", "orderNumber", "userId", "sessionId"])
    .where("checkoutKey", "=", input.checkoutKey)
    .executeTakeFirst();
  if (!existing) return null;
  if (!owns(input.shopper, existing)) {
    throw new CheckoutError({ error: "duplicate_key" });
  }
  return existing;
}

async function takeStock(trx: Trx, lines: { productId: number; name: string; quantity: number }[]) {
  // Stock is one number per product (any size): sum the lines of a product first.
  const wanted = new Map<number, { name: string; quantity: number }>();
  for (const line of lines) {
    const entry = wanted.get(line.productId) ?? { name: line.name, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(line.productId, entry);
  }
  for (const [productId, { name, quantity }] of wanted) {
    // D18: the guarded UPDATE never takes stock below zero. Units sold feed the "popular" sort.
    const result = await trx
      .updateTable("products")
      .set((eb) => ({
        stock: eb("stock", "-", quantity),
        salesCount: eb("salesCount", "+", quantity),
      }))
      .where("id", "=", productId)
      .where("isActive", "=", 1)
      .where("stock", ">=", quantity)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) {
      const row = await trx
        .selectFrom("products")
        .select("stock")
        .where("id", "=", productId)
        .executeTakeFirst();
      const stock = Math.max(0, row?.stock ?? 0);
      throw new CheckoutError({ error: "insufficient_stock", product: name, stock, quantity });
    }
  }
}

export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const settings = await getSettings();
  try {
    return await db.transaction().execute(async (trx): Promise<PlaceOrderResult> => {
      const repeat = await findRepeat(trx, input);
      if (repeat) {
        return { ok: true, orderId: repeat.id, orderNumber: repeat.orderNumber, repeated: true };
      }
      const { userId } = input.shopper;
      const cart = await getCart(input.shopper, trx);
      if (cart.lines.length === 0) {
        throw new CheckoutError({ error: "empty_cart" });
      }
      const unavailable = cart.lines.find((line) => !line.available);
      if (unavailable) {
        const { name: product, size } = unavailable;
        throw new CheckoutError({ error: "unavailable", product, size });
      }
      await takeStock(trx, cart.lines);

      const proof = await trx
        .selectFrom("paymentProofs")
        .select(["id", "userId", "sessionId", "orderId"])
        .where("id", "=", input.paymentProof)
        .executeTakeFirst();
      if (!proof || proof.orderId !== null || !owns(input.shopper, proof)) {
        throw new CheckoutError({ error: "proof" });
      }

      let coupon: AppliedCoupon | null = null;
      if (input.couponCode) {
        const check = await checkCoupon(
          { code: input.couponCode, userId, subtotal: cart.subtotal },
          trx,
        );
        if (!check.ok) throw new CheckoutError({ error: "coupon", coupon: check });
        coupon = check.coupon;
      }
      // The summary's own function, so the order charges exactly what the shopper was shown.
      const totals: OrderTotals = priceCart({
        lines: cart.lines,
        couponDiscount: coupon?.discount ?? 0,
        settings,
      }).byMethod[input.shippingMethod];

      const now = new Date();
      const nowIso = now.toISOString();
      const orderId = crypto.randomUUID();
      const orderNumber = await generateOrderNumber(trx, now);
      const pickup = input.shippingMethod === "pickup";
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          ...ownerColumns(input.shopper),
          orderNumber,
          status: "pending",
          paymentMethod: "bank_transfer",
          shippingMethod: input.shippingMethod,
          ...totals,
          customerName: `${input.firstName} ${input.lastName}`,
          customerEmail: input.email,
          customerPhone: input.phone ?? null,
          shippingAddress: pickup
            ? `Recoger en tienda: ${settings.store_address}`
            : `${input.address}, ${input.city}, ${input.department}`,
          shippingCity: pickup ? null : (input.city ?? null),
          shippingZone: pickup ? null : (input.department ?? null),
          trackingNumber: null,
          paymentProof: paymentProofUrl(input.paymentProof),
          adminNotes: adminNotes(input, settings),
          couponCode: coupon?.code ?? null,
          promoCodeId: coupon?.kind === "promo" ? coupon.id : null,
          estimatedDelivery: new Date(
            now.getTime() + DELIVERY_DAYS[input.shippingMethod] * 86_400_000,
          ).toISOString(),
          paidAt: null,
          shippedAt: null,
          deliveredAt: null,
          createdAt: nowIso,
          updatedAt: nowIso,
          checkoutKey: input.checkoutKey,
        })
        .execute();
      // After the order row exists (a loyalty coupon points at it); a refusal rolls it back.
      if (coupon && !(await consumeCoupon(coupon, { id: orderId, userId, now: nowIso }, trx))) {
        throw new CheckoutError({ error: "coupon", coupon: { reason: "exhausted" } });
      }
      await trx
        .insertInto("orderItems")
        .values(
          cart.lines.map((line) => ({
            orderId,
            productId: line.productId,
            size: line.size,
            quantity: line.quantity,
            price: line.unitPrice,
            productName: line.name.slice(0, 200),
            productImage: line.imageKey,
            createdAt: nowIso,
          })),
        )
        .execute();
      await trx
        .updateTable("paymentProofs")
        .set({ orderId })
        .where("id", "=", input.paymentProof)
        .execute();
      const clear = trx.deleteFrom("cartItems").where(
        "id",
        "in",
        cart.lines.map((line) => line.id),
      );
      await clear.execute();
      return { ok: true, orderId, orderNumber, repeated: false };
    });
  } catch (error) {
    if (error instanceof CheckoutError) return { ok: false, ...error.refusal };
    throw error;
  }
}

/** The session's applied code checked again against the cart's subtotal now (D20). */
export async function couponState(
  appliedCode: string | undefined,
  userId: number | null,
  subtotal: number,
): Promise<CouponView> {
  if (!appliedCode) return null;
  const check = await checkCoupon({ code: appliedCode, userId, subtotal });
  return check.ok
    ? {
        status: "applied",
        code: check.coupon.code,
        label: check.coupon.label,
        discount: check.coupon.discount,
      }
    : { status: "invalid", code: appliedCode, message: couponRefusalMessage(check) };
}

/**
 * What the cart page, the drawer and the checkout summary show: the cart priced now, the
 * applied coupon checked again, and the totals for each shipping method (switching method
 * needs no round trip). `placeOrder` prices with the same `priceCart`.
 */
export async function getCheckoutSummary(shopper: Shopper, appliedCode?: string) {
  const [cart, settings] = await Promise.all([getCart(shopper), getSettings()]);
  const coupon = await couponState(appliedCode, shopper.userId, cart.subtotal);
  const priced = priceCart({
    lines: cart.lines,
    couponDiscount: coupon?.status === "applied" ? coupon.discount : 0,
    settings,
  });
  return { cart, coupon, priced, settings };
}
