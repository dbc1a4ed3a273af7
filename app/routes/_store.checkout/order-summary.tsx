import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { SHIPPING_METHODS } from "~/models/checkout";
import { formatMoney } from "~/utils/money";
import type { loader } from "./route";

export type CheckoutData = SerializeFrom<typeof loader>;
export type CouponNotice = { ok: boolean; title: string; message: string };

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : "text-sm"}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Only the block of the chosen method shows (CSS `:has()`, so it works without JS). */
const shownFor = {
  standard: "hidden group-has-[#shippingMethod-standard:checked]:block",
  express: "hidden group-has-[#shippingMethod-express:checked]:block",
  pickup: "hidden group-has-[#shippingMethod-pickup:checked]:block",
} as const;

export function OrderSummary({
  data,
  codeField,
  couponNotice,
  placing,
}: {
  data: CheckoutData;
  codeField: FieldMetadata<string>;
  couponNotice: CouponNotice | null;
  placing: boolean;
}) {
  const { coupon } = data;
  const noticeId = "coupon-notice";
  const describedBy = [codeField.errors ? codeField.errorId : null, couponNotice ? noticeId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <aside aria-labelledby="summary-title" className="lg:sticky lg:top-20 lg:self-start">
      <div className="border-border bg-surface space-y-5 rounded-xl border p-5">
        <h2 id="summary-title" className="text-lg font-semibold">
          Resumen del pedido
        </h2>
        <ul className="divide-border divide-y">
          {data.lines.map((line) => (
            <li key={line.id} className="flex gap-3 py-3">
              <div className="size-14 shrink-0 overflow-hidden rounded-md">
                <ProductImage imageKey={line.imageKey} alt="" sizes="56px" />
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{line.name}</p>
                <p className="text-fg-muted">
                  {line.brandName} · {line.size} · × {line.quantity}
                </p>
                {line.available ? null : <p className="text-danger">No disponible</p>}
              </div>
              <p className="text-sm font-medium">{formatMoney(line.lineTotal)}</p>
            </li>
          ))}
        </ul>

        <div className="space-y-2">
          <Label htmlFor={codeField.id}>Código de cupón</Label>
          {coupon?.status === "applied" ? (
            <div className="bg-success-soft flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm">
              <span>
                <strong>{coupon.code}</strong> · −{formatMoney(coupon.discount)}
              </span>
              <Button
                type="submit"
                name="intent"
                value="remove-coupon"
                variant="ghost"
                size="sm"
                formNoValidate
                aria-label={`Quitar el cupón ${coupon.code}`}
              >
                ✕
              </Button>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Input
              {...getInputProps(codeField, { type: "text" })}
              aria-describedby={describedBy || undefined}
              autoComplete="off"
              className="uppercase"
              placeholder="CÓDIGO"
            />
            <Button
              type="submit"
              name="intent"
              value="apply-coupon"
              variant="secondary"
              formNoValidate
            >
              Aplicar
            </Button>
          </div>
          {codeField.errors ? (
            <p id={codeField.errorId} className="text-danger text-sm">
              {codeField.errors[0]}
            </p>
          ) : null}
          {couponNotice ? (
            <p
              id={noticeId}
              role="status"
              className={couponNotice.ok ? "text-success text-sm" : "text-danger text-sm"}
            >
              <strong>{couponNotice.title}</strong> {couponNotice.message}
            </p>
          ) : coupon?.status === "invalid" ? (
            <p role="status" className="text-danger text-sm">
              {coupon.code}: {coupon.message}
            </p>
          ) : null}
        </div>

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
                className="mt-4 w-full"
                disabled={placing}
              >
                {placing
                  ? "Procesando Pedido..."
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
