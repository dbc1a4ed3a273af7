/*
 * Client-safe pieces of the outbox screen (/admin/correos, decision 107): how a row's state
 * reads, the filters, and the names of the kinds of e-mail.
 */

/**
 * What the screen shows and filters by. `retrying` is a pending row that was tried and failed
 * (attempts and an error): it waits for its next try, not for a first one.
 */
export const OUTBOX_STATES = ["pending", "retrying", "sent", "failed", "skipped"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pending: "En espera",
  retrying: "Reintentando",
  sent: "Enviado",
  failed: "Fallido",
  skipped: "No enviado (antiguo)",
};

export const OUTBOX_STATE_BADGES = {
  pending: "info",
  retrying: "warning",
  sent: "success",
  failed: "danger",
  skipped: "neutral",
} as const satisfies Record<OutboxState, string>;

export function isOutboxState(value: unknown): value is OutboxState {
  return OUTBOX_STATES.some((state) => state === value);
}

export function outboxState(row: {
  status: "pending" | "sent" | "failed" | "skipped";
  attempts: number;
  lastError: string | null;
}): OutboxState {
  if (row.status === "pending" && row.attempts > 0 && row.lastError) return "retrying";
  return row.status;
}

/** 'Reintentar' is offered for what the sender gave up on. */
export function canRetryEmail(state: OutboxState) {
  return state === "failed" || state === "skipped";
}

/** The kinds' names; a kind without one shows its code. */
const OUTBOX_KIND_LABELS: Record<string, string> = {
  order_received: "Pedido recibido",
  order_approved: "Pago aprobado",
  order_shipped: "Pedido enviado",
  order_delivered: "Pedido entregado",
  order_cancelled: "Pedido cancelado",
  order_expired: "Pedido vencido",
  order_denied: "Pedido denegado",
  order_deleted: "Pedido eliminado",
  order_proof_received: "Comprobante recibido",
  shop_new_order: "Nuevo pedido (a la tienda)",
  shop_proof_received: "Comprobante recibido (a la tienda)",
  shop_low_stock: "Stock bajo (a la tienda)",
  password_reset: "Restablecer contraseña",
  new_sign_in: "Nuevo inicio de sesión",
  email_verification: "Verificar correo",
  sign_up_attempt: "Intento de registro con un correo existente",
  email_change_confirm: "Confirmar correo nuevo",
  email_change_notice: "Aviso de cambio de correo (con enlace para deshacerlo)",
  email_change_attempt: "Intento de usar un correo existente en otra cuenta",
  message_reply: "Respuesta a un mensaje",
  backup_failed: "Copia de seguridad fallida",
  offsite_failed: "Copia externa fallida",
};

export function outboxKindLabel(kind: string) {
  return OUTBOX_KIND_LABELS[kind] ?? kind;
}
