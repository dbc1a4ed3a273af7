import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { COUPON_MESSAGES } from "~/models/promotions/coupons";
import { guardAction } from "~/web/guard-action.server";
import { safeRedirect } from "~/web/redirect.server";
import { parseCouponIntent } from "~/models/promotions/coupon-form.server";
import { handleCouponIntent } from "~/web/coupon.server";
import { getShopper } from "~/web/shopper.server";
import { redirectWithToast } from "~/web/toast.server";

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
  const submission = parseCouponIntent(formData);
  if (submission.status !== "success") {
    return redirectWithToast(request, redirectTo, {
      type: "error",
      title: "Error",
      description: COUPON_MESSAGES.empty,
    });
  }
  const { shopper, session } = await getShopper(request);
  const notice = await handleCouponIntent(session, shopper, submission.value);
  return redirectWithToast(
    request,
    redirectTo,
    {
      type: notice.ok ? "success" : "error",
      title: notice.title,
      description: notice.message || undefined,
    },
    { session },
  );
}
