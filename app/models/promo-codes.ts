/** Client-safe parts of the promo-code admin (D34): labels, dates of the validity window. */
import type { DiscountType } from "#db/types";
import { formatMoney } from "~/utils/money";

/** A promo code as the back office shows it (promo-codes.server.ts reads it). */
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

/** Honduras keeps UTC−6 all year: a day of the validity window starts at 06:00 UTC. */
const HONDURAS_OFFSET = "-06:00";

/** The first instant of a Honduras day ("2026-12-01") as an ISO timestamp. */
export function startOfDayIso(date: string) {
  return new Date(`${date}T00:00:00.000${HONDURAS_OFFSET}`).toISOString();
}

/** The last instant of a Honduras day, so a code is valid through its whole last day. */
export function endOfDayIso(date: string) {
  return new Date(`${date}T23:59:59.999${HONDURAS_OFFSET}`).toISOString();
}

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Tegucigalpa",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Honduras day ("2026-12-01") of an ISO timestamp, as a date input shows it. */
export function dayOfIso(iso: string) {
  return dayFormat.format(new Date(iso));
}

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
