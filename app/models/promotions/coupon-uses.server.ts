import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import type { AppliedCoupon } from "./coupons.server";

/*
 * D20: a coupon's use, taken by the order that uses it and given back by the one that is
 * undone. Apart from coupons.server.ts (which checks codes over the app's connection) so that
 * the order writer and the order lifecycle, which the demo seed and the factories run over
 * their own executor, never open the app's connection (decision 092).
 */

type Executor = Kysely<Database>;

/**
 * Marks a checked coupon as used by an order. Runs inside the order's transaction (BEGIN
 * IMMEDIATE serialises orders), and the guarded UPDATE refuses a use past the maximum even if
 * a caller skipped the check: false means the coupon can no longer be used.
 */
export async function consumeCoupon(
  coupon: AppliedCoupon,
  order: { id: string; userId: number | null; now: string },
  executor: Executor,
): Promise<boolean> {
  if (coupon.kind === "promo") {
    const result = await executor
      .updateTable("promoCodes")
      .set((eb) => ({ currentUses: eb("currentUses", "+", 1), updatedAt: order.now }))
      .where("id", "=", coupon.id)
      .where("isActive", "=", 1)
      .where((eb) => eb.or([eb("maxUses", "=", 0), eb("currentUses", "<", eb.ref("maxUses"))]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
  if (order.userId === null) return false;
  const result = await executor
    .updateTable("userCoupons")
    .set({ isUsed: 1, usedAt: order.now, orderId: order.id })
    .where("id", "=", coupon.id)
    .where("userId", "=", order.userId)
    .where("isUsed", "=", 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * D20: gives back what consumeCoupon took for an order that is undone: one use of its promo
 * code (never below 0, an admin may have reset the count) and its owner's loyalty coupon,
 * unused again until its original expiry (expires_at is left as it was). Runs inside the
 * transaction that undoes the order, before a deleted order's row goes. Answers which kind of
 * coupon came back, or null when the order used none.
 */
export async function releaseCoupon(
  orderId: string,
  executor: Executor,
  now = new Date().toISOString(),
): Promise<AppliedCoupon["kind"] | null> {
  const promo = await executor
    .updateTable("promoCodes")
    .set((eb) => ({ currentUses: eb("currentUses", "-", 1), updatedAt: now }))
    .where("id", "=", (eb) =>
      eb.selectFrom("orders").select("orders.promoCodeId").where("orders.id", "=", orderId),
    )
    .where("currentUses", ">", 0)
    .executeTakeFirst();
  const loyalty = await executor
    .updateTable("userCoupons")
    .set({ isUsed: 0, usedAt: null, orderId: null })
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  if (promo.numUpdatedRows > 0n) return "promo";
  if (loyalty.numUpdatedRows > 0n) return "loyalty";
  return null;
}
