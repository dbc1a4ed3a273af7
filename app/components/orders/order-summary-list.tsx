import { Link } from "@remix-run/react";
import type { OrderStatus } from "#db/types";
import { OrderStatusBadge, WriteReviewLink } from "~/components/orders/order-parts";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { Unbroken } from "~/components/ui/unbroken";

/*
 * The customer's orders in short (the profile's and the account's Pedidos tabs): each with its
 * first 3 items plus '+N más' (backoffice.md §2), linking to its confirmation page. /orders
 * shows the full cards.
 */

const SHOWN_ITEMS = 3;

type OrderWithItems = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
  items: {
    id: number;
    slug: string | null;
    productName: string;
    size: string;
    quantity: number;
  }[];
};

/** What the list shows of `listOrdersForUser`'s orders: loaders send only this. */
export function toOrderSummaries(orders: OrderWithItems[]) {
  return orders.map(({ items, ...order }) => ({
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    total: order.total,
    createdAt: order.createdAt,
    items: items.slice(0, SHOWN_ITEMS).map(({ id, slug, productName, size, quantity }) => ({
      id,
      slug,
      productName,
      size,
      quantity,
    })),
    moreCount: Math.max(0, items.length - SHOWN_ITEMS),
  }));
}

export type OrderSummary = ReturnType<typeof toOrderSummaries>[number];

export function OrderSummaryList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="border-border bg-surface rounded-lg border p-8 text-center">
        <p className="text-lg font-medium">No tienes pedidos aún</p>
        <Link to="/catalog" className={`${buttonClasses("primary")} mt-4`}>
          Explorar catálogo
        </Link>
      </div>
    );
  }
  return (
    <ol className="space-y-4">
      {orders.map((order) => (
        <li key={order.id}>
          <article
            aria-labelledby={`resumen-${order.id}`}
            className="border-border bg-surface space-y-3 rounded-lg border p-4"
          >
            <header className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 id={`resumen-${order.id}`} className="font-semibold">
                  Pedido <Unbroken>{order.orderNumber}</Unbroken>
                </h3>
                <p className="text-fg-muted text-sm">
                  <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> ·{" "}
                  {formatMoney(order.total)}
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
            </header>
            <ul className="text-sm">
              {order.items.map((item) => (
                <li key={item.id}>
                  {item.productName} ({item.size}) × {item.quantity}
                  {order.status === "delivered" && item.slug ? (
                    <>
                      {" · "}
                      <WriteReviewLink item={item} slug={item.slug} />
                    </>
                  ) : null}
                </li>
              ))}
              {order.moreCount > 0 ? (
                <li className="text-fg-muted">+{order.moreCount} más</li>
              ) : null}
            </ul>
            <Link
              to={`/order-confirmation/${order.id}`}
              className="text-accent text-sm font-medium underline"
            >
              Ver pedido <Unbroken>{order.orderNumber}</Unbroken>
            </Link>
          </article>
        </li>
      ))}
    </ol>
  );
}
