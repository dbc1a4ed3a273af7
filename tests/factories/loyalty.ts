import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, PointsType } from "../../db/types";
import {
  couponDiscountForPoints,
  loyaltyRulesFrom,
  pointsForSubtotal,
  tierFor,
} from "../../app/models/loyalty";
import { formatMoney } from "../../app/utils/money";
import { storeSettings } from "./settings";

/*
 * Loyalty points as the app moves them (D13): every move is a points-history row and the
 * customer's balance, points earned and tier in step, with the amounts from the loyalty
 * settings and the loyalty module's arithmetic.
 */

type Move = {
  userId: number;
  points: number;
  type: PointsType;
  description: string;
  orderId?: string | null;
  createdAt?: string;
};

async function movePoints(
  db: Kysely<Database>,
  move: Move,
  purchase?: { total: number; at: string },
) {
  const createdAt = move.createdAt ?? new Date().toISOString();
  const rules = loyaltyRulesFrom(await storeSettings(db));
  const user = await db
    .selectFrom("users")
    .select([
      "loyaltyPoints",
      "pointsEarned",
      "pointsRedeemed",
      "totalOrders",
      "totalSpent",
      "consecutivePurchases",
    ])
    .where("id", "=", move.userId)
    .executeTakeFirstOrThrow();
  const earned = move.points > 0 ? move.points : 0;
  const redeemed = move.type === "redeemed" ? -move.points : 0;
  const pointsEarned = user.pointsEarned + earned;
  await db
    .updateTable("users")
    .set({
      loyaltyPoints: user.loyaltyPoints + move.points,
      pointsEarned,
      pointsRedeemed: user.pointsRedeemed + redeemed,
      loyaltyTier: tierFor(pointsEarned, rules),
      ...(purchase && {
        totalOrders: user.totalOrders + 1,
        totalSpent: user.totalSpent + purchase.total,
        lastPurchaseDate: purchase.at,
        consecutivePurchases: user.consecutivePurchases + 1,
      }),
      updatedAt: createdAt,
    })
    .where("id", "=", move.userId)
    .execute();
  if (move.points === 0) return;
  await db
    .insertInto("pointsHistory")
    .values({
      userId: move.userId,
      points: move.points,
      type: move.type,
      description: move.description,
      orderId: move.orderId ?? null,
      expiresAt: null,
      createdAt,
    })
    .execute();
}

/** The one-time welcome points of a new account (loyalty_registration_bonus). */
export async function grantRegistrationBonus(
  db: Kysely<Database>,
  userId: number,
  options: { createdAt?: string } = {},
) {
  const points = (await storeSettings(db)).loyalty_registration_bonus;
  await db.updateTable("users").set({ hasRegistrationBonus: 1 }).where("id", "=", userId).execute();
  await movePoints(db, {
    userId,
    points,
    type: "bonus",
    description: "Bono de bienvenida por registrarte",
    createdAt: options.createdAt,
  });
  return points;
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
  const rules = loyaltyRulesFrom(await storeSettings(db));
  const points = pointsForSubtotal(order.subtotal, rules);
  const at = options.createdAt ?? new Date().toISOString();
  await movePoints(
    db,
    {
      userId: order.userId,
      points,
      type: "earned",
      description: `Puntos por el pedido ${order.orderNumber}`,
      orderId: order.id,
      createdAt: at,
    },
    { total: order.total, at },
  );
  return points;
}

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/**
 * A loyalty coupon code (unambiguous letters and digits). `pick(n)` draws an index below n:
 * random by default; the seed passes its own PRNG to stay deterministic.
 */
export function loyaltyCouponCode(pick: (n: number) => number = (n) => crypto.randomInt(n)) {
  let code = "";
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[pick(CODE_ALPHABET.length)];
  return `LEAL-${code}`;
}

/**
 * A customer turns points into a single-use coupon (backoffice.md §6): the discount follows
 * loyalty_points_per_lempira_discount; the points must be there.
 */
export async function redeemPoints(
  db: Kysely<Database>,
  options: {
    userId: number;
    points: number;
    code?: string;
    createdAt?: string;
    expiresAt?: string | null;
  },
) {
  const { loyaltyPoints } = await db
    .selectFrom("users")
    .select("loyaltyPoints")
    .where("id", "=", options.userId)
    .executeTakeFirstOrThrow();
  if (options.points <= 0 || options.points > loyaltyPoints) {
    throw new Error(`Puntos insuficientes: ${options.points} de ${loyaltyPoints}`);
  }
  const settings = await storeSettings(db);
  const discountAmount = couponDiscountForPoints(
    options.points,
    settings.loyalty_points_per_lempira_discount,
  );
  const createdAt = options.createdAt ?? new Date().toISOString();
  const coupon = await db
    .insertInto("userCoupons")
    .values({
      userId: options.userId,
      code: options.code ?? loyaltyCouponCode(),
      pointsUsed: options.points,
      discountAmount,
      expiresAt: options.expiresAt ?? null,
      createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await movePoints(db, {
    userId: options.userId,
    points: -options.points,
    type: "redeemed",
    description: `Canje por el cupón ${coupon.code} (${formatMoney(discountAmount)} de descuento)`,
    createdAt,
  });
  return coupon;
}
