import type { InputHTMLAttributes } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { CouponNotice, CouponView } from "~/models/promotions/coupons";
import { formatMoney } from "~/utils/money";
import { Unbroken } from "~/components/ui/unbroken";

/**
 * D20: the code box, one component for the cart page and the checkout. Its buttons post the
 * `apply-coupon` / `remove-coupon` intents of CouponIntentSchema. In the checkout they belong to
 * the checkout's own form (the typed address comes along without JS, hence formNoValidate); on
 * the cart page to the small form of `CartCouponForm` through the `form` attribute.
 */
export function CouponBox({
  coupon,
  notice = null,
  form,
  input,
  error,
  busy = false,
}: {
  coupon: CouponView;
  /** What the last apply/remove said, when the page shows it inline (checkout without JS). */
  notice?: CouponNotice | null;
  /** The id of the form the controls belong to, when they sit outside it. */
  form?: string;
  /** The code input's props (conform's in the checkout); `id` also labels it. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  /** A validation message for the code (an empty code). */
  error?: { id: string; message: string };
  busy?: boolean;
}) {
  const noticeId = `${input.id}-notice`;
  const describedBy = [error?.id, notice ? noticeId : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={input.id}>Código de cupón</Label>
      {coupon?.status === "applied" ? (
        <div className="bg-success-soft flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm">
          <span>
            <strong>
              <Unbroken>{coupon.code}</Unbroken>
            </strong>{" "}
            · −{formatMoney(coupon.discount)}
          </span>
          <Button
            type="submit"
            form={form}
            name="intent"
            value="remove-coupon"
            variant="ghost"
            size="sm"
            formNoValidate
            disabled={busy}
            aria-label={`Quitar el cupón ${coupon.code}`}
          >
            ✕
          </Button>
        </div>
      ) : null}
      <div className="flex gap-2">
        <Input
          name="code"
          {...input}
          form={form}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          className="uppercase"
          placeholder="CÓDIGO"
        />
        <Button
          type="submit"
          form={form}
          name="intent"
          value="apply-coupon"
          variant="secondary"
          formNoValidate
          disabled={busy}
        >
          Aplicar
        </Button>
      </div>
      {error ? (
        <p id={error.id} className="text-danger text-sm">
          {error.message}
        </p>
      ) : null}
      {notice ? (
        <p
          id={noticeId}
          role="status"
          className={notice.ok ? "text-success text-sm" : "text-danger text-sm"}
        >
          <strong>{notice.title}</strong> {notice.message}
        </p>
      ) : coupon?.status === "invalid" ? (
        <p role="status" className="text-danger text-sm">
          <Unbroken>{`${coupon.code}: ${coupon.message}`}</Unbroken>
        </p>
      ) : null}
    </div>
  );
}
