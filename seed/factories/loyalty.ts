import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { loyaltyRulesFrom, pointsForSubtotal } from "../../app/models/loyalty/loyalty";
import * as ledger from "../../app/models/loyalty/points-ledger.server";
import { storeSettings } from "./settings";

/*
 * Loyalty points as the app moves them (D13): through the app's own ledger
 * (points-ledger.server.ts), with the rules of the database's loyalty settings. Only the dates
 * differ: the seed and the tests place each move at the moment they choose.
 */

export { loyaltyCouponCode } from "../../app/models/loyalty/points-ledger.server";

async function rulesOf(db: Kysely<Database>) {
  return loyaltyRulesFrom(await storeSettings(db));
}

const at = (createdAt?: string) => (createdAt ? new Date(createdAt) : new Date());

/** The one-time welcome points of a new account (loyalty_registration_bonus). */
export async function grantRegistrationBonus(
  db: Kysely<Database>,
  userId: number,
  options: { createdAt?: string } = {},
) {
  return ledger.grantRegistrationBonus(db, userId, await rulesOf(db), at(options.createdAt));
}

/**
 * What delivering an order gives its customer: points for its subtotal and the purchase in the
 * customer's totals. Returns the points.
 */
export async function creditOrderPoints(
  db: Kysely<Database>,
  order: {
    id: string;
    userId: number | null;
    orderNumber: string;
    subtotal: number;
    total: number;
  },
  options: { createdAt?: string } = {},
) {
  if (order.userId === null) return 0;
  const rules = await rulesOf(db);
  const when = at(options.createdAt);
  const user = await db
    .selectFrom("users")
    .select(["totalOrders", "totalSpent", "consecutivePurchases"])
    .where("id", "=", order.userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("users")
    .set({
      totalOrders: user.totalOrders + 1,
      totalSpent: user.totalSpent + order.total,
      lastPurchaseDate: when.toISOString(),
      consecutivePurchases: user.consecutivePurchases + 1,
    })
    .where("id", "=", order.userId)
    .execute();
  const points = pointsForSubtotal(order.subtotal, rules);
  return ledger.creditOrderPoints(db, { ...order, userId: order.userId }, points, rules, when);
}

/**
 * A customer turns points into a single-use coupon (backoffice.md §6), valid `couponDays`
 * (the setting by default). Throws when the ledger refuses.
 */
export async function redeemPoints(
  db: Kysely<Database>,
  options: {
    userId: number;
    points: number;
    code?: string;
    createdAt?: string;
    couponDays?: number;
  },
) {
  const rules = await rulesOf(db);
  const result = await ledger.redeemPoints(
    db,
    { userId: options.userId, points: options.points, code: options.code },
    { ...rules, couponDays: options.couponDays ?? rules.couponDays },
    at(options.createdAt),
  );
  if (!result.ok) throw new Error(`Canje rechazado (${result.reason}): ${options.points} puntos`);
  return result.coupon;
}
