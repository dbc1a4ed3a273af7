/** Client-safe parts of the promo-code admin (D34): labels, dates of the validity window. */
import type { DiscountType } from "#db/types";
import { formatMoney } from "~/utils/money";

/** A promo code as the back office shows it (promo-codes.server.ts reads it). */
/** What the promo-code form's inputs take, as its schema checks them (decision 091). */
export const PROMO_CODE_LIMITS = { code: 50, description: 200 } as const;

/** The promo code form's fields, for its component (promo-code-form.server.ts checks its schema has them). */
export type PromoCodeFormField =
  | "code"
  | "description"
  | "discountType"
  | "discountValue"
  | "minOrderAmount"
  | "maxUses"
  | "validFrom"
  | "validUntil"
  | "isActive";

export type AdminPromoCode = {
  id: number;
  code: string;
  description: string | null;
  discountType: DiscountType;
  /** A percentage, or centavos for a fixed discount. */
  discountValue: number;
  minOrderAmount: number;
  /** 0: no limit. */
  maxUses: number;
  currentUses: number;
  isActive: boolean;
  validFrom: string | null;
  validUntil: string | null;
  createdAt: string;
  orderCount: number;
  /**
   * A code is used when its count says so or an order names it: a cancelled order gives its
   * use back (D20) but keeps its link to the code, which a delete would cut.
   */
  used: boolean;
  /** What the refusal to delete reports: the counted uses, or the orders naming the code. */
  timesUsed: number;
};

// The validity window is whole Honduras days; the day arithmetic lives with the other dates.
export { dayOfIso, endOfDayIso, startOfDayIso } from "~/utils/dates";

/** '10%' or 'L 150.00': what the discount is, as the list and the code box show it. */
export function promoValueLabel(promo: { discountType: DiscountType; discountValue: number }) {
  return promo.discountType === "percentage"
    ? `${promo.discountValue}%`
    : formatMoney(promo.discountValue);
}

/** Why a code that was used cannot be deleted (the orders keep their link to it). */
export function promoInUseMessage(uses: number) {
  const times = uses === 1 ? "1 vez" : `${uses} veces`;
  return `No se puede eliminar un código que ya se usó (${times}). Desactívalo para que no se pueda usar más.`;
}
