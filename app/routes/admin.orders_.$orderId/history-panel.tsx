import { formatDateTime } from "~/utils/dates";
import type { PageOrder } from "./page-order";
import { Unbroken } from "~/components/ui/unbroken";

/** The order's status history (one row per change, with its actor) and the admin's notes. */
export function HistoryPanel({ order }: { order: Pick<PageOrder, "history" | "adminNotes"> }) {
  return (
    <section className="border-border bg-surface rounded-xl border p-5">
      <h2 id="order-history" className="mb-3 font-semibold">
        Historial
      </h2>
      <ol aria-labelledby="order-history" className="space-y-2 text-sm">
        {order.history.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at} className="text-fg-muted">
              {formatDateTime(entry.at)}
            </time>{" "}
            — <Unbroken>{entry.label}</Unbroken>
            {entry.by ? <span className="text-fg-muted">, por {entry.by}</span> : null}
            {entry.note ? (
              <span className="block pl-4">
                <Unbroken>{`Notas: ${entry.note}`}</Unbroken>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {order.adminNotes ? (
        <>
          <h3 className="mt-4 font-medium">Notas del administrador</h3>
          <p className="text-sm whitespace-pre-wrap">
            <Unbroken>{order.adminNotes}</Unbroken>
          </p>
        </>
      ) : null}
    </section>
  );
}
