/**
 * Client-safe facts about notifications, shared by the /notifications page, the header's
 * panel and the model (notifications.server.ts).
 */
import type { NotificationType } from "#db/types";

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The header's panel shows the latest few; 'Ver todas' leads to the page. */
export const NOTIFICATIONS_PANEL_SIZE = 5;

/** storefront.md §8: the toasts of the notification actions. */
export const NOTIFICATION_MESSAGES = {
  deleted: "Notificación eliminada",
  markFailed: "No se pudieron marcar las notificaciones como leídas",
  deleteFailed: "No se pudo eliminar la notificación",
  notFound: "Notificación no encontrada",
} as const;

/** A word for each type, so the kind of news reads without its icon or colour. */
export const NOTIFICATION_KIND: Record<NotificationType, string> = {
  order_approved: "Pedido",
  order_shipped: "Pedido",
  order_delivered: "Pedido",
  order_cancelled: "Pedido",
  order_denied: "Pedido",
  order_deleted: "Pedido",
  promo_code_assigned: "Cupón",
  promo_code: "Cupón",
  loyalty_points: "Puntos",
  payment_reminder: "Pago",
};

/** Where opening a notification leads: its order's page, or nowhere (it only becomes read). */
export function notificationHref(notification: { orderId: string | null }) {
  return notification.orderId ? `/order-confirmation/${notification.orderId}` : null;
}
