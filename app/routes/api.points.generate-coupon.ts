import { apiCall, apiRoute } from "~/web/api/calls.server";
import { couponGeneratedMessage, redeemRefusalMessage } from "~/models/loyalty/loyalty";
import { generateLoyaltyCoupon, getLoyaltyRules } from "~/models/loyalty/loyalty.server";
import { pointsCalls } from "~/web/api/calls/loyalty.server";
import { apiError } from "~/web/api/problem.server";

export const { loader, action } = apiRoute({
  POST: apiCall(pointsCalls.generateCoupon, async ({ user, body }) => {
    // The loyalty screen's rules: a fraction of a point is off the step (no whole lempiras).
    const result = await generateLoyaltyCoupon(user.id, body.pointsToRedeem);
    if (!result.ok) {
      const message = redeemRefusalMessage(result.reason, await getLoyaltyRules());
      throw result.reason === "insufficient"
        ? apiError(409, message, { code: "insufficient_points" })
        : apiError(422, message, { errors: { pointsToRedeem: [message] } });
    }
    return { coupon: result.coupon, message: couponGeneratedMessage(result.coupon) };
  }),
});
