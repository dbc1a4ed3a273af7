/**
 * What a customer reads in their notifications for each event of their order (storefront.md §3's
 * notification types). Client-safe and pure: the order lifecycle writes them, and the demo seed
 * tells its history with the same words.
 */
import type { NotificationType, OrderStatus } from "#db/types";
import { formatDateTime } from "~/utils/dates";

export type NoticeFacts = {
  orderNumber: string;
  trackingNumber: string | null;
  points: number;
  /** Why a payment was denied, in words meant for the customer (the proof queue asks for it). */
  reason?: string | null;
  /** A transfer's deadline (ISO), for the half-time reminder and the cancellation at it. */
  dueAt?: string;
  /** Decision 171: the invoice or credit note the change issued; its PDF goes with the e-mail. */
  document?: { id: number; number: string; kind: "invoice" | "credit_note" };
};

type Notice = { title: string; message: (facts: NoticeFacts) => string };

const CUSTOMER_NOTICES = {
  order_approved: {
    title: "Pago aprobado",
    message: (o) => `Verificamos el pago de tu pedido ${o.orderNumber}. ¡Ya lo estamos preparando!`,
  },
  order_shipped: {
    title: "Tu pedido va en camino",
    message: (o) =>
      o.trackingNumber
        ? `Tu pedido ${o.orderNumber} fue enviado. Número de guía: ${o.trackingNumber}.`
        : `Tu pedido ${o.orderNumber} fue enviado.`,
  },
  order_delivered: {
    title: "Pedido entregado",
    message: (o) => `Tu pedido ${o.orderNumber} fue entregado. ¡Gracias por tu compra!`,
  },
  loyalty_points: {
    title: "¡Ganaste puntos!",
    message: (o) =>
      `Sumaste ${o.points.toLocaleString("es-HN")} puntos por tu pedido ${o.orderNumber}.`,
  },
  order_cancelled: {
    title: "Pedido cancelado",
    message: (o) =>
      o.points > 0
        ? `Tu pedido ${o.orderNumber} fue cancelado. Se descontaron ${o.points.toLocaleString("es-HN")} puntos de lealtad.`
        : `Tu pedido ${o.orderNumber} fue cancelado.`,
  },
  /** A transfer never paid, cancelled by the deadline job (decision 074): stored as a cancel. */
  order_expired: {
    title: "Pedido cancelado por falta de pago",
    message: (o) =>
      o.dueAt
        ? `Tu pedido ${o.orderNumber} se canceló: el plazo para pagarlo venció el ${formatDateTime(o.dueAt)} sin que recibiéramos tu transferencia. Si aún lo deseas, puedes hacer un pedido nuevo.`
        : `Tu pedido ${o.orderNumber} se canceló porque no recibimos el pago a tiempo. Si aún lo deseas, puedes hacer un pedido nuevo.`,
  },
  order_denied: {
    title: "Pedido denegado",
    message: (o) =>
      o.reason
        ? `No pudimos verificar el pago del pedido ${o.orderNumber}. Motivo: ${o.reason}. Contáctanos para ayudarte.`
        : `No pudimos verificar el pago del pedido ${o.orderNumber}. Contáctanos para ayudarte.`,
  },
  payment_reminder: {
    title: "Recordatorio de pago",
    message: (o) =>
      o.dueAt
        ? `Tu pedido ${o.orderNumber} se cancelará el ${formatDateTime(o.dueAt)} si no recibimos tu pago.`
        : `Tu pedido ${o.orderNumber} espera tu pago.`,
  },
  order_deleted: {
    title: "Pedido eliminado",
    message: (o) => `Tu pedido ${o.orderNumber} fue eliminado. Si tienes dudas, contáctanos.`,
  },
} satisfies Partial<Record<NotificationType | "order_expired", Notice>>;

export type CustomerNoticeEvent = keyof typeof CUSTOMER_NOTICES;

/**
 * The title and message of an event, and the notification type it is stored as. The order
 * e-mails (app/models/mail/order-emails.server.ts) take the same title and message: one source
 * for what the customer reads in the app and in their inbox.
 */
export function customerNotice(event: CustomerNoticeEvent, facts: NoticeFacts) {
  const notice: Notice = CUSTOMER_NOTICES[event];
  const type: NotificationType = event === "order_expired" ? "order_cancelled" : event;
  return { type, title: notice.title, message: notice.message(facts) };
}

/**
 * The notice that says where an order stands now, for a message an admin sends by hand
 * (decision 101: 'Avisar por WhatsApp'). Processing has no notice of its own (the customer
 * heard at "paid"); a pending order is waiting for its payment.
 */
const STATUS_NOTICES = {
  pending: "payment_reminder",
  paid: "order_approved",
  processing: "order_approved",
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
  denied: "order_denied",
} as const satisfies Record<OrderStatus, CustomerNoticeEvent>;

export function statusNotice(status: OrderStatus, facts: NoticeFacts) {
  return customerNotice(STATUS_NOTICES[status], facts);
}
