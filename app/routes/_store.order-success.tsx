import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LateProofForm as LateProofFormOnServer } from "~/components/orders/late-proof-form-render.server";
import { OrderNotFoundBoundary as OrderNotFoundBoundaryOnServer } from "~/components/orders/order-not-found-render.server";
import { OrderStatusNote } from "~/components/orders/order-parts";
import { ProofByWhatsapp } from "~/components/orders/proof-by-whatsapp";
import { TransferDetails } from "~/components/orders/transfer-details";
import { TransferDeadline } from "~/components/orders/transfer-deadline";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";
import { requireOwnedOrder } from "~/web/shopper.server";
import { getTransferState } from "~/models/orders/late-proof.server";
import { orderConfirmationTitle } from "~/models/orders/status";
import { getSettings } from "~/models/settings/settings.server";
import { formatMoney } from "~/utils/money";
import { ShownLaterBoundary, shownLater } from "~/utils/shown-later";

/*
 * The late receipt's form: most orders wait for no receipt, so its code (the uploader with it)
 * is fetched only when one does; the server's form, and a photo chosen in it before the code
 * came, is kept until it arrives (decision 112).
 */
const LateProofForm = shownLater(LateProofFormOnServer, () =>
  import("~/components/orders/late-proof-form").then((module) => module.LateProofForm),
);

/** 'Pedido no encontrado': the error screens load when one is shown (decision 112). */
const OrderNotFoundBoundary = shownLater(OrderNotFoundBoundaryOnServer, () =>
  import("~/components/orders/order-not-found").then((module) => module.OrderNotFoundBoundary),
);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Pedido recibido"} | Perfumería de Lujo` },
  { name: "robots", content: "noindex" },
];

/*
 * Checkout redirects here with ?order={id} (storefront.md §2). Only the order's owner sees it
 * (D10, D15); without an order there is nothing to show, so the visitor goes to /profile. The
 * title says where the order stands; an order placed with 'Transferiré después' shows what to
 * transfer, where and until when, and takes the receipt (decision 096).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("order");
  if (!orderId) throw redirect("/profile");
  const { order, signedIn } = await requireOwnedOrder(request, orderId);
  const [transfer, settings] = await Promise.all([getTransferState(order.id), getSettings()]);
  return json({
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentMethod: order.paymentMethod,
      total: order.total,
      customerEmail: order.customerEmail,
    },
    transfer,
    title: orderConfirmationTitle(order.status, order.paymentMethod, transfer.kind),
    bank: {
      bankName: settings.bank_name,
      bankAccount: settings.bank_account_number,
      bankHolder: settings.bank_account_holder,
    },
    signedIn,
  });
}

export default function OrderSuccessRoute() {
  const { order, transfer, title, bank, signedIn } = useLoaderData<typeof loader>();
  return (
    <Page title={title}>
      <div className="max-w-xl space-y-6">
        <section
          aria-labelledby="success-number"
          className="border-border bg-surface space-y-4 rounded-lg border p-6"
        >
          <p id="success-number" className="text-lg">
            Tu número de pedido es{" "}
            <strong className="font-semibold whitespace-nowrap">{order.orderNumber}</strong>
          </p>
          <p>
            Guarda tu número de pedido para darle seguimiento con tu correo{" "}
            <span className="break-all">{order.customerEmail}</span>.
          </p>
          <p className="text-sm">
            Total: <span className="font-semibold tabular-nums">{formatMoney(order.total)}</span>
          </p>
          <OrderStatusNote
            status={order.status}
            paymentMethod={order.paymentMethod}
            transfer={transfer.kind}
          />
          <div className="flex flex-wrap gap-2">
            <Link to={`/track-order?order=${order.id}`} className={buttonClasses("primary")}>
              Seguir mi pedido
            </Link>
            <Link to={`/order-confirmation/${order.id}`} className={buttonClasses("secondary")}>
              Ver detalles del pedido
            </Link>
            {signedIn ? (
              <Link to="/orders" className={buttonClasses("secondary")}>
                Mis Pedidos
              </Link>
            ) : null}
            <Link to="/catalog" className={buttonClasses("ghost")}>
              Seguir comprando
            </Link>
          </div>
        </section>
        {transfer.kind === "awaiting" ? (
          <section
            aria-labelledby="transfer-heading"
            className="border-border bg-surface space-y-4 rounded-lg border p-6"
          >
            <h2 id="transfer-heading" className="text-lg font-semibold">
              Tu transferencia
            </h2>
            <TransferDetails bank={bank} totals={[{ amount: order.total }]}>
              <TransferDeadline dueAt={transfer.dueAt} />
            </TransferDetails>
            <ShownLaterBoundary>
              <LateProofForm
                orderNumber={order.orderNumber}
                action={`/order-confirmation/${order.id}`}
              />
            </ShownLaterBoundary>
            <ProofByWhatsapp orderNumber={order.orderNumber} total={order.total} />
          </section>
        ) : null}
      </div>
    </Page>
  );
}

export function ErrorBoundary() {
  return (
    <ShownLaterBoundary>
      <OrderNotFoundBoundary />
    </ShownLaterBoundary>
  );
}
