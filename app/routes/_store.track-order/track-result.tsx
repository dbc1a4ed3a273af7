import type { OrderStatus, PaymentMethod, ShippingMethod } from "#db/types";
import { LateProofForm } from "~/components/orders/late-proof-form";
import { OrderStatusNote, OrderTotals } from "~/components/orders/order-parts";
import { ProofByWhatsapp } from "~/components/orders/proof-by-whatsapp";
import { TransferDetails, type BankAccount } from "~/components/orders/transfer-details";
import { TransferDeadline } from "~/components/orders/transfer-deadline";
import {
  LATE_PROOF_MESSAGES,
  LATE_PROOF_RECEIVED,
  type TransferState,
} from "~/models/orders/late-proof";
import { Badge } from "~/components/ui/badge";
import {
  ORDER_STATUS_BADGES,
  SHIPPING_METHOD_LABELS,
  TRACK_STATUS_LABELS,
  trackingTimeline,
  trackStatusOf,
} from "~/models/orders/status";
import { formatDate, formatDayRange, hondurasDay, upperFirst } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { Unbroken } from "~/components/ui/unbroken";

export type TrackResult = {
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  subtotal: number;
  shippingCost: number;
  tax: number;
  couponDiscount: number;
  couponCode: string | null;
  total: number;
  shippingMethod: ShippingMethod;
  trackingNumber: string | null;
  estimatedDelivery: string | null;
  estimatedDeliveryFrom: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  updatedAt: string;
  items: { id: number; productName: string; size: string; quantity: number; price: number }[];
};

export type TrackPayment = {
  transfer: TransferState;
  bank: BankAccount;
  /**
   * where the receipt goes: this page (with the number and e-mail, or the signed link), the
   * owner's order page; null when the visitor is not the order's owner (decision 130)
   */
  upload: { action: string; hidden: Record<string, string> } | null;
  /** Decision 171: its invoice and credit notes, for its owner or its e-mail link's holder. */
  documents: { name: string; href: string; pdf: string }[];
};

/**
 * The result card and the history timeline (backoffice.md §4, D16); an order still waiting for
 * its transfer shows what to pay and takes the receipt (decision 096).
 */
export function TrackResultCard({
  order,
  payment,
  proof,
}: {
  order: TrackResult;
  payment: TrackPayment;
  proof: { error: string | null; received: boolean } | null;
}) {
  const steps = trackingTimeline(order);
  return (
    <section
      aria-labelledby="track-result-heading"
      className="border-border bg-surface max-w-xl space-y-5 rounded-lg border p-5"
    >
      <p role="status" className="text-success text-sm font-semibold">
        {proof?.received
          ? `${LATE_PROOF_RECEIVED.title}. ${LATE_PROOF_RECEIVED.description}`
          : "Pedido encontrado"}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="track-result-heading" className="text-lg font-semibold">
          Pedido <Unbroken>{order.orderNumber}</Unbroken>
        </h2>
        <Badge variant={ORDER_STATUS_BADGES[order.status]}>
          {TRACK_STATUS_LABELS[trackStatusOf(order.status)]}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-fg-muted">Fecha del pedido</dt>
          <dd>{formatDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">Envío</dt>
          <dd>{SHIPPING_METHOD_LABELS[order.shippingMethod]}</dd>
        </div>
        {order.estimatedDelivery ? (
          <div>
            <dt className="text-fg-muted">Entrega estimada</dt>
            <dd>
              {order.estimatedDeliveryFrom
                ? // Decision 158: the window of the department's zone, as the checkout said it.
                  upperFirst(
                    formatDayRange(
                      hondurasDay(new Date(order.estimatedDeliveryFrom)),
                      hondurasDay(new Date(order.estimatedDelivery)),
                    ),
                  )
                : formatDate(order.estimatedDelivery)}
            </dd>
          </div>
        ) : null}
        {order.trackingNumber ? (
          <div>
            <dt className="text-fg-muted">Número de guía</dt>
            <dd>
              <Unbroken>{order.trackingNumber}</Unbroken>
            </dd>
          </div>
        ) : null}
      </dl>

      <OrderStatusNote
        status={order.status}
        paymentMethod={order.paymentMethod}
        transfer={payment.transfer.kind}
      />
      {payment.transfer.kind === "awaiting" ? (
        <div className="space-y-4">
          <TransferDetails bank={payment.bank} totals={[{ amount: order.total }]}>
            <TransferDeadline dueAt={payment.transfer.dueAt} />
          </TransferDetails>
          {payment.upload ? (
            <LateProofForm
              orderNumber={order.orderNumber}
              action={payment.upload.action}
              hidden={payment.upload.hidden}
              error={proof?.error}
            />
          ) : (
            <p className="text-sm" role={proof?.error ? "alert" : undefined}>
              {LATE_PROOF_MESSAGES.not_owner}
            </p>
          )}
          <ProofByWhatsapp orderNumber={order.orderNumber} total={order.total} />
        </div>
      ) : null}
      {payment.transfer.kind === "in_review" && payment.upload ? (
        <LateProofForm
          orderNumber={order.orderNumber}
          action={payment.upload.action}
          hidden={payment.upload.hidden}
          error={proof?.error}
          replace
        />
      ) : null}

      <div>
        <h3 className="mb-2 font-semibold">Productos</h3>
        <ul className="space-y-1 text-sm">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4">
              <span>
                {item.productName} ({item.size}) × {item.quantity}
              </span>
              <span className="tabular-nums">{formatMoney(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
        {/* Issue 39: what was charged, shipping and ISV included, not the lines' sum. */}
        <div className="mt-3">
          <OrderTotals order={order} />
        </div>
      </div>

      {payment.documents.length > 0 ? (
        <div>
          <h3 className="mb-2 font-semibold">Factura</h3>
          <ul className="space-y-2 text-sm">
            {payment.documents.map((document) => (
              <li key={document.href} className="flex flex-wrap gap-x-4 gap-y-1">
                <span className="font-medium">{document.name}</span>
                <a className="underline underline-offset-4" href={document.href}>
                  Ver e imprimir<span className="sr-only"> la {document.name}</span>
                </a>
                <a className="underline underline-offset-4" href={document.pdf} download>
                  Descargar PDF<span className="sr-only"> de la {document.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <h3 className="mb-2 font-semibold">Historial del pedido</h3>
        <ol aria-label="Historial del pedido" className="space-y-3">
          {steps.map((step) => (
            <li key={step.key} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`mt-1 size-3 shrink-0 rounded-full ${step.done ? "bg-primary" : "border-border-strong border"}`}
              />
              <div className="text-sm">
                <p className={step.done ? "font-medium" : "text-fg-muted"}>
                  {step.label}
                  <span className="sr-only">{step.done ? " (completado)" : " (pendiente)"}</span>
                </p>
                {step.done && step.at ? (
                  <p className="text-fg-muted">{formatDate(step.at)}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
