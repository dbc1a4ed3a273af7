import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { normalizeCouponCode, promoDiscount, type CouponRefusal } from "./coupons";

/*
 * D20: one code box, two sources. Admin promo codes (percentage or fixed, minimum order,
 * maximum uses, validity window, active flag) and customers' loyalty coupons (single use,
 * owner only, expiry). A code is checked when it is applied (cart or checkout) and again
 * inside the order's transaction, where it is also consumed.
 */

export type AppliedCoupon = {
  kind: "promo" | "loyalty";
  id: number;
  code: string;
  /** centavos off this subtotal (orderTotals caps it at the order's total) */
  discount: number;
  /** what the shopper reads next to the code: '10%' or 'L 100.00' */
  label: string;
};

export type CouponCheck = { ok: true; coupon: AppliedCoupon } | ({ ok: false } & CouponRefusal);

type Executor = Kysely<Database>;

/**
 * Whether `code` gives a discount on `subtotal` for this shopper now. Loyalty coupons belong to
 * one customer: anybody else (a guest included) is told the code does not exist, so codes
 * cannot be probed for their owners.
 */
export async function checkCoupon(
  input: { code: string; userId: number | null; subtotal: number; now?: Date },
  executor: Executor = db,
): Promise<CouponCheck> {
  const code = normalizeCouponCode(input.code);
  if (!code) return { ok: false, reason: "empty" };
  const now = (input.now ?? new Date()).toISOString();

  const promo = await executor
    .selectFrom("promoCodes")
    .select([
      "id",
      "code",
      "discountType",
      "discountValue",
      "minOrderAmount",
      "maxUses",
      "currentUses",
      "isActive",
      "validFrom",
      "validUntil",
    ])
    .where("code", "=", code)
    .executeTakeFirst();
  if (promo) {
    if (promo.isActive !== 1) return { ok: false, reason: "inactive" };
    if (promo.validFrom && promo.validFrom > now) {
      return { ok: false, reason: "not_yet_valid" };
    }
    if (promo.validUntil && promo.validUntil < now) {
      return { ok: false, reason: "expired" };
    }
    if (promo.maxUses > 0 && promo.currentUses >= promo.maxUses) {
      return { ok: false, reason: "exhausted" };
    }
    if (input.subtotal < promo.minOrderAmount) {
      return { ok: false, reason: "minimum", minimum: promo.minOrderAmount };
    }
    const percentage = promo.discountType === "percentage";
    return {
      ok: true,
      coupon: {
        kind: "promo",
        id: promo.id,
        code: promo.code.toUpperCase(),
        discount: promoDiscount(promo, input.subtotal),
        label: percentage ? `${promo.discountValue}%` : formatMoney(promo.discountValue),
      },
    };
  }

  const loyalty =
    input.userId === null
      ? undefined
      : await executor
          .selectFrom("userCoupons")
          .select(["id", "code", "discountAmount", "isUsed", "expiresAt"])
          .where("code", "=", code)
          .where("userId", "=", input.userId)
          .executeTakeFirst();
  if (!loyalty) return { ok: false, reason: "not_found" };
  if (loyalty.isUsed === 1) return { ok: false, reason: "used" };
  if (loyalty.expiresAt && loyalty.expiresAt < now) {
    return { ok: false, reason: "expired" };
  }
  return {
    ok: true,
    coupon: {
      kind: "loyalty",
      id: loyalty.id,
      code: loyalty.code.toUpperCase(),
      discount: loyalty.discountAmount,
      label: formatMoney(loyalty.discountAmount),
    },
  };
}
