import type { LoyaltyTier } from "#db/types";
import type { StoreSettings } from "./settings";

/*
 * D13 loyalty arithmetic, pure so that the server, the seed's numbers and the profile
 * screen agree. Every number comes from the loyalty_* settings, parsed by getSettings().
 */

export type LoyaltyRules = {
  pointsPerLempira: number;
  tierPlata: number;
  tierOro: number;
};

export function loyaltyRulesFrom(
  settings: Pick<
    StoreSettings,
    "loyalty_points_per_lempira" | "loyalty_tier_plata" | "loyalty_tier_oro"
  >,
): LoyaltyRules {
  return {
    pointsPerLempira: settings.loyalty_points_per_lempira,
    tierPlata: settings.loyalty_tier_plata,
    tierOro: settings.loyalty_tier_oro,
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

/**
 * D13: the discount (centavos) of a coupon bought with `points`, at `pointsPerLempiraDiscount`
 * points for each lempira (35 by default: 700 points buy L 20.00), floored to whole centavos.
 */
export function couponDiscountForPoints(points: number, pointsPerLempiraDiscount: number) {
  if (!(pointsPerLempiraDiscount > 0)) return 0;
  return Math.max(0, Math.floor((points * 100) / pointsPerLempiraDiscount));
}
