import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ORDER_ACTION_LIMITS } from "~/models/orders/status";
import { formatDateTime, isoToHondurasLocal } from "~/utils/dates";

/**
 * An unpaid transfer's deadline (issue 12): shown, and moved later by "+N horas" or a new date
 * in Honduras time.
 */
export function DeadlineForm({ deadline }: { deadline: string }) {
  return (
    <section
      aria-labelledby="payment-deadline"
      className="border-border bg-surface space-y-3 rounded-xl border p-5"
    >
      <h2 id="payment-deadline" className="font-semibold">
        Plazo de pago
      </h2>
      <p className="text-sm">
        Paga antes del <time dateTime={deadline}>{formatDateTime(deadline)}</time>. Sin comprobante,
        el pedido se cancela automáticamente al vencer.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="extend-deadline" />
        <label className="text-sm">
          Sumar horas
          <input
            type="number"
            name="hours"
            min={1}
            max={ORDER_ACTION_LIMITS.extensionHours}
            step={1}
            className="border-border bg-surface block w-28 rounded-md border px-3 py-2"
          />
        </label>
        <label className="text-sm">
          o nueva fecha límite
          <input
            type="datetime-local"
            name="until"
            min={isoToHondurasLocal(deadline)}
            className="border-border bg-surface block rounded-md border px-3 py-2"
          />
        </label>
        <Button type="submit">Extender plazo</Button>
      </Form>
    </section>
  );
}
