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
import { ORDER_STATUS_SHORT_LABELS } from "~/models/orders/status";
import { getPaymentDeadline } from "~/models/orders/transfer-deadlines.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { requireOwnedOrder } from "~/models/auth/shopper.server";
import { OrderNumber } from "~/components/orders/order-number";

export const meta: MetaFunction = () => [
  { title: "Confirmación de pedido | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, signedIn } = await requireOwnedOrder(request, params.orderId ?? "");
  return json({ order, signedIn, paymentDeadline: await getPaymentDeadline(order.id) });
}

export default function OrderConfirmationRoute() {
  const { order, signedIn, paymentDeadline } = useLoaderData<typeof loader>();
  return (
    <Page
      title="¡Pedido confirmado!"
      intro="Gracias por tu compra. Nuestro equipo se pondrá en contacto contigo en las próximas 24 horas para confirmar el pago y el envío."
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="order-heading"
            className="border-border bg-surface space-y-3 rounded-lg border p-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="order-heading" className="text-lg font-semibold">
                Pedido <OrderNumber value={order.orderNumber} />
              </h2>
              <OrderStatusBadge
                status={order.status}
                label={ORDER_STATUS_SHORT_LABELS[order.status]}
              />
            </div>
            <p className="text-sm">
              Fecha: <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </p>
            <OrderStatusNote status={order.status} paymentMethod={order.paymentMethod} />
            {paymentDeadline ? (
              <p className="text-sm font-medium">
                Paga antes del{" "}
                <time dateTime={paymentDeadline}>{formatDateTime(paymentDeadline)}</time>
              </p>
            ) : null}
          </section>

          <section
            aria-labelledby="shipping-heading"
            className="border-border bg-surface rounded-lg border p-5"
          >
            <h2 id="shipping-heading" className="mb-3 text-lg font-semibold">
              Envío y contacto
            </h2>
            <OrderShipping order={order} />
          </section>

          <section
            aria-labelledby="items-heading"
            className="border-border bg-surface rounded-lg border p-5"
          >
            <h2 id="items-heading" className="text-lg font-semibold">
              Productos
            </h2>
            <OrderItems items={order.items} />
          </section>
        </div>

        <aside
          aria-labelledby="summary-heading"
          className="border-border bg-surface h-fit space-y-4 rounded-lg border p-5"
        >
          <h2 id="summary-heading" className="text-lg font-semibold">
            Resumen
          </h2>
          <OrderTotals order={order} />
          <div className="flex flex-col gap-2">
            {signedIn ? (
              <Link to="/profile" className={buttonClasses("primary")}>
                Ver mi perfil
              </Link>
            ) : null}
            <Link to="/catalog" className={buttonClasses("secondary")}>
              Seguir comprando
            </Link>
          </div>
        </aside>
      </div>
    </Page>
  );
}

export { OrderNotFoundBoundary as ErrorBoundary } from "~/components/orders/order-parts";
