/*
 * Decision 096: the receipt of a transfer sent after the order. Client-safe: the refusals'
 * words, which the order page and the tracking page show.
 */

export type LateProofRefusal =
  | "no_file"
  | "too_large"
  | "too_many"
  | "unreadable"
  | "not_awaiting"
  | "past_deadline"
  /** Decision 130: neither the order's owner nor the holder of its signed link. */
  | "not_owner";

export const LATE_PROOF_MESSAGES: Record<Exclude<LateProofRefusal, "unreadable">, string> = {
  no_file: "Elige la foto o captura del comprobante de tu transferencia.",
  too_large: "El archivo es muy grande. Máximo 5MB permitido.",
  too_many: "Demasiados comprobantes subidos. Intenta de nuevo en unos minutos.",
  not_awaiting: "Este pedido no espera una transferencia.",
  past_deadline:
    "El plazo de pago de este pedido venció. Contáctanos si ya hiciste la transferencia.",
  not_owner:
    "Solo quien hizo el pedido puede enviar su comprobante: usa el enlace «Subir comprobante» del correo del pedido, o entra con la cuenta con la que compraste.",
};

/** Decision 130: what a receipt in review says above the form that changes it. */
export const LATE_PROOF_IN_REVIEW =
  "Ya recibimos el comprobante de este pedido; lo estamos revisando. Si te equivocaste de foto, puedes cambiarlo.";

/**
 * The deadline of a transfer order: the one an admin set, else its creation plus the setting
 * (decision 074). Pure, so the order writer words it in the order's e-mail too.
 */
export function transferDeadline(
  order: { createdAt: string; paymentDueAt: string | null },
  deadlineHours: number,
) {
  if (order.paymentDueAt) return new Date(order.paymentDueAt);
  return new Date(new Date(order.createdAt).getTime() + deadlineHours * 3_600_000);
}

export const LATE_PROOF_RECEIVED = {
  title: "Comprobante recibido",
  description: "Revisaremos tu transferencia y te avisaremos cuando se apruebe.",
} as const;

/** Where an order stands on its payment, for the pages that show it. */
export type TransferState =
  /** a bank transfer still to be paid: its deadline (ISO), after which the order is cancelled */
  | { kind: "awaiting"; dueAt: string }
  /** its receipt waits for the shop's review */
  | { kind: "in_review" }
  /** anything else: paid, another method, closed */
  | { kind: "none" };
