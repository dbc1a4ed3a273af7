import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { applyCouponToSession, getCheckoutShopper } from "~/models/checkout.server";
import { COUPON_MESSAGES, couponDescription, normalizeCouponCode } from "~/models/coupons";
import { guardAction } from "~/utils/action.server";
import { safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { commitSession } from "~/utils/session.server";
import crypto from "node:crypto";

const CouponSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("apply-coupon"),
    // No pipe: conform's coercion of a pipe loses the custom "required" message.
    code: z
      .string({ required_error: COUPON_MESSAGES.empty })
      .trim()
      .min(1, COUPON_MESSAGES.empty)
      .max(50, COUPON_MESSAGES.notFound)
      .transform(normalizeCouponCode),
    redirectTo: z.string().optional(),
  }),
  z.object({ intent: z.literal("remove-coupon"), redirectTo: z.string().optional() }),
]);

export function loader() {
  return redirect("/cart");
}

/**
 * D20: the cart page's code box (app/components/coupon-form.tsx) posts here; the applied code is
 * kept in the session and carried into the checkout, which checks it again for the order.
 * Post/redirect/get back to the page it came from, with the §8 toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/cart");
  const submission = parseWithZod(formData, { schema: CouponSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, redirectTo, {
      type: "error",
      title: "Error",
      description: COUPON_MESSAGES.empty,
    });
  }
  const { session, shopper } = await getCheckoutShopper(request);
  let toast: { type: "success" | "error"; title: string; description?: string };
  if (submission.value.intent === "remove-coupon") {
    session.unset("appliedCoupon");
    toast = { type: "success", title: COUPON_MESSAGES.removed };
  } else {
    try {
      const check = await applyCouponToSession(session, shopper, submission.value.code);
      toast = check.ok
        ? {
            type: "success",
            title: COUPON_MESSAGES.applied,
            description: couponDescription(check.coupon),
          }
        : { type: "error", title: COUPON_MESSAGES.invalidTitle, description: check.message };
    } catch (error) {
      console.error("[coupon] validation failed", error);
      toast = {
        type: "error",
        title: COUPON_MESSAGES.failedTitle,
        description: COUPON_MESSAGES.failed,
      };
    }
  }
  session.flash("toast", { id: crypto.randomUUID(), ...toast });
  return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(request, session) } });
}
