import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  OrderItems,
  OrderShipping,
  OrderStatusBadge,
  OrderStatusNote,
  OrderTotals,
} from "~/components/orders/order-parts";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";
import { listOrdersForUser } from "~/models/orders/orders.server";
import { getTransferState } from "~/models/orders/late-proof.server";
import { requireUser } from "~/web/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [{ title: "Mis Pedidos | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orders = await listOrdersForUser(user.id);
  // Decision 096: an order placed with 'Transferiré después' still waits for its receipt.
  const withTransfer = await Promise.all(
    orders.map(async (order) => ({
      ...order,
      transfer:
        order.status === "pending" && order.paymentMethod === "bank_transfer"
          ? await getTransferState(order.id)
          : ({ kind: "none" } as const),
    })),
  );
  return json({ orders: withTransfer });
}

type OrderCardData = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

export default function OrdersRoute() {
  const { orders } = useLoaderData<typeof loader>();
  if (orders.length === 0) {
    return (
      <Page title="Mis Pedidos">
        <div className="border-border bg-surface rounded-lg border p-8 text-center">
          <p className="text-lg font-medium">No tienes pedidos aún</p>
          <Link to="/catalog" className={`${buttonClasses("primary")} mt-4`}>
            Explorar catálogo
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page
      title="Mis Pedidos"
      intro={`${orders.length} ${orders.length === 1 ? "pedido" : "pedidos"}`}
    >
      <ol className="space-y-6">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ol>
    </Page>
  );
}

function OrderCard({ order }: { order: OrderCardData }) {
  const headingId = `pedido-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="border-border bg-surface space-y-4 rounded-lg border p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Pedido <Unbroken>{order.orderNumber}</Unbroken>
          </h2>
          <p className="text-fg-muted text-sm">
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <OrderStatusNote
        status={order.status}
        paymentMethod={order.paymentMethod}
        transfer={order.transfer.kind}
      />
      {order.transfer.kind === "awaiting" ? (
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span>
            Paga antes del{" "}
            <time dateTime={order.transfer.dueAt}>{formatDateTime(order.transfer.dueAt)}</time>
          </span>
          <Link
            to={`/order-confirmation/${order.id}#transferencia`}
            className={buttonClasses("primary", "sm")}
          >
            Subir comprobante
            <span className="sr-only"> del pedido {order.orderNumber}</span>
          </Link>
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label={`Productos del pedido ${order.orderNumber}`}>
          <OrderItems items={order.items} compact reviewable={order.status === "delivered"} />
        </section>
        <section aria-label={`Resumen del pedido ${order.orderNumber}`}>
          <OrderTotals order={order} />
        </section>
      </div>
      <section
        aria-label={`Envío y pago del pedido ${order.orderNumber}`}
        className="border-border border-t pt-4"
      >
        <OrderShipping order={order} />
      </section>
      <Link
        to={`/order-confirmation/${order.id}`}
        className="text-accent text-sm font-medium underline"
      >
        Ver detalles del pedido <Unbroken>{order.orderNumber}</Unbroken>
      </Link>
    </article>
  );
}
