import { Form, useLocation, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { CouponView } from "~/models/coupons";
import { formatMoney } from "~/utils/money";

/**
 * D20: the cart page's coupon box. Posts to /resources/coupon (apply-coupon / remove-coupon),
 * which keeps the code in the session and comes back here with the §8 toast; the checkout
 * reads the same code. The cart's loader gives `coupon` from couponState().
 */
export function CouponForm({ coupon }: { coupon: CouponView }) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/resources/coupon";
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <div className="space-y-2">
      {coupon?.status === "applied" ? (
        <Form
          method="post"
          action="/resources/coupon"
          className="bg-success-soft flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm"
        >
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <span>
            <strong>{coupon.code}</strong> · −{formatMoney(coupon.discount)}
          </span>
          <Button
            type="submit"
            name="intent"
            value="remove-coupon"
            variant="ghost"
            size="sm"
            aria-label={`Quitar el cupón ${coupon.code}`}
            disabled={busy}
          >
            ✕
          </Button>
        </Form>
      ) : null}
      <Form method="post" action="/resources/coupon" className="space-y-2">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Label htmlFor="cart-coupon-code">Código de cupón</Label>
        <div className="flex gap-2">
          <Input
            id="cart-coupon-code"
            name="code"
            autoComplete="off"
            className="uppercase"
            placeholder="CÓDIGO"
          />
          <Button
            type="submit"
            name="intent"
            value="apply-coupon"
            variant="secondary"
            disabled={busy}
          >
            Aplicar
          </Button>
        </div>
        {coupon?.status === "invalid" ? (
          <p role="status" className="text-danger text-sm">
            {coupon.code}: {coupon.message}
          </p>
        ) : null}
      </Form>
    </div>
  );
}
