import { Form, Link } from "@remix-run/react";
import type { ProofQueueEntry } from "~/models/orders/admin";
import { ORDER_ACTION_LIMITS } from "~/models/orders/status";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { ProofReuseWarning } from "./proof-reuse-warning";
import { ProofViewer } from "./proof-viewer";
import { Unbroken } from "~/components/ui/unbroken";

/** The payment-proof queue: oldest first, the proof beside what the customer owes. */
export function ProofQueue({ queue }: { queue: ProofQueueEntry[] }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Comprobantes por revisar</h1>
        <Link to="/admin/orders" className={buttonClasses("secondary", "sm")}>
          Todos los pedidos
        </Link>
      </div>
      <p className="text-fg-muted text-sm">
        {queue.length === 1 ? "1 comprobante" : `${queue.length} comprobantes`}
      </p>
      {queue.length === 0 ? (
        <p className="text-fg-muted">No hay comprobantes pendientes de revisión.</p>
      ) : null}
      <ul className="space-y-4">
        {queue.map((order) => (
          <li
            key={order.id}
            aria-label={`Pedido ${order.orderNumber}`}
            className="border-border bg-surface grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border p-4 md:grid-cols-[16rem_minmax(0,1fr)]"
          >
            <ProofViewer
              src={order.proofUrl}
              alt={`Comprobante del pedido ${order.orderNumber}`}
              thumbnailClassName="border-border max-h-80 w-full rounded-lg border object-contain"
              lazy
            />
            <div className="space-y-3">
              <ProofReuseWarning reusedIn={order.reusedIn} />
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-fg-muted">Monto a pagar</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatMoney(order.total)}</dd>
                </div>
                <div>
                  <dt className="text-fg-muted">Referencia</dt>
                  <dd>
                    <Link to={`/admin/orders/${order.id}`} className="underline">
                      <Unbroken>{order.orderNumber}</Unbroken>
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt className="text-fg-muted">Cliente</dt>
                  <dd>
                    {order.customerName} {order.isGuest ? <Badge>Invitado</Badge> : null}
                    <span className="text-fg-muted block break-all">{order.customerEmail}</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-fg-muted">Fecha</dt>
                  <dd>{formatDate(order.createdAt)}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap items-end gap-4">
                <Form method="post" action={`/admin/orders/${order.id}`}>
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="expectedStatus" value="pending" />
                  <input type="hidden" name="redirectTo" value="/admin/orders?review=proofs" />
                  <Button type="submit" name="to" value="paid">
                    Aprobar Pago
                  </Button>
                </Form>
                <Form
                  method="post"
                  action={`/admin/orders/${order.id}`}
                  className="flex max-w-full min-w-0 flex-wrap items-end gap-2"
                >
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="to" value="denied" />
                  <input type="hidden" name="expectedStatus" value="pending" />
                  <input type="hidden" name="redirectTo" value="/admin/orders?review=proofs" />
                  <label className="w-72 max-w-full text-sm">
                    Motivo (lo verá el cliente)
                    <input
                      name="customerReason"
                      maxLength={ORDER_ACTION_LIMITS.customerReason}
                      className="border-border bg-surface block w-full rounded-md border px-3 py-2"
                    />
                  </label>
                  <Button type="submit" variant="danger">
                    Denegar
                  </Button>
                </Form>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
