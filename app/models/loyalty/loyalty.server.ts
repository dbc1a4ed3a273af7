import type { LoyaltyTier } from "#db/types";
import { formatDate } from "~/utils/dates";
import { db, type DB } from "~/utils/db.server";
import { runOncePerDay } from "~/utils/jobs.server";
import { paginate } from "~/utils/paging";
import { formatMoney } from "~/utils/money";
import { notifyUser } from "~/models/notifications/notify.server";
import { loyaltyRulesFrom, type LoyaltyHistoryEntry, nextTier, type LoyaltyRules } from "./loyalty";
import {
  expireIfInactive,
  ledgerTotals,
  pointsExpiryDate,
  recordPoints,
  redeemPoints,
} from "./points-ledger.server";
import { getSettings } from "~/models/settings/settings.server";

export type { LoyaltyHistoryEntry };

/*
 * D13 for the app: the loyalty tab's figures, coupons bought with points, an admin's addition and
 * the daily expiry, all over the one ledger (points-ledger.server.ts) and the loyalty settings.
 */

export async function getLoyaltyRules() {
  return loyaltyRulesFrom(await getSettings());
}

export type LoyaltyCoupon = {
  id: number;
  code: string;
  pointsUsed: number;
  discountAmount: number;
  state: "available" | "used" | "expired";
  expiresAt: string | null;
  usedAt: string | null;
  orderNumber: string | null;
  createdAt: string;
};

export type LoyaltyAccount = {
  balance: number;
  pointsEarned: number;
  pointsRedeemed: number;
  tier: LoyaltyTier;
  next: { tier: LoyaltyTier; at: number; remaining: number; progress: number } | null;
  /** When the balance expires if nothing is bought before (null with no balance). */
  expiresAt: string | null;
  history: LoyaltyHistoryEntry[];
  coupons: LoyaltyCoupon[];
  rules: Pick<
    LoyaltyRules,
    "redeemMinimum" | "redeemStep" | "pointsPerLempiraDiscount" | "expiryDays"
  >;
};

/** The ledger's lines as the loyalty screens show them, newest first. */
function historyQuery(userId: number) {
  return db
    .selectFrom("pointsHistory as h")
    .leftJoin("orders as o", "o.id", "h.orderId")
    .select(["h.id", "h.points", "h.type", "h.description", "h.createdAt", "o.orderNumber"])
    .where("h.userId", "=", userId)
    .orderBy("h.createdAt", "desc")
    .orderBy("h.id", "desc");
}

/**
 * One page of the customer's points history (the loyalty tab shows the latest 100; the JSON API
 * pages through all of it), after expiring an inactive balance as the tab does.
 */
export async function listPointsHistory(
  userId: number,
  { page, pageSize }: { page: number; pageSize: number },
  now = new Date(),
) {
  const rules = await getLoyaltyRules();
  await db.transaction().execute((trx) => expireIfInactive(trx, userId, rules, now));
  return paginate({
    page,
    pageSize,
    count: async () => {
      const row = await db
        .selectFrom("pointsHistory")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      return row.count;
    },
    rows: ({ limit, offset }) => historyQuery(userId).limit(limit).offset(offset).execute(),
  });
}

/** The coupons a customer bought with points, newest first, each with its state now. */
export async function listLoyaltyCoupons(
  userId: number,
  now = new Date(),
): Promise<LoyaltyCoupon[]> {
  const coupons = await db
    .selectFrom("userCoupons as c")
    .leftJoin("orders as o", "o.id", "c.orderId")
    .select([
      "c.id",
      "c.code",
      "c.pointsUsed",
      "c.discountAmount",
      "c.isUsed",
      "c.usedAt",
      "c.expiresAt",
      "c.createdAt",
      "o.orderNumber",
    ])
    .where("c.userId", "=", userId)
    .orderBy("c.createdAt", "desc")
    .orderBy("c.id", "desc")
    .execute();
  return coupons.map(({ isUsed, ...coupon }) => ({
    ...coupon,
    state: isUsed
      ? "used"
      : coupon.expiresAt && coupon.expiresAt < now.toISOString()
        ? "expired"
        : "available",
  }));
}

/**
 * Everything the loyalty tab shows. Expires an inactive balance first (D13, lazily on read), so
 * the customer never sees points that are already gone.
 */
export async function getLoyaltyAccount(userId: number, now = new Date()): Promise<LoyaltyAccount> {
  const rules = await getLoyaltyRules();
  const totals = await db.transaction().execute(async (trx) => {
    await expireIfInactive(trx, userId, rules, now);
    return ledgerTotals(trx, userId);
  });
  const expiry = totals.balance > 0 ? await pointsExpiryDate(db, userId, rules) : null;

  const history = await historyQuery(userId).limit(100).execute();
  const coupons = await listLoyaltyCoupons(userId, now);

  const tier = nextTier(totals.pointsEarned, rules);
  return {
    balance: totals.balance,
    pointsEarned: totals.pointsEarned,
    pointsRedeemed: totals.pointsRedeemed,
    tier: tier.current,
    next: tier.next,
    expiresAt: expiry?.toISOString() ?? null,
    history,
    coupons,
    rules: {
      redeemMinimum: rules.redeemMinimum,
      redeemStep: rules.redeemStep,
      pointsPerLempiraDiscount: rules.pointsPerLempiraDiscount,
      expiryDays: rules.expiryDays,
    },
  };
}

/**
 * D13, D20: a customer buys a single-use coupon with points. One transaction reads and spends
 * the balance, so simultaneous requests for the same points give one coupon.
 */
export async function generateLoyaltyCoupon(userId: number, points: number, now = new Date()) {
  const rules = await getLoyaltyRules();
  return db.transaction().execute(async (trx) => {
    const result = await redeemPoints(trx, { userId, points }, rules, now);
    if (result.ok) {
      const { code, discountAmount, expiresAt } = result.coupon;
      await notifyUser(trx, {
        userId,
        type: "promo_code_assigned",
        title: "Nuevo cupón",
        message:
          `Canjeaste ${points.toLocaleString("en-US")} puntos por el cupón ${code}: ` +
          `${formatMoney(discountAmount)} de descuento` +
          (expiresAt ? `, válido hasta el ${formatDate(expiresAt)}.` : "."),
      });
    }
    return result;
  });
}

/**
 * backoffice.md §2 (loyalty points admin): an admin adds points with a description; the
 * customer is told in a notification.
 */
export async function addAdminPoints(input: {
  userId: number;
  points: number;
  description: string;
  now?: Date;
}) {
  const rules = await getLoyaltyRules();
  return db.transaction().execute(async (trx) => {
    const totals = await recordPoints(
      trx,
      { userId: input.userId, points: input.points, type: "admin", description: input.description },
      rules,
      input.now,
    );
    await notifyUser(trx, {
      userId: input.userId,
      type: "loyalty_points",
      title: "Puntos de lealtad",
      message: `Recibiste ${input.points.toLocaleString("en-US")} puntos: ${input.description}`,
    });
    return totals;
  });
}

/** D13: the daily pass over every balance that may have run out. Returns the users expired. */
export async function expireInactivePoints(now = new Date()) {
  const rules = await getLoyaltyRules();
  const holders = await db
    .selectFrom("users")
    .select("id")
    .where("loyaltyPoints", ">", 0)
    .execute();
  let expired = 0;
  for (const { id } of holders) {
    const points = await db.transaction().execute(async (trx) => {
      const gone = await expireIfInactive(trx, id, rules, now);
      if (gone > 0) {
        await notifyUser(trx, {
          userId: id,
          type: "loyalty_points",
          title: "Tus puntos vencieron",
          message: `Tus ${gone.toLocaleString("en-US")} puntos vencieron tras ${rules.expiryDays} días sin compras.`,
        });
      }
      return gone;
    });
    if (points > 0) expired++;
  }
  return expired;
}

/**
 * D13's daily job (app/jobs.server.ts; no external cron). Every worker of the server runs it;
 * the first to claim the day expires the balances, the others get `null`. Balances are also
 * expired when read, so a missed day only delays what the admin's figures show.
 */
export function runDailyPointsExpiry(options: { now?: Date; db?: DB } = {}) {
  return runOncePerDay("loyalty-expiry", () => expireInactivePoints(options.now), options);
}

export async function pointsExpiryJob() {
  const count = await runDailyPointsExpiry();
  return count ? `expired the points of ${count} customer(s)` : null;
}
