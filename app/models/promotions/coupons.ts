/** Client-safe coupon rules (D20): the code box's schema, discounts, messages and views. */
import type { DiscountType } from "#db/types";
import { formatMoney } from "~/utils/money";

/** storefront.md §5: the code is upper-cased and trimmed before it is checked. */
export function normalizeCouponCode(input: string) {
  return input.trim().toUpperCase();
}

/**
 * D20: what a promo code takes off a subtotal (centavos): a percentage of it, rounded to whole
 * centavos, or a fixed amount. orderTotals caps the discount at the order's total.
 */
export function promoDiscount(
  promo: { discountType: DiscountType; discountValue: number },
  subtotal: number,
): number {
  return promo.discountType === "percentage"
    ? Math.round((subtotal * promo.discountValue) / 100)
    : promo.discountValue;
}

/** storefront.md §5 and §8; the reasons a code is refused are ours (the seed does not show them). */
export const COUPON_MESSAGES = {
  empty: "Ingresa un código de cupón",
  notFound: "El cupón no existe o no es válido",
  inactive: "Este cupón no está activo",
  notYetValid: "Este cupón todavía no está vigente",
  expired: "Este cupón ha expirado",
  exhausted: "Este cupón ya alcanzó su límite de usos",
  used: "Este cupón ya fue utilizado",
  minimum: (amount: string) => `Este cupón requiere una compra mínima de ${amount}`,
  /** §8: the titles of the toasts */
  invalidTitle: "Error con el cupón",
  failedTitle: "Error al validar cupón",
  failed: "No se pudo validar el cupón",
  applied: "¡Cupón aplicado!",
  removed: "Cupón removido",
} as const;

/** Why a code gives no discount (coupons.server.ts checkCoupon); the code box shows the message. */
export type CouponRefusal =
  | {
      reason:
        "empty" | "not_found" | "inactive" | "not_yet_valid" | "expired" | "exhausted" | "used";
    }
  | { reason: "minimum"; minimum: number };

export function couponRefusalMessage(refusal: CouponRefusal): string {
  switch (refusal.reason) {
    case "empty":
      return COUPON_MESSAGES.empty;
    case "not_found":
      return COUPON_MESSAGES.notFound;
    case "inactive":
      return COUPON_MESSAGES.inactive;
    case "not_yet_valid":
      return COUPON_MESSAGES.notYetValid;
    case "expired":
      return COUPON_MESSAGES.expired;
    case "exhausted":
      return COUPON_MESSAGES.exhausted;
    case "used":
      return COUPON_MESSAGES.used;
    case "minimum":
      return COUPON_MESSAGES.minimum(formatMoney(refusal.minimum));
  }
}

/** §8: '¡Cupón aplicado!' tells the discount in lempiras (and the percentage of a percent code). */
export function couponDescription(coupon: { discount: number; label: string }) {
  const amount = formatMoney(coupon.discount);
  return amount === coupon.label
    ? `Descuento de ${amount}`
    : `Descuento de ${amount} (${coupon.label})`;
}

/** What the code box's two buttons ask for, once the server has parsed it (promotions/coupon-form.server.ts). */
export type CouponIntent = { intent: "apply-coupon"; code: string } | { intent: "remove-coupon" };

/** The applied code as the cart and the checkout show it, checked again on every read. */
export type CouponView =
  | { status: "applied"; code: string; label: string; discount: number }
  | { status: "invalid"; code: string; message: string }
  | null;

/** What the shopper is told after pressing 'Aplicar' or removing the code (§8). */
export type CouponNotice = { ok: boolean; title: string; message: string };
