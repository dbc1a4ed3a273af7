import { ProductImage } from "~/components/product-image";
import { formatMoney } from "~/utils/money";
import type { CheckoutData } from "./order-summary";

/**
 * The summary's lines, only read: the page keeps their server HTML and loads this module only to
 * draw them anew (route.tsx, decision 159).
 */
export function SummaryLines({ lines }: { lines: CheckoutData["lines"] }) {
  return (
    <ul className="divide-border divide-y">
      {lines.map((line) => (
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
  );
}

function Row({
  label,
  value,
  strong,
  className = "",
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "text-base font-semibold" : "text-sm"} ${className}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** One way of delivery's totals: subtotal, shipping, ISV, the coupon's discount, the total. */
export function SummaryTotals({
  totals,
  taxPercentage,
  cashSurcharge = 0,
}: {
  totals: CheckoutData["totals"]["standard"];
  taxPercentage: number;
  /**
   * Decision 166: cash on delivery's surcharge, its own line; the stylesheet shows it, and the
   * total with it, only while 'Pago Contra Entrega' is chosen for a delivery it goes to.
   */
  cashSurcharge?: number;
}) {
  return (
    <dl className="space-y-1.5">
      <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
      <Row
        label="Envío"
        value={totals.shippingCost === 0 ? "Gratis" : formatMoney(totals.shippingCost)}
      />
      <Row label={`ISV ${taxPercentage}%`} value={formatMoney(totals.tax)} />
      {totals.couponDiscount > 0 ? (
        <Row label="Descuento" value={`−${formatMoney(totals.couponDiscount)}`} />
      ) : null}
      {cashSurcharge > 0 ? (
        <>
          <Row
            label="Recargo por pago contra entrega"
            value={formatMoney(cashSurcharge)}
            className="pay-cash-total"
          />
          <Row
            label="Total"
            value={formatMoney(totals.total + cashSurcharge)}
            strong
            className="pay-cash-total"
          />
          <Row label="Total" value={formatMoney(totals.total)} strong className="pay-cash-hide" />
        </>
      ) : (
        <Row label="Total" value={formatMoney(totals.total)} strong />
      )}
    </dl>
  );
}

/** What the shop promises, under the order. */
export function TrustNotes() {
  return (
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
  );
}
