import type { Transaction } from "kysely";
import type { Database, PaymentMethod } from "#db/types";
import {
  cashOnDeliveryRefusal,
  cashRefusalMessage,
  methodFitsShipping,
  withPaymentSurcharge,
} from "./payment-methods";
import { db } from "~/utils/db.server";
import { getCart } from "~/models/cart/cart.server";
import { payLaterAccess, type PlaceOrderRefusal } from "./checkout";
import { checkCoupon, type AppliedCoupon } from "~/models/promotions/coupons.server";
import { couponRefusalMessage, type CouponView } from "~/models/promotions/coupons";
import { CheckoutError, takeStock, writeOrder, type OrderContact } from "./order-writer.server";
import { deliveryZone } from "./delivery-estimate";
import { priceCart, type OrderTotals } from "./pricing";
import { isDepartment } from "~/utils/departments";
import { getSettings } from "~/models/settings/settings.server";
import { getMailContext } from "~/models/mail/context.server";
import { owns, type KnownShopper, type Shopper } from "~/models/auth/shopper";
import { claimOrderSlot, unpaidOrderRefusal } from "./order-limits.server";
import { isOwnUnusedProof } from "./proofs.server";

/*
 * Placing an order (issue 4): one BEGIN IMMEDIATE transaction that re-prices the cart from the
 * products, takes the stock (D18), checks and consumes the coupon (D20), creates the order with
 * its D14 number, items and admin notes (storefront §3), attaches the proof (none when the
 * shopper transfers later, decision 096) and empties the
 * cart. Any failure rolls all of it back. Nothing but the database is awaited inside. What it
 * writes (stock, order, coupon use, items) is order-writer.server.ts, which the order factory
 * and the demo seed call too.
 */

type Trx = Transaction<Database>;

export type PlaceOrderInput = OrderContact & {
  shopper: KnownShopper;
  /** Decision 166: the method the shopper chose; the transfer when none (the JSON API's). */
  paymentMethod?: PaymentMethod;
  /** the form's random key: the same form posted twice creates one order */
  checkoutKey: string;
  /**
   * the stored receipt, or null when the shopper transfers after ordering (decision 096), which
   * only a verified account may (decision 128)
   */
  paymentProof: string | null;
  couponCode: string | null;
  /**
   * The lines the caller believes it is ordering (the JSON API's `items`): when given, the cart
   * read in the transaction must hold exactly these products, sizes and quantities, or nothing
   * is written ("cart_changed"). Their prices are never read: the cart is priced here.
   */
  expectedItems?: readonly CartLineKey[];
  /**
   * The client's address, counted against decision 132's hourly limit per address; null when
   * the caller has none (an action called without the server, as the tests do).
   */
  clientIp?: string | null;
};

/** A cart line as a client names it: the product, its size and how many. */
export type CartLineKey = { productId: number; size: string; quantity: number };

function sameLines(cart: readonly CartLineKey[], expected: readonly CartLineKey[]) {
  // Lines of the same product and size are one line to the client: compare the sums.
  const sum = (lines: readonly CartLineKey[]) => {
    const byKey = new Map<string, number>();
    for (const { productId, size, quantity } of lines) {
      const key = JSON.stringify([productId, size]);
      byKey.set(key, (byKey.get(key) ?? 0) + quantity);
    }
    return byKey;
  };
  const [a, b] = [sum(cart), sum(expected)];
  return a.size === b.size && [...a].every(([key, quantity]) => b.get(key) === quantity);
}

export type PlaceOrderResult =
  | { ok: true; orderId: string; orderNumber: string; repeated: boolean }
  | ({ ok: false } & PlaceOrderRefusal);

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

const CASH_UNAVAILABLE = "Esta forma de pago no está disponible para este pedido.";
const STORE_PAYMENT_ACCOUNT =
  "El pago en tienda es para clientes con sesión iniciada y correo verificado. Paga por transferencia o inicia sesión.";

/** The account placing the order, as decisions 128 and 166 read it; null for a guest. */
async function payer(trx: Trx, userId: number | null) {
  if (userId === null) return null;
  const user = await trx
    .selectFrom("users")
    .select(["emailVerifiedAt", "phone"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return user ?? null;
}

/**
 * Places the order (above) within decision 132's limits: the hourly counts per address, e-mail
 * and phone are taken before the transaction (shared by every worker and server) and given back
 * when nothing was placed; a post of a form already placed is not counted again.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const known = await db
    .selectFrom("orders")
    .select("id")
    .where("checkoutKey", "=", input.checkoutKey)
    .executeTakeFirst();
  if (known) return placeCountedOrder(input);
  const slot = await claimOrderSlot({
    clientIp: input.clientIp ?? null,
    email: input.email,
    phone: input.phone ?? null,
  });
  if (!slot.ok) return { ok: false, ...slot.refusal };
  let placed: PlaceOrderResult | undefined;
  try {
    placed = await placeCountedOrder(input);
    return placed;
  } finally {
    if (!placed?.ok || placed.repeated) await slot.giveBack();
  }
}

async function placeCountedOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // Read before the transaction (it holds SQLite's one connection); the e-mails are rendered
  // into the outbox inside it, strings only, so the checkout waits on no mail server.
  const mail = await getMailContext();
  const { settings } = mail;
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
      if (input.expectedItems && !sameLines(cart.lines, input.expectedItems)) {
        throw new CheckoutError({ error: "cart_changed" });
      }
      const unavailable = cart.lines.find((line) => !line.available);
      if (unavailable) {
        const { name: product, size } = unavailable;
        throw new CheckoutError({ error: "unavailable", product, size });
      }
      // Decision 128: a transfer without its receipt is a pay-later order, for verified accounts
      // only; decision 166: so is paying at the shop. Refused before anything is written (no
      // stock taken, no e-mail queued). Decision 132: an unpaid order holds stock until its
      // deadline, within limits shared by every way of paying later.
      const method = input.paymentMethod ?? "bank_transfer";
      const account = await payer(trx, userId);
      const unpaid = method !== "bank_transfer" || input.paymentProof === null;
      if (method === "bank_transfer" && input.paymentProof === null) {
        const access = payLaterAccess(account);
        if (access !== "open") throw new CheckoutError({ error: "pay_later", access });
      }
      if (method === "store_pickup" && payLaterAccess(account) !== "open") {
        throw new CheckoutError({ error: "payment_method", message: STORE_PAYMENT_ACCOUNT });
      }
      if (unpaid) {
        const refusal = await unpaidOrderRefusal(trx, {
          shopper: input.shopper,
          lines: cart.lines,
          deadlineHours: settings.transfer_deadline_hours,
          now: new Date(),
        });
        if (refusal) throw new CheckoutError(refusal);
      }
      await takeStock(trx, cart.lines, mail);

      if (input.paymentProof !== null) {
        if (!(await isOwnUnusedProof(trx, input.shopper, input.paymentProof))) {
          throw new CheckoutError({ error: "proof" });
        }
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
      // The summary's own function, so the order charges exactly what the shopper was shown,
      // for the zone of the department it goes to (decision 161).
      const priced: OrderTotals = priceCart({
        lines: cart.lines,
        couponDiscount: coupon?.discount ?? 0,
        settings,
        zone: isDepartment(input.department) ? deliveryZone(input.department, settings) : "main",
      }).byMethod[input.shippingMethod];
      // Decision 166: cash on delivery where, up to what and for whom the settings say.
      if (method === "cash_on_delivery") {
        const refusal = cashOnDeliveryRefusal({
          settings,
          shippingMethod: input.shippingMethod,
          department: input.department,
          total: priced.total,
          account,
        });
        if (refusal) {
          const message = cashRefusalMessage(refusal, settings) ?? CASH_UNAVAILABLE;
          throw new CheckoutError({ error: "payment_method", message });
        }
      }
      if (!methodFitsShipping(method, input.shippingMethod)) {
        throw new CheckoutError({ error: "payment_method", message: CASH_UNAVAILABLE });
      }
      const totals = withPaymentSurcharge(priced, method, settings);

      const { orderId, orderNumber } = await writeOrder(trx, {
        ...input,
        paymentMethod: method,
        lines: cart.lines,
        totals,
        coupon,
        settings,
        now: new Date(),
        mail,
      });
      if (input.paymentProof !== null) {
        await trx
          .updateTable("paymentProofs")
          .set({ orderId })
          .where("id", "=", input.paymentProof)
          .execute();
      }
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
