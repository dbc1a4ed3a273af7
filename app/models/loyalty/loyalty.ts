import type { LoyaltyTier, PointsType } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";
import { formatMoney } from "~/utils/money";

/*
 * D13 loyalty arithmetic, pure so that the server, the seed's numbers and the profile
 * screen agree. Every number comes from the loyalty_* settings, parsed by getSettings().
 */

/** The admin's points adjustment: its description's length (decision 091: form and schema). */
export const POINTS_DESCRIPTION_MAX = 200;

export type LoyaltyRules = {
  pointsPerLempira: number;
  tierPlata: number;
  tierOro: number;
  /** Days without a purchase after which the balance expires. */
  expiryDays: number;
  redeemMinimum: number;
  redeemStep: number;
  /** Points for L 1 of discount (35). */
  pointsPerLempiraDiscount: number;
  /** How long a coupon bought with points stays valid (days). */
  couponDays: number;
  registrationBonus: number;
};

export function loyaltyRulesFrom(settings: StoreSettings): LoyaltyRules {
  return {
    pointsPerLempira: settings.loyalty_points_per_lempira,
    tierPlata: settings.loyalty_tier_plata,
    tierOro: settings.loyalty_tier_oro,
    expiryDays: settings.loyalty_points_expiry_days,
    redeemMinimum: settings.loyalty_redeem_minimum,
    redeemStep: settings.loyalty_redeem_step,
    pointsPerLempiraDiscount: settings.loyalty_points_per_lempira_discount,
    couponDays: settings.loyalty_coupon_days,
    registrationBonus: settings.loyalty_registration_bonus,
  };
}

/** Points for an order: whole lempiras of the subtotal (centavos) × points per lempira, floored. */
export function pointsForSubtotal(subtotal: number, rules: Pick<LoyaltyRules, "pointsPerLempira">) {
  return Math.max(0, Math.floor(Math.floor(subtotal / 100) * rules.pointsPerLempira));
}

/** Tier by points earned (never by the spendable balance): bronce, plata, oro. */
export function tierFor(
  pointsEarned: number,
  rules: Pick<LoyaltyRules, "tierPlata" | "tierOro">,
): LoyaltyTier {
  if (pointsEarned >= rules.tierOro) return "oro";
  if (pointsEarned >= rules.tierPlata) return "plata";
  return "bronce";
}

const TIER_ORDER: LoyaltyTier[] = ["bronce", "plata", "oro"];

/** The tier, the one after it and how far along the customer is (oro is the last). */
export function nextTier(pointsEarned: number, rules: Pick<LoyaltyRules, "tierPlata" | "tierOro">) {
  const current = tierFor(pointsEarned, rules);
  const index = TIER_ORDER.indexOf(current);
  const tier = TIER_ORDER[index + 1];
  if (!tier) return { current, next: null };
  const at = tier === "plata" ? rules.tierPlata : rules.tierOro;
  const from = current === "plata" ? rules.tierPlata : 0;
  const progress = Math.min(
    100,
    Math.max(0, Math.floor(((pointsEarned - from) / (at - from)) * 100)),
  );
  return { current, next: { tier, at, remaining: Math.max(0, at - pointsEarned), progress } };
}

/** backoffice.md §5: the admin's customer search starts from 2 characters (shown on the page). */
export const LOYALTY_SEARCH_MIN = 2;

export const TIER_LABELS = {
  bronce: "Bronce",
  plata: "Plata",
  oro: "Oro",
} as const satisfies Record<LoyaltyTier, string>;

export type RedeemRefusal = "minimum" | "step" | "insufficient";

export type RedeemRules = Pick<
  LoyaltyRules,
  "redeemMinimum" | "redeemStep" | "pointsPerLempiraDiscount"
>;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * Issue 21: points are redeemed in steps that buy whole lempiras, the least
 * common multiple of the admin's step and the points for L 1 (10 and 35 by default: 70 points,
 * L 2.00). Settings that are not whole numbers keep the admin's step.
 */
export function redeemStepOf(rules: RedeemRules) {
  const { redeemStep: step, pointsPerLempiraDiscount: perLempira } = rules;
  if (!Number.isSafeInteger(step) || step < 1) return 1;
  if (!Number.isSafeInteger(perLempira) || perLempira < 1) return step;
  return (step / greatestCommonDivisor(step, perLempira)) * perLempira;
}

/** The smallest redemption: the admin's minimum, raised to a whole step. */
export function redeemMinimumOf(rules: RedeemRules) {
  const step = redeemStepOf(rules);
  return Math.max(step, Math.ceil(rules.redeemMinimum / step) * step);
}

/** The most a balance can buy in whole steps, or 0 when it is under the minimum. */
export function largestRedemption(balance: number, rules: RedeemRules) {
  const step = redeemStepOf(rules);
  const most = Math.floor(Math.max(0, balance) / step) * step;
  return most >= redeemMinimumOf(rules) ? most : 0;
}

/** backoffice.md §5: what a refused redemption tells the customer. */
export function redeemRefusalMessage(reason: RedeemRefusal, rules: RedeemRules) {
  switch (reason) {
    case "minimum":
      // D13: the minimum is a setting, 10 by default: 'Necesitas al menos 10 puntos'.
      return `Necesitas al menos ${rules.redeemMinimum.toLocaleString("en-US")} puntos`;
    case "step":
      return `Canjea los puntos en múltiplos de ${redeemStepOf(rules).toLocaleString("en-US")}, así el cupón es de lempiras enteros`;
    case "insufficient":
      return "Puntos insuficientes";
  }
}

/** The loyalty screen's '¡Cupón generado!' toast: the code and its discount. */
export const COUPON_GENERATED = "¡Cupón generado!";
export function couponGeneratedMessage(coupon: { code: string; discountAmount: number }) {
  return `${coupon.code}: ${formatMoney(coupon.discountAmount)} de descuento en tu próxima compra.`;
}

/**
 * D13: the discount (centavos) of a coupon bought with `points`, at `pointsPerLempiraDiscount`
 * points for each lempira (35 by default: 700 points buy L 20.00), floored to whole centavos.
 */
export function couponDiscountForPoints(points: number, pointsPerLempiraDiscount: number) {
  if (!(pointsPerLempiraDiscount > 0)) return 0;
  return Math.max(0, Math.floor((points * 100) / pointsPerLempiraDiscount));
}

/** One line of the points ledger as the loyalty screens show it. */
export type LoyaltyHistoryEntry = {
  id: number;
  points: number;
  type: PointsType;
  description: string;
  orderNumber: string | null;
  createdAt: string;
};
