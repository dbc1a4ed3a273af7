import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  OrderItems,
  OrderShipping,
  OrderStatusBadge,
  OrderStatusNote,
  OrderTotals,
} from "~/components/orders/order-parts";
import { LateProofForm as LateProofFormOnServer } from "~/components/orders/late-proof-form-render.server";
import { ProofByWhatsapp } from "~/components/orders/proof-by-whatsapp";
import { TransferDetails } from "~/components/orders/transfer-details";
import { TransferDeadline } from "~/components/orders/transfer-deadline";
import { Page } from "~/components/page";
import { buttonClasses } from "~/components/ui/button";
import { Unbroken } from "~/components/ui/unbroken";
import { OrderNotFoundBoundary as OrderNotFoundBoundaryOnServer } from "~/components/orders/order-not-found-render.server";
import { guardAction } from "~/web/guard-action.server";
import { getShopper, requireOwnedOrder } from "~/web/shopper.server";
import { readLateProofForm } from "~/web/uploads.server";
import { LATE_PROOF_MESSAGES } from "~/models/orders/late-proof";
import { getTransferState, sendLateProof } from "~/models/orders/late-proof.server";
import {
  ORDER_STATUS_SHORT_LABELS,
  orderConfirmationTitle,
  orderContactNote,
} from "~/models/orders/status";
import { getSettings } from "~/models/settings/settings.server";
import { formatDate } from "~/utils/dates";
import { redirectWithToast } from "~/web/toast.server";
import { keptAsServed, ShownLaterBoundary, shownLater } from "~/utils/shown-later";
import { OrderInvoicingSection as InvoicingOnServer } from "~/components/orders/invoicing-section-render.server";
import { orderInvoicing } from "~/models/invoicing/documents.server";
import { saveInvoiceBuyerForm } from "~/models/invoicing/buyer.server";

/*
 * The late receipt's form: most orders wait for no receipt, so its code (the uploader with it)
 * is fetched only when one does; the server's form, and a photo chosen in it before the code
 * came, is kept until it arrives (decision 112).
 */
const LateProofForm = shownLater(LateProofFormOnServer, () =>
  import("~/components/orders/late-proof-form").then((module) => module.LateProofForm),
);

/* Decision 171: the order's "Factura", kept as served until the server answers its form. */
const InvoicingSection = keptAsServed(InvoicingOnServer, () =>
  import("~/components/orders/invoicing-section").then((module) => module.OrderInvoicingSection),
);

/** 'Pedido no encontrado': the error screens load when one is shown (decision 112). */
const OrderNotFoundBoundary = shownLater(OrderNotFoundBoundaryOnServer, () =>
  import("~/components/orders/order-not-found").then((module) => module.OrderNotFoundBoundary),
);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Confirmación de pedido"} | Perfumería de Lujo` },
  { name: "robots", content: "noindex" },
];

/** The owner's order page (D10, D15); a transfer still to be paid takes its receipt here (decision 096). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order, signedIn } = await requireOwnedOrder(request, params.orderId ?? "");
  const [transfer, settings, invoicing] = await Promise.all([
    getTransferState(order.id),
    getSettings(),
    orderInvoicing(order.id),
  ]);
  return json({
    order,
    invoicing: invoicing!,
    signedIn,
    transfer,
    title: orderConfirmationTitle(order.status, order.paymentMethod, transfer.kind),
    bank: {
      bankName: settings.bank_name,
      bankAccount: settings.bank_account_number,
      bankHolder: settings.bank_account_holder,
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await guardAction(request);
  const { order } = await requireOwnedOrder(request, params.orderId ?? "");
  // Decision 171: "Factura a nombre de" posts a plain form; the late receipt a multipart one.
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const refused = await saveInvoiceBuyerForm(order.id, await request.formData());
    if (refused) return json({ invoiceBuyer: refused }, { status: 400 });
    return redirectWithToast(request, `/order-confirmation/${order.id}#factura`, {
      title: "Datos de la factura guardados",
    });
  }
  // The owner is known (their user or their guest id); createGuest only types it so.
  const { shopper, session } = await getShopper(request, { createGuest: true });
  const { proof } = await readLateProofForm(request, { clientIp: context.clientIp ?? "unknown" });
  const sent = await sendLateProof({ orderId: order.id, proof, shopper });
  if (!sent.ok) {
    const message = sent.error === "unreadable" ? sent.message : LATE_PROOF_MESSAGES[sent.error];
    return json({ proofError: message ?? LATE_PROOF_MESSAGES.no_file }, { status: 400 });
  }
  // The page itself now says the receipt is in review: no toast to cover it.
  return redirectWithToast(request, `/order-confirmation/${order.id}`, null, { session });
}

export default function OrderConfirmationRoute() {
  const { order, signedIn, transfer, title, bank, invoicing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const awaiting = transfer.kind === "awaiting";
  const contactNote = orderContactNote(order.status, transfer.kind);
  return (
    <Page title={title}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section
            aria-labelledby="order-heading"
            className="border-border bg-surface space-y-3 rounded-lg border p-5"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="order-heading" className="text-lg font-semibold">
                Pedido <Unbroken>{order.orderNumber}</Unbroken>
              </h2>
              <OrderStatusBadge
                status={order.status}
                label={ORDER_STATUS_SHORT_LABELS[order.status]}
              />
            </div>
            <p className="text-sm">
              Fecha: <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </p>
            <OrderStatusNote
              status={order.status}
              paymentMethod={order.paymentMethod}
              transfer={transfer.kind}
            />
            {contactNote ? <p className="text-sm">{contactNote}</p> : null}
          </section>

          {awaiting ? (
            <section
              id="transferencia"
              aria-labelledby="transfer-heading"
              className="border-border bg-surface space-y-4 rounded-lg border p-5"
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
                  error={
                    actionData && "proofError" in actionData ? actionData.proofError : undefined
                  }
                />
              </ShownLaterBoundary>
              <ProofByWhatsapp orderNumber={order.orderNumber} total={order.total} />
            </section>
          ) : null}
          {transfer.kind === "in_review" ? (
            <section
              id="transferencia"
              aria-label="Tu comprobante"
              className="border-border bg-surface space-y-4 rounded-lg border p-5"
            >
              <ShownLaterBoundary>
                <LateProofForm
                  orderNumber={order.orderNumber}
                  action={`/order-confirmation/${order.id}`}
                  error={
                    actionData && "proofError" in actionData ? actionData.proofError : undefined
                  }
                  replace
                />
              </ShownLaterBoundary>
            </section>
          ) : null}

          {invoicing.documents.length > 0 || invoicing.buyerEditable ? (
            <InvoicingSection
              orderId={order.id}
              invoicing={invoicing}
              closed={order.status === "cancelled" || order.status === "denied"}
              lastResult={
                actionData && "invoiceBuyer" in actionData ? actionData.invoiceBuyer : null
              }
            />
          ) : null}

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
            <Link to={`/track-order?order=${order.id}`} className={buttonClasses("primary")}>
              Seguir mi pedido
            </Link>
            {signedIn ? (
              <Link to="/orders" className={buttonClasses("secondary")}>
                Mis Pedidos
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

export function ErrorBoundary() {
  return (
    <ShownLaterBoundary>
      <OrderNotFoundBoundary />
    </ShownLaterBoundary>
  );
}
