import { getCart } from "~/models/cart.server";
import { checkCoupon } from "~/models/coupons.server";
import {
  COUPON_MESSAGES,
  couponDescription,
  couponRefusalMessage,
  type CouponIntent,
  type CouponNotice,
} from "~/models/coupons";
import type { Shopper } from "~/models/shopper";
import type { AppSession } from "./session.server";

/**
 * D20: the one handler of the code box, for the cart page (/resources/coupon) and the checkout
 * form. The applied code is kept in the session (the caller commits it) and checked against the
 * shopper's cart now; the order's transaction checks it again and consumes it.
 */
export async function handleCouponIntent(
  session: AppSession,
  shopper: Shopper,
  intent: CouponIntent,
): Promise<CouponNotice> {
  if (intent.intent === "remove-coupon") {
    session.unset("appliedCoupon");
    return { ok: true, title: COUPON_MESSAGES.removed, message: "" };
  }
  try {
    const cart = await getCart(shopper);
    const check = await checkCoupon({
      code: intent.code,
      userId: shopper.userId,
      subtotal: cart.subtotal,
    });
    if (!check.ok) {
      const message = couponRefusalMessage(check);
      return { ok: false, title: COUPON_MESSAGES.invalidTitle, message };
    }
    session.set("appliedCoupon", check.coupon.code);
    return { ok: true, title: COUPON_MESSAGES.applied, message: couponDescription(check.coupon) };
  } catch (error) {
    console.error("[coupon] validation failed", error);
    return { ok: false, title: COUPON_MESSAGES.failedTitle, message: COUPON_MESSAGES.failed };
  }
}
