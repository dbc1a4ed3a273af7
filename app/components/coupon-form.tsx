import { Form, useLocation } from "@remix-run/react";
import { CouponBox } from "~/components/coupon-box";
import { useIsPending } from "~/hooks/use-is-pending";
import type { CouponView } from "~/models/promotions/coupons";

const CART_COUPON_FORM = "cart-coupon";

/**
 * The cart page's code box: posts to /resources/coupon, which keeps the code in the session and
 * comes back here with the §8 toast; the checkout reads the same code.
 */
export function CartCouponForm({ coupon }: { coupon: CouponView }) {
  const location = useLocation();
  const busy = useIsPending({ formAction: "/resources/coupon" });
  return (
    <>
      <Form id={CART_COUPON_FORM} method="post" action="/resources/coupon">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      </Form>
      <CouponBox
        coupon={coupon}
        form={CART_COUPON_FORM}
        input={{ id: "cart-coupon-code" }}
        busy={busy}
      />
    </>
  );
}
