import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pointsCalls } from "~/web/api/calls/loyalty.server";
import { checkCouponForCart } from "~/models/promotions/coupon-form.server";
import { couponDescription, couponRefusalMessage } from "~/models/promotions/coupons";

export const { loader, action } = apiRoute({
  POST: apiCall(pointsCalls.validateCoupon, async ({ body, shopper }) => {
    const check = await checkCouponForCart(await shopper(), body.code);
    if (!check.ok) return { valid: false, coupon: null, message: couponRefusalMessage(check) };
    const { id, code, discount, kind, label } = check.coupon;
    return {
      valid: true,
      coupon: { id, code, discountAmount: discount, kind, label },
      message: couponDescription(check.coupon),
    };
  }),
});
