import type { OrderStatus, PaymentMethod, ShippingMethod } from "#db/types";
import type { TransferState } from "./late-proof";

/*
 * Client-safe rules and words of the order lifecycle (backoffice.md §4). The server
 * (orders/lifecycle.server.ts) enforces the same table the screens read, so they cannot disagree.
 */

/** What the order page's forms take, as the order action checks them (decision 091). */
export const ORDER_ACTION_LIMITS = {
  note: 2000,
  trackingNumber: 100,
  customerReason: 500,
  extensionHours: 720,
} as const;

export const ORDER_STATUSES = [
  "pending",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "denied",
] as const satisfies readonly OrderStatus[];

/**
 * Forward-only moves (the seed's admin selector enforced none; we do). processing → delivered
 * is the detail dialog's 'Entregado' (store pickup never ships). Cancel is open to every
 * status but cancelled/denied, including delivered (D13 reverses the points); deny only
 * while pending.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["paid", "cancelled", "denied"],
  paid: ["processing", "cancelled"],
  processing: ["shipped", "delivered", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: ["cancelled"],
  cancelled: [],
  denied: [],
};

/**
 * Decision 166: cash on delivery is paid at the door, after it ships: a pending one is confirmed
 * straight into 'processing' (never 'paid'), and the cash is recorded apart ('Cobrado').
 */
const CASH_ON_DELIVERY_TRANSITIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["processing", "cancelled", "denied"],
};

export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  method: PaymentMethod = "bank_transfer",
) {
  const moves =
    (method === "cash_on_delivery" ? CASH_ON_DELIVERY_TRANSITIONS[from] : undefined) ??
    ORDER_TRANSITIONS[from];
  return moves.includes(to);
}

/**
 * Decision 166: when the cash of an order is recorded ('Cobrado'): cash on delivery once it
 * left the shop, the shop's pickup while it waits at the counter; never twice.
 */
export function canRecordCash(order: {
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  paidAt: string | null;
}) {
  if (order.paidAt !== null) return false;
  if (order.paymentMethod === "cash_on_delivery") {
    return order.status === "shipped" || order.status === "delivered";
  }
  return order.paymentMethod === "store_pickup" && order.status === "pending";
}

/** backoffice.md §4: delete is offered when the order is neither cancelled nor denied. */
export function canDeleteOrder(status: OrderStatus) {
  return status !== "cancelled" && status !== "denied";
}

/** Cancel, deny and delete need internal notes (backoffice.md §4, §5). */
export function transitionNeedsNotes(to: OrderStatus | "deleted") {
  return to === "cancelled" || to === "denied" || to === "deleted";
}

export const NOTES_REQUIRED = "Debe proporcionar notas para esta acción";

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Labels of /orders and the profile (backoffice.md §4). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente de revisión",
  paid: "Pagado - En proceso",
  processing: "Procesando pedido",
  shipped: "Enviado",
  delivered: "Entregado",
  cancelled: "Cancelado",
  denied: "Denegado",
};

/**
 * Short labels of the confirmation page. The seed fell back to 'Pendiente' for denied;
 * a denied order saying "Pendiente" would mislead the customer, so it says 'Denegado'.
 */
export const ORDER_STATUS_SHORT_LABELS: Record<OrderStatus, string> = {
  pending: "Pendiente",
  paid: "Pagado",
  processing: "Procesando",
  shipped: "Enviado",
  delivered: "Entregado",
  cancelled: "Cancelado",
  denied: "Denegado",
};

/**
 * The Badge variant each status shows in. Models sit below the UI and do not import its
 * types: `<Badge variant={…}>` checks these names where the screens use them.
 */
export const ORDER_STATUS_BADGES = {
  pending: "warning",
  paid: "info",
  processing: "info",
  shipped: "accent",
  delivered: "success",
  cancelled: "neutral",
  denied: "danger",
} as const satisfies Record<OrderStatus, string>;

/** The status note of backoffice.md §4 (pending: under review; denied: contact us; …). */
export function orderStatusMessage(
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  transfer: TransferState["kind"] = "in_review",
) {
  switch (status) {
    case "pending":
      // Decision 166: cash is paid at the door; the shop's pickup at its counter.
      if (paymentMethod === "cash_on_delivery") {
        return "Tu pedido está en revisión. Lo pagas en efectivo al recibirlo.";
      }
      if (paymentMethod === "store_pickup") {
        return "Tu pedido te espera en la tienda: lo pagas al recogerlo.";
      }
      // Decision 096: ordered with 'Transferiré después', the receipt is still to come.
      return transfer === "awaiting"
        ? "Esperamos tu transferencia. Cuando la hagas, sube el comprobante aquí antes del plazo."
        : "Tu pedido está en revisión. Estamos verificando tu comprobante de transferencia.";
    case "denied":
      return "Tu pedido fue denegado. Por favor contacta a servicio al cliente.";
    case "cancelled":
      return "Este pedido fue cancelado.";
    default:
      return "Tu pedido fue aprobado y está en proceso.";
  }
}

/**
 * backoffice.md §2, the order confirmation: the team contacts the buyer within 24 hours. Said
 * while the shop still has something to confirm (the payment, then the delivery); an order
 * waiting for its transfer is contacted once the receipt arrives.
 */
export function orderContactNote(status: OrderStatus, transfer: TransferState["kind"]) {
  if (status === "pending" && transfer === "awaiting") {
    return "Cuando recibamos tu comprobante, nuestro equipo te contactará dentro de las próximas 24 horas para confirmar el pago y el envío.";
  }
  if (status === "pending" || status === "paid" || status === "processing") {
    return "Nuestro equipo te contactará dentro de las próximas 24 horas para confirmar el pago y el envío.";
  }
  return null;
}

/**
 * The confirmation's title says where the order really stands (issue 21: not '¡Pedido
 * confirmado!' beside 'Pendiente').
 */
export function orderConfirmationTitle(
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  transfer: TransferState["kind"],
) {
  switch (status) {
    case "pending":
      if (paymentMethod !== "bank_transfer") return "Pedido recibido: pendiente de confirmación";
      return transfer === "awaiting"
        ? "Pedido recibido: esperando tu transferencia"
        : "Pedido recibido: pago en revisión";
    case "paid":
      return "Pedido confirmado: pago aprobado";
    case "processing":
      return "Pedido confirmado: en preparación";
    case "shipped":
      return "Pedido enviado";
    case "delivered":
      return "Pedido entregado";
    case "cancelled":
      return "Pedido cancelado";
    case "denied":
      return "Pedido denegado";
  }
}

/**
 * backoffice.md §4: the back office calls store_pickup 'Pago en Tienda'; the customer's order
 * pages show 'Recoger en tienda' for anything but the first two (decision 125: the spec's
 * 'Recoger en Tienda' is the same label, spelled one way on every customer screen).
 */
export function paymentMethodLabel(
  method: PaymentMethod,
  reader: "customer" | "admin" = "customer",
) {
  if (method === "bank_transfer") return "Transferencia Bancaria";
  if (method === "cash_on_delivery") return "Pago Contra Entrega";
  return reader === "admin" && method === "store_pickup" ? "Pago en Tienda" : "Recoger en tienda";
}

/** Every way of paying, in the back office's order (decision 166). */
export const PAYMENT_METHODS = [
  "bank_transfer",
  "cash_on_delivery",
  "store_pickup",
] as const satisfies readonly PaymentMethod[];

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: "Envío estándar",
  express: "Envío express",
  pickup: "Recoger en tienda",
};

/** Track page statuses (backoffice.md §4, D16: paid shows as approved). */
export type TrackStatus =
  "pending" | "approved" | "processing" | "shipped" | "delivered" | "cancelled" | "denied";

export function trackStatusOf(status: OrderStatus): TrackStatus {
  return status === "paid" ? "approved" : status;
}

/**
 * The one set of words of the track page: its status badge and its timeline's steps read the
 * same label for the same state (issue 21: the badge said 'Enviado', the timeline 'En camino').
 */
export const TRACK_STATUS_LABELS: Record<TrackStatus, string> = {
  pending: "Pendiente",
  approved: "Pago aprobado",
  processing: "En preparación",
  shipped: "Enviado",
  delivered: "Entregado",
  cancelled: "Cancelado",
  denied: "Denegado",
};

export type TimelineStep = {
  key: "received" | "approved" | "processing" | "shipped" | "delivered" | "cancelled" | "denied";
  label: string;
  done: boolean;
  at: string | null;
};

/**
 * The history timeline of backoffice.md §4: received always; approved when not pending; in
 * preparation for processing/shipped/delivered; on the way for shipped/delivered; delivered.
 * A cancelled or denied order shows the steps it really reached (approved only if it was
 * paid), then the closing step, instead of claiming an approval that never happened.
 */
export function trackingTimeline(order: {
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  updatedAt: string;
}): TimelineStep[] {
  const { status } = order;
  const closed = status === "cancelled" || status === "denied";
  const reached = (list: OrderStatus[]) => list.includes(status);
  const steps: TimelineStep[] = [
    { key: "received", label: "Pedido recibido", done: true, at: order.createdAt },
    {
      key: "approved",
      label: TRACK_STATUS_LABELS.approved,
      done: closed ? order.paidAt !== null : status !== "pending",
      at: order.paidAt,
    },
    {
      key: "processing",
      label: TRACK_STATUS_LABELS.processing,
      done: reached(["processing", "shipped", "delivered"]),
      at: null,
    },
    {
      key: "shipped",
      label: TRACK_STATUS_LABELS.shipped,
      done: closed ? order.shippedAt !== null : reached(["shipped", "delivered"]),
      at: order.shippedAt,
    },
    {
      key: "delivered",
      label: TRACK_STATUS_LABELS.delivered,
      done: status === "delivered" || (closed && order.deliveredAt !== null),
      at: order.deliveredAt,
    },
  ];
  if (!closed) return steps;
  return [
    ...steps.filter((step) => step.done),
    {
      key: status,
      label: TRACK_STATUS_LABELS[status],
      done: true,
      at: order.updatedAt,
    },
  ];
}
