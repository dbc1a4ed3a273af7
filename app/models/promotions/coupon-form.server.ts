import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { getCart } from "~/models/cart/cart.server";
import { checkCoupon, type CouponCheck } from "./coupons.server";
import {
  COUPON_MESSAGES,
  couponDescription,
  couponRefusalMessage,
  normalizeCouponCode,
  type CouponIntent,
  type CouponNotice,
} from "./coupons";
import type { Shopper } from "~/models/auth/shopper";

/**
 * The code box's two buttons, on the cart page (posting to /resources/coupon) and inside the
 * checkout form (posting with the whole form): one schema for both, on the server only
 * (decision 054).
 */
export const CouponIntentSchema: z.ZodType<CouponIntent, z.ZodTypeDef, unknown> =
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("apply-coupon"),
      // No pipe: conform's coercion of a pipe loses the custom "required" message.
      code: z
        .string({ required_error: COUPON_MESSAGES.empty })
        .trim()
        .min(1, COUPON_MESSAGES.empty)
        .max(50, COUPON_MESSAGES.notFound)
        .transform(normalizeCouponCode),
    }),
    z.object({ intent: z.literal("remove-coupon") }),
  ]);

/** The cart's code box (resources.coupon.tsx): apply or remove a code. */
export function parseCouponIntent(formData: FormData) {
  return parseWithZod(formData, { schema: CouponIntentSchema });
}

/**
 * D20: whether `code` gives a discount on the shopper's cart now, against the subtotal of its
 * buyable lines (the code box, and the JSON API's validate-coupon).
 */
export async function checkCouponForCart(shopper: Shopper, code: string): Promise<CouponCheck> {
  const cart = await getCart(shopper);
  return checkCoupon({ code, userId: shopper.userId, subtotal: cart.subtotal });
}

/**
 * D20: what a press of the code box's button does, for the cart page (/resources/coupon) and the
 * checkout form: the notice to show and the code to keep applied (`appliedCoupon`: the code, or
 * null to forget it; absent, the applied code stays). The web layer keeps it in the session
 * (web/coupon.server.ts); it is checked against the shopper's cart now, and the order's
 * transaction checks it again and consumes it.
 */
export async function decideCouponIntent(
  shopper: Shopper,
  intent: CouponIntent,
): Promise<{ notice: CouponNotice; appliedCoupon?: string | null }> {
  if (intent.intent === "remove-coupon") {
    return {
      notice: { ok: true, title: COUPON_MESSAGES.removed, message: "" },
      appliedCoupon: null,
    };
  }
  try {
    const check = await checkCouponForCart(shopper, intent.code);
    if (!check.ok) {
      const message = couponRefusalMessage(check);
      return { notice: { ok: false, title: COUPON_MESSAGES.invalidTitle, message } };
    }
    return {
      notice: {
        ok: true,
        title: COUPON_MESSAGES.applied,
        message: couponDescription(check.coupon),
      },
      appliedCoupon: check.coupon.code,
    };
  } catch (error) {
    console.error("[coupon] validation failed", error);
    return {
      notice: { ok: false, title: COUPON_MESSAGES.failedTitle, message: COUPON_MESSAGES.failed },
    };
  }
}
