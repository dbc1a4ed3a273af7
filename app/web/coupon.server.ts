import type { Shopper } from "~/models/auth/shopper";
import { decideCouponIntent } from "~/models/promotions/coupon-form.server";
import type { CouponIntent, CouponNotice } from "~/models/promotions/coupons";
import type { AppSession } from "./session.server";

/** D20: the applied code, kept in the session (the caller commits it): null forgets it. */
export function keepAppliedCoupon(session: AppSession, appliedCoupon: string | null | undefined) {
  if (appliedCoupon === null) session.unset("appliedCoupon");
  else if (appliedCoupon) session.set("appliedCoupon", appliedCoupon);
}

/**
 * D20: the one handler of the code box, for the cart page (/resources/coupon) and the checkout
 * form: the model decides (decideCouponIntent), the session keeps the applied code.
 */
export async function handleCouponIntent(
  session: AppSession,
  shopper: Shopper,
  intent: CouponIntent,
): Promise<CouponNotice> {
  const { notice, appliedCoupon } = await decideCouponIntent(shopper, intent);
  keepAppliedCoupon(session, appliedCoupon);
  return notice;
}
