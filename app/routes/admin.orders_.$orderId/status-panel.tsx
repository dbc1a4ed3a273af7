import { Form } from "@remix-run/react";
import type { OrderStatus, PaymentMethod } from "#db/types";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/utils/money";
import {
  canDeleteOrder,
  canRecordCash,
  canTransition,
  ORDER_ACTION_LIMITS,
  ORDER_STATUSES,
} from "~/models/orders/status";

type ActionOrder = {
  id: string;
  status: OrderStatus;
  trackingNumber: string | null;
  paymentMethod: PaymentMethod;
  paidAt: string | null;
  total: number;
  cashCollectedAmount: number | null;
  cashCollectedBy: string | null;
};

/**
 * The moves backoffice.md §4 allows from the order's status, each a form of its own, in the
 * lifecycle's order (ORDER_STATUSES). The forward moves are the main actions; cancel, deny and
 * delete wait in 'Más acciones' (a <details>, so it opens without JS), apart from them.
 */
export function StatusActions({ order }: { order: ActionOrder }) {
  const can = (to: OrderStatus) => canTransition(order.status, to, order.paymentMethod);
  // Decision 166: a cash order out for delivery can come back refused at the door.
  const refusable = order.paymentMethod === "cash_on_delivery" && order.status === "shipped";
  const forward = ORDER_STATUSES.filter((to) => to in FORWARD_LABELS && can(to));
  const closing = (["cancelled", "denied"] as const).filter(can);
  const deletable = canDeleteOrder(order.status);
  return (
    <section
      aria-labelledby="order-actions"
      className="border-border bg-surface space-y-4 rounded-xl border p-5"
    >
      <h2 id="order-actions" className="font-semibold">
        Acciones
      </h2>
      {forward.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          {forward.map((to) =>
            to === "shipped" ? (
              <Form method="post" key={to} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="expectedStatus" value={order.status} />
                <label className="text-sm">
                  Número de guía (opcional)
                  <input
                    name="trackingNumber"
                    defaultValue={order.trackingNumber ?? ""}
                    maxLength={ORDER_ACTION_LIMITS.trackingNumber}
                    className="border-border bg-surface block rounded-md border px-3 py-2"
                  />
                </label>
                <Button type="submit" name="to" value="shipped">
                  {FORWARD_LABELS.shipped}
                </Button>
              </Form>
            ) : (
              <Form method="post" key={to}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="expectedStatus" value={order.status} />
                <Button type="submit" name="to" value={to}>
                  {FORWARD_LABELS[to as keyof typeof FORWARD_LABELS]}
                </Button>
              </Form>
            ),
          )}
        </div>
      ) : (
        <p className="text-fg-muted text-sm">Este pedido ya no avanza.</p>
      )}
      {canRecordCash(order) ? <CashForm order={order} /> : null}
      {order.cashCollectedAmount !== null ? (
        <p className="text-sm">
          Cobrado: {formatMoney(order.cashCollectedAmount)} por {order.cashCollectedBy}
        </p>
      ) : null}
      {order.paymentMethod === "cash_on_delivery" &&
      order.status === "delivered" &&
      order.paidAt === null ? (
        <p className="text-danger text-sm font-medium">Entregado sin cobrar</p>
      ) : null}
      {closing.length > 0 || deletable || refusable ? (
        <details className="border-border group rounded-lg border">
          <summary className="hover:bg-surface-muted cursor-pointer rounded-lg px-4 py-2 text-sm font-medium">
            Más acciones
          </summary>
          <div className="grid gap-4 p-4 pt-2 md:grid-cols-2">
            {refusable ? (
              <NotesForm order={order} to="refused-delivery" label="Rechazado en la entrega" />
            ) : null}
            {closing.map((to) => (
              <NotesForm key={to} order={order} to={to} label={CLOSING_LABELS[to]} />
            ))}
            {deletable ? <NotesForm order={order} to="deleted" label="Eliminar Pedido" /> : null}
          </div>
        </details>
      ) : null}
    </section>
  );
}

/**
 * Decision 166: 'Cobrado': the cash the courier (or the shop's counter) received, the order's
 * total unless the admin types another amount, and who collected it.
 */
function CashForm({ order }: { order: ActionOrder }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="record-cash" />
      <label className="text-sm">
        Monto cobrado (L)
        <input
          name="amount"
          inputMode="decimal"
          defaultValue={(order.total / 100).toFixed(2)}
          maxLength={20}
          required
          className="border-border bg-surface block w-36 rounded-md border px-3 py-2"
        />
      </label>
      <label className="text-sm">
        Cobrado por
        <input
          name="collectedBy"
          maxLength={120}
          required
          className="border-border bg-surface block rounded-md border px-3 py-2"
        />
      </label>
      <Button type="submit">Cobrado</Button>
    </Form>
  );
}

const FORWARD_LABELS = {
  paid: "Aprobar Pago",
  processing: "En Proceso",
  shipped: "Marcar como Enviado",
  delivered: "Entregado",
} as const satisfies Partial<Record<OrderStatus, string>>;

const CLOSING_LABELS = { cancelled: "Cancelar Pedido", denied: "Denegar Pedido" } as const;

/** Cancel, deny and delete demand notes (backoffice.md §4); the server says so if they are empty. */
function NotesForm({
  order,
  to,
  label,
}: {
  order: ActionOrder;
  to: "cancelled" | "denied" | "deleted" | "refused-delivery";
  label: string;
}) {
  const id = `notes-${to}`;
  const intent = to === "deleted" ? "delete" : to === "refused-delivery" ? to : "status";
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      {intent === "status" ? <input type="hidden" name="to" value={to} /> : null}
      <input type="hidden" name="expectedStatus" value={order.status} />
      <label htmlFor={id} className="block text-sm font-medium">
        Notas para {label.toLowerCase()}
      </label>
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={ORDER_ACTION_LIMITS.note}
        className="border-border bg-surface block w-full rounded-md border px-3 py-2 text-sm"
      />
      <Button type="submit" variant="danger">
        {label}
      </Button>
    </Form>
  );
}
