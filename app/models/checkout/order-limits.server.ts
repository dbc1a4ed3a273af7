import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { RateLimiter } from "~/utils/rate-limit.server";
import { addressKey } from "~/utils/public-form-limits.server";
import { ownedBy, type KnownShopper } from "~/models/auth/shopper";
import { transferDeadline } from "~/models/orders/late-proof";
import { ORDER_LIMITS, type PlaceOrderRefusal } from "./checkout";

/*
 * Decision 132 (issue 37, item 1): the limits of placing orders. The hourly ones count in the
 * database (`RateLimiter`), so every worker and every app server shares them; the unpaid ones
 * are read inside the order's own transaction, so two orders racing cannot both pass.
 */

const hourly = (scope: string, limit: number) =>
  new RateLimiter({ scope, limit, windowMs: ORDER_LIMITS.windowMs });

const byClientIp = hourly("orders-ip", ORDER_LIMITS.perClientIp);
const byEmail = hourly("orders-email", ORDER_LIMITS.perEmail);
const byPhone = hourly("orders-phone", ORDER_LIMITS.perPhone);

export type OrderSlot =
  | { ok: true; giveBack: () => Promise<void> }
  | { ok: false; refusal: Extract<PlaceOrderRefusal, { error: "too_many_orders" }> };

/**
 * Counts one order against its client address (when the caller knows it), its e-mail and its
 * phone. Each count is taken atomically, so of concurrent orders only the limit's number pass.
 * The caller gives the counts back when the order is refused or was already placed: an hour
 * counts placed orders (and the ones in flight), not refused attempts.
 */
export async function claimOrderSlot(input: {
  clientIp: string | null;
  email: string;
  phone: string | null;
}): Promise<OrderSlot> {
  const counters: Array<[RateLimiter, string]> = [[byEmail, addressKey(input.email)]];
  if (input.clientIp) counters.push([byClientIp, input.clientIp]);
  if (input.phone) counters.push([byPhone, input.phone.replace(/\D/g, "")]);
  const now = Date.now();
  const taken = await Promise.all(counters.map(([limiter, key]) => limiter.take(key, now)));
  const giveBack = async () => {
    await Promise.all(counters.map(([limiter, key]) => limiter.giveBack(key, now)));
  };
  const refused = taken.filter((count) => !count.allowed);
  if (refused.length === 0) return { ok: true, giveBack };
  await giveBack();
  const retryAfterSeconds = Math.max(...refused.map((count) => count.retryAfterSeconds));
  return { ok: false, refusal: { error: "too_many_orders", retryAfterSeconds } };
}

/** Units of each product (all its sizes) in the order's lines. */
function unitsByProduct(
  lines: ReadonlyArray<{ productId: number; name: string; quantity: number }>,
) {
  const units = new Map<number, { name: string; quantity: number }>();
  for (const { productId, name, quantity } of lines) {
    const entry = units.get(productId) ?? { name, quantity: 0 };
    entry.quantity += quantity;
    units.set(productId, entry);
  }
  return [...units.values()];
}

/**
 * Decision 166: the customer's orders still to be paid, whatever the way: a transfer without its
 * receipt (unpaidTransfers), cash on delivery not yet collected, the shop's pickup not yet paid.
 * They share one limit: each holds stock until paid or cancelled.
 */
function unpaidOrders(trx: Kysely<Database>) {
  return trx
    .selectFrom("orders as o")
    .select(["o.id", "o.createdAt", "o.paymentDueAt"])
    .where("o.status", "in", ["pending", "processing", "shipped"])
    .where("o.paidAt", "is", null)
    .where("o.paymentProof", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("paymentProofs as p").select("p.id").whereRef("p.orderId", "=", "o.id"),
        ),
      ),
    );
}

/**
 * What an order placed without its receipt (pay later, cash on delivery, pay at the shop) may
 * not do: hold more than
 * `unpaidUnitsPerProduct` units of one perfume, or be the customer's third order awaiting its
 * transfer (the customer: the account, or the guest's session). Run inside the
 * order's transaction. The second refusal's `retryAfterSeconds` is when the first of those
 * orders reaches its deadline.
 */
export async function unpaidOrderRefusal(
  trx: Kysely<Database>,
  input: {
    shopper: KnownShopper;
    lines: ReadonlyArray<{ productId: number; name: string; quantity: number }>;
    deadlineHours: number;
    now: Date;
  },
): Promise<PlaceOrderRefusal | null> {
  const limit = ORDER_LIMITS.unpaidUnitsPerProduct;
  const over = unitsByProduct(input.lines).find((product) => product.quantity > limit);
  if (over) {
    return { error: "unpaid_quantity", product: over.name, limit, quantity: over.quantity };
  }
  const open = await unpaidOrders(trx).where(ownedBy(input.shopper, "o")).execute();
  if (open.length < ORDER_LIMITS.unpaidOrders) return null;
  const firstDeadline = Math.min(
    ...open.map((order) => transferDeadline(order, input.deadlineHours).getTime()),
  );
  return {
    error: "too_many_unpaid",
    limit: ORDER_LIMITS.unpaidOrders,
    retryAfterSeconds: Math.max(60, Math.ceil((firstDeadline - input.now.getTime()) / 1000)),
  };
}
