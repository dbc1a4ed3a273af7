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
