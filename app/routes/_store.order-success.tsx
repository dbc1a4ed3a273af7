import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderStatusNote } from "~/components/orders/order-parts";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";
import { formatMoney } from "~/utils/money";
import { requireOwnedOrder } from "~/models/auth/shopper.server";

export const meta: MetaFunction = () => [
  { title: "¡Pedido creado exitosamente! | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

/*
 * Checkout redirects here with ?order={id} (storefront.md §2). Only the order's owner sees it
 * (D10, D15); without an order there is nothing to show, so the visitor goes to /profile.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("order");
  if (!orderId) throw redirect("/profile");
  const { order, signedIn } = await requireOwnedOrder(request, orderId);
  return json({
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentMethod: order.paymentMethod,
      total: order.total,
      customerEmail: order.customerEmail,
    },
    signedIn,
  });
}

export default function OrderSuccessRoute() {
  const { order, signedIn } = useLoaderData<typeof loader>();
  return (
    <Page title="¡Pedido creado exitosamente!">
      <section
        aria-labelledby="success-number"
        className="border-border bg-surface max-w-xl space-y-4 rounded-lg border p-6"
      >
        <p id="success-number" className="text-lg">
          Tu número de pedido es{" "}
          <strong className="font-semibold whitespace-nowrap">{order.orderNumber}</strong>
        </p>
        <p>
          Nuestro equipo se pondrá en contacto contigo para confirmar el pago y el envío. Guarda tu
          número de pedido para darle seguimiento con tu correo {order.customerEmail}.
        </p>
        <p className="text-sm">
          Total: <span className="font-semibold tabular-nums">{formatMoney(order.total)}</span>
        </p>
        <OrderStatusNote status={order.status} paymentMethod={order.paymentMethod} />
        <div className="flex flex-wrap gap-2">
          <Link to={`/order-confirmation/${order.id}`} className={buttonClasses("primary")}>
            Ver detalles del pedido
          </Link>
          {signedIn ? (
            <Link to="/orders" className={buttonClasses("secondary")}>
              Mis Pedidos
            </Link>
          ) : (
            <Link to="/track-order" className={buttonClasses("secondary")}>
              Seguir mi pedido
            </Link>
          )}
          <Link to="/catalog" className={buttonClasses("ghost")}>
            Seguir comprando
          </Link>
        </div>
      </section>
    </Page>
  );
}

export { OrderNotFoundBoundary as ErrorBoundary } from "~/components/orders/order-parts";
