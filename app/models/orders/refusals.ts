import type { OrderStatus } from "#db/types";
import { NOTES_REQUIRED, ORDER_STATUS_SHORT_LABELS } from "./status";

/*
 * An order change the lifecycle refuses (transitions.server.ts), having written nothing, and
 * its words: the admin screens and the JSON API say the same Spanish message; the API's problem
 * helper gives each code its status (decision 137).
 */
export type OrderRefusal =
  | { ok: false; error: "not_found" | "forbidden" | "notes_required" }
  | { ok: false; error: "illegal_transition"; from: OrderStatus; to: OrderStatus }
  | { ok: false; error: "cannot_delete"; status: OrderStatus }
  /** Decision 166: no cash to record (another method, not yet out, or recorded already). */
  | { ok: false; error: "no_cash_to_record" }
  /**
   * Decision 171: the invoice a payment issues, or the credit note a cancellation issues, could
   * not be (no range that can issue, no issuer): the change waits for the shop's fiscal data.
   */
  | { ok: false; error: "fiscal_refused"; message: string }
  /** `status`: what another admin moved it to; none when only its updated_at moved. */
  | { ok: false; error: "stale"; orderNumber: string; status?: OrderStatus };

export type OrderErrorCode = OrderRefusal["error"];

export const ORDER_NOT_FOUND = "Pedido no encontrado";

/** The refusal in the words an admin reads (backoffice.md §4 and §8). */
export function orderRefusalMessage(refusal: OrderRefusal): string {
  const label = (status: OrderStatus) => ORDER_STATUS_SHORT_LABELS[status];
  switch (refusal.error) {
    case "not_found":
      return ORDER_NOT_FOUND;
    case "forbidden":
      return "No tienes permisos para acceder a esta sección.";
    case "notes_required":
      return NOTES_REQUIRED;
    case "illegal_transition":
      return refusal.from === refusal.to
        ? `El pedido ya está en estado «${label(refusal.from)}».`
        : `No se puede cambiar un pedido de «${label(refusal.from)}» a «${label(refusal.to)}».`;
    case "no_cash_to_record":
      return "Este pedido no tiene un cobro pendiente: el pago contra entrega se registra una vez enviado, y el pago en tienda mientras el pedido espera.";
    case "fiscal_refused":
      return refusal.message;
    case "cannot_delete":
      return `No se puede eliminar un pedido en estado «${label(refusal.status)}».`;
    case "stale":
      return refusal.status
        ? `El pedido ${refusal.orderNumber} cambió mientras lo revisabas: ahora está «${label(refusal.status)}». Revisa su estado antes de volver a intentarlo.`
        : `El pedido ${refusal.orderNumber} cambió mientras tanto.`;
  }
}
