import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { CouponBox } from "~/components/coupon-form";
import { controlProps, type ServerField } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { CHECKOUT_TEXT, SHIPPING_METHODS } from "~/models/checkout/checkout";
import type { CouponNotice } from "~/models/promotions/coupons";
import { formatMoney } from "~/utils/money";
import type { loader } from "./route";

export type CheckoutData = SerializeFrom<typeof loader>;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : "text-sm"}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * Only the block of the chosen method shows (CSS `:has()`, so it works without JS). The others
 * are hidden rather than the chosen one shown, so a block keeps its own display (a row of a
 * `<dl>` is a flex row): the form always checks one method (checkout-form.tsx).
 */
export const shownFor = {
  standard: "group-has-[#shippingMethod-standard:not(:checked)]:hidden",
  express: "group-has-[#shippingMethod-express:not(:checked)]:hidden",
  pickup: "group-has-[#shippingMethod-pickup:not(:checked)]:hidden",
} as const;

export function OrderSummary({
  data,
  codeField,
  couponNotice,
  placing,
  waitingForProof = false,
  lines,
}: {
  data: CheckoutData;
  /** The lines, kept as the server sent them (SummaryLines, decision 159). */
  lines: ReactNode;
  codeField: ServerField;
  couponNotice: CouponNotice | null;
  placing: boolean;
  /** The proof is on its way (proof-upload.tsx): the order waits for it, and says so. */
  waitingForProof?: boolean;
}) {
  return (
    <aside aria-labelledby="summary-title" className="lg:sticky lg:top-20 lg:self-start">
      <div className="border-border bg-surface space-y-5 rounded-xl border p-5">
        <h2 id="summary-title" className="text-lg font-semibold">
          Resumen del pedido
        </h2>
        {lines}

        <CouponBox
          coupon={data.coupon}
          notice={couponNotice}
          input={{ type: "text", ...controlProps(codeField) }}
          error={
            codeField.errors?.[0]
              ? { id: codeField.errorId, message: codeField.errors[0] }
              : undefined
          }
        />

        {SHIPPING_METHODS.map((method) => {
          const totals = data.totals[method];
          return (
            <div key={method} className={shownFor[method]}>
              <dl className="space-y-1.5">
                <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
                <Row
                  label="Envío"
                  value={totals.shippingCost === 0 ? "Gratis" : formatMoney(totals.shippingCost)}
                />
                <Row label={`ISV ${data.taxPercentage}%`} value={formatMoney(totals.tax)} />
                {totals.couponDiscount > 0 ? (
                  <Row label="Descuento" value={`−${formatMoney(totals.couponDiscount)}`} />
                ) : null}
                <Row label="Total" value={formatMoney(totals.total)} strong />
              </dl>
              <Button
                type="submit"
                name="intent"
                value="place-order"
                size="lg"
                wrap
                className="mt-4 w-full"
                disabled={placing || waitingForProof}
              >
                {placing
                  ? "Procesando Pedido..."
                  : waitingForProof
                    ? CHECKOUT_TEXT.waitingForProof
                    : `Confirmar Pedido · ${formatMoney(totals.total)}`}
              </Button>
            </div>
          );
        })}
        <ul className="text-fg-muted space-y-1 text-xs">
          {["Compra 100% segura", "Productos 100% originales", "Soporte 24/7"].map((note) => (
            <li key={note} className="flex items-center gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              {note}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
