import { Form } from "@remix-run/react";
import type { OrderStatus } from "#db/types";
import { Button } from "~/components/ui/button";
import {
  canDeleteOrder,
  canTransition,
  ORDER_ACTION_LIMITS,
  ORDER_STATUSES,
} from "~/models/orders/status";

type ActionOrder = { id: string; status: OrderStatus; trackingNumber: string | null };

/**
 * The moves backoffice.md §4 allows from the order's status, each a form of its own, in the
 * lifecycle's order (ORDER_STATUSES). The forward moves are the main actions; cancel, deny and
 * delete wait in 'Más acciones' (a <details>, so it opens without JS), apart from them.
 */
export function StatusActions({ order }: { order: ActionOrder }) {
  const can = (to: OrderStatus) => canTransition(order.status, to);
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
      {closing.length > 0 || deletable ? (
        <details className="border-border group rounded-lg border">
          <summary className="hover:bg-surface-muted cursor-pointer rounded-lg px-4 py-2 text-sm font-medium">
            Más acciones
          </summary>
          <div className="grid gap-4 p-4 pt-2 md:grid-cols-2">
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
  to: "cancelled" | "denied" | "deleted";
  label: string;
}) {
  const id = `notes-${to}`;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={to === "deleted" ? "delete" : "status"} />
      {to === "deleted" ? null : <input type="hidden" name="to" value={to} />}
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
