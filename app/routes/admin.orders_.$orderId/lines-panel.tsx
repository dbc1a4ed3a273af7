import { OrderItems, OrderTotals } from "~/components/orders/order-parts";
import type { PageOrder } from "./page-order";

/** The order's products and its totals. */
export function LinesPanel({ order }: { order: PageOrder }) {
  return (
    <section className="border-border bg-surface rounded-xl border p-5">
      <h2 className="mb-3 font-semibold">Productos</h2>
      <OrderItems items={order.items} />
      <div className="mt-3">
        <OrderTotals order={order} />
      </div>
    </section>
  );
}
