import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, PointsType } from "#db/types";
import { formatMoney } from "~/utils/money";
import {
  couponDiscountForPoints,
  redeemMinimumOf,
  redeemStepOf,
  tierFor,
  type LoyaltyRules,
} from "./loyalty";

/*
 * D13: the points ledger. `points_history` is the single source of truth; the user row's
 * loyaltyPoints, pointsEarned, pointsRedeemed and loyaltyTier are a cache of it, rewritten from the
 * ledger in the same transaction as every entry (syncLoyalty), never updated on their own.
 *
 * The rules that keep the balance (the sum of every entry) at zero or above:
 * - a reversal takes back at most what is left (points already spent on a coupon stay spent);
 * - an expiry takes the whole balance; a redemption never more than the balance.
 *
 * Takes its executor and its rules, so the app (over getSettings) and the seed and test
 * factories (over their own database) move points the same way.
 */

type Executor = Kysely<Database>;

/** The types that add points to the balance, as opposed to the ones that take them away. */
const CREDIT_TYPES = ["earned", "bonus", "admin"] as const satisfies PointsType[];

export type LoyaltyTotals = {
  balance: number;
  pointsEarned: number;
  pointsRedeemed: number;
};

/**
 * The figures the user row caches, read from the ledger. Points earned count the credits that
 * stand: an order's points stop counting towards the tier once the order is reversed.
 */
export async function ledgerTotals(executor: Executor, userId: number): Promise<LoyaltyTotals> {
  const row = await executor
    .selectFrom("pointsHistory as h")
    .select([
      sql<number>`coalesce(sum(h.points), 0)`.as("balance"),
      sql<number>`coalesce(sum(case when h.type = 'redeemed' then -h.points else 0 end), 0)`.as(
        "pointsRedeemed",
      ),
      sql<number>`coalesce(sum(case
        when h.type in ('bonus', 'admin') then h.points
        when h.type = 'earned' and not exists (
          select 1 from orders o where o.id = h.order_id and o.status in ('cancelled', 'denied')
        ) then h.points
        else 0 end), 0)`.as("pointsEarned"),
    ])
    .where("h.userId", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    balance: Number(row.balance),
    pointsEarned: Number(row.pointsEarned),
    pointsRedeemed: Number(row.pointsRedeemed),
  };
}

/** Rewrites the user row's loyalty figures from the ledger. */
async function syncLoyalty(executor: Executor, userId: number, rules: LoyaltyRules, now: string) {
  const totals = await ledgerTotals(executor, userId);
  await executor
    .updateTable("users")
    .set({
      loyaltyPoints: totals.balance,
      pointsEarned: totals.pointsEarned,
      pointsRedeemed: totals.pointsRedeemed,
      loyaltyTier: tierFor(totals.pointsEarned, rules),
      updatedAt: now,
    })
    .where("id", "=", userId)
    .execute();
  return totals;
}

export type PointsEntry = {
  userId: number;
  /** Signed: credits positive, the rest negative. Zero writes nothing. */
  points: number;
  type: PointsType;
  description: string;
  orderId?: string | null;
};

/**
 * Writes one ledger entry and the user row with it. Call inside a transaction when the entry
 * goes with other writes (an order's delivery, a coupon).
 */
export async function recordPoints(
  executor: Executor,
  entry: PointsEntry,
  rules: LoyaltyRules,
  now: Date = new Date(),
) {
  const at = now.toISOString();
  if (entry.points !== 0) {
    await executor
      .insertInto("pointsHistory")
      .values({
        userId: entry.userId,
        points: entry.points,
        type: entry.type,
        description: entry.description,
        orderId: entry.orderId ?? null,
        expiresAt: null,
        createdAt: at,
      })
      .execute();
  }
  return syncLoyalty(executor, entry.userId, rules, at);
}

/** D13: the welcome points of a new account, once (hasRegistrationBonus). */
export async function grantRegistrationBonus(
  executor: Executor,
  userId: number,
  rules: LoyaltyRules,
  now?: Date,
) {
  if (rules.registrationBonus <= 0) return 0;
  const granted = await executor
    .updateTable("users")
    .set({ hasRegistrationBonus: 1 })
    .where("id", "=", userId)
    .where("hasRegistrationBonus", "=", 0)
    .executeTakeFirst();
  if (Number(granted.numUpdatedRows) === 0) return 0;
  await recordPoints(
    executor,
    {
      userId,
      points: rules.registrationBonus,
      type: "bonus",
      description: "Bono de bienvenida por registrarte",
    },
    rules,
    now,
  );
  return rules.registrationBonus;
}

/** D13: the points an order earns at delivery. Returns the points credited. */
export async function creditOrderPoints(
  executor: Executor,
  order: { id: string; userId: number; orderNumber: string; subtotal: number },
  points: number,
  rules: LoyaltyRules,
  now?: Date,
) {
  await recordPoints(
    executor,
    {
      userId: order.userId,
      points,
      type: "earned",
      description: `Puntos por el pedido ${order.orderNumber}`,
      orderId: order.id,
    },
    rules,
    now,
  );
  return points;
}

/**
 * D13: a delivered order cancelled later gives back what its delivery credited, but never more
 * than the balance holds. Returns the points taken back.
 */
export async function reverseOrderPoints(
  executor: Executor,
  order: { id: string; userId: number; orderNumber: string },
  rules: LoyaltyRules,
  now?: Date,
) {
  const { net } = await executor
    .selectFrom("pointsHistory")
    .select(sql<number>`coalesce(sum(points), 0)`.as("net"))
    .where("orderId", "=", order.id)
    .where("userId", "=", order.userId)
    .where("type", "in", ["earned", "reversed"])
    .executeTakeFirstOrThrow();
  if (Number(net) <= 0) return 0;
  const { balance } = await ledgerTotals(executor, order.userId);
  const points = Math.min(Number(net), balance);
  // Synced even when the balance is empty: the cancelled order stops counting as earned.
  await recordPoints(
    executor,
    {
      userId: order.userId,
      points: -points,
      type: "reversed",
      description: `Reversión de puntos del pedido cancelado ${order.orderNumber}`,
      orderId: order.id,
    },
    rules,
    now,
  );
  return points;
}

/**
 * D13: when the points run out. The clock starts again with every purchase (an order that was
 * not cancelled or denied) and every credit (delivery, welcome bonus, an admin's addition).
 */
export async function pointsExpiryDate(executor: Executor, userId: number, rules: LoyaltyRules) {
  const { lastCredit } = await executor
    .selectFrom("pointsHistory")
    .select(sql<string | null>`max(created_at)`.as("lastCredit"))
    .where("userId", "=", userId)
    .where("type", "in", CREDIT_TYPES)
    .executeTakeFirstOrThrow();
  const { lastOrder } = await executor
    .selectFrom("orders")
    .select(sql<string | null>`max(created_at)`.as("lastOrder"))
    .where("userId", "=", userId)
    .where("status", "not in", ["cancelled", "denied"])
    .executeTakeFirstOrThrow();
  const last = [lastCredit, lastOrder]
    .filter((at): at is string => Boolean(at))
    .sort()
    .at(-1);
  if (!last) return null;
  return new Date(new Date(last).getTime() + rules.expiryDays * 24 * 60 * 60 * 1000);
}

/** D13: expires the whole balance once its expiry date has passed. Returns the points expired. */
export async function expireIfInactive(
  executor: Executor,
  userId: number,
  rules: LoyaltyRules,
  now: Date = new Date(),
) {
  const { balance } = await ledgerTotals(executor, userId);
  if (balance <= 0) return 0;
  const expiry = await pointsExpiryDate(executor, userId, rules);
  if (!expiry || expiry > now) return 0;
  await recordPoints(
    executor,
    {
      userId,
      points: -balance,
      type: "expired",
      description: `Vencimiento de puntos tras ${rules.expiryDays} días sin compras`,
    },
    rules,
    now,
  );
  return balance;
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
 * D13, D20: points become a single-use coupon. Run inside a transaction: the balance is read and
 * spent in it, so twenty simultaneous requests for the same points give one coupon.
 */
export async function redeemPoints(
  executor: Executor,
  request: { userId: number; points: number; code?: string },
  rules: LoyaltyRules,
  now: Date = new Date(),
) {
  const { points, userId } = request;
  // Under the admin's minimum: 'Necesitas al menos 10 puntos' (backoffice.md §5); above it,
  // a number that buys no whole lempiras is asked in whole steps (issue 21).
  if (points < rules.redeemMinimum) return { ok: false as const, reason: "minimum" as const };
  if (
    !Number.isSafeInteger(points) ||
    points < redeemMinimumOf(rules) ||
    points % redeemStepOf(rules) !== 0
  ) {
    return { ok: false as const, reason: "step" as const };
  }
  await expireIfInactive(executor, userId, rules, now);
  const { balance } = await ledgerTotals(executor, userId);
  if (points > balance) return { ok: false as const, reason: "insufficient" as const };

  const discountAmount = couponDiscountForPoints(points, rules.pointsPerLempiraDiscount);
  const expiresAt = new Date(now.getTime() + rules.couponDays * 24 * 60 * 60 * 1000);
  const coupon = await executor
    .insertInto("userCoupons")
    .values({
      userId,
      code: request.code ?? loyaltyCouponCode(),
      pointsUsed: points,
      discountAmount,
      expiresAt: expiresAt.toISOString(),
      createdAt: now.toISOString(),
    })
    .returning(["id", "code", "discountAmount", "pointsUsed", "expiresAt"])
    .executeTakeFirstOrThrow();
  await recordPoints(
    executor,
    {
      userId,
      points: -points,
      type: "redeemed",
      description: `Canje por el cupón ${coupon.code} (${formatMoney(discountAmount)} de descuento)`,
    },
    rules,
    now,
  );
  return { ok: true as const, coupon };
}
