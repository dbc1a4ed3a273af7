import { z } from "zod/v4";
import type { NotificationType } from "#db/types";
import { defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { NOTIFICATION_KIND, notificationHref } from "~/models/notifications/notifications";
import type { NotificationItem } from "~/models/notifications/notifications.server";

/*
 * A customer's notifications (storefront.md §7), over /notifications' model
 * (notifications.server.ts): each function takes the caller's id, so another customer's
 * notification answers 404 like one that does not exist.
 */

const TAG = "Notificaciones";
const types = Object.keys(NOTIFICATION_KIND) as [NotificationType, ...NotificationType[]];

export const notificationSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(types),
    title: z.string(),
    message: z.string(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    isRead: z.boolean(),
    createdAt: z.string(),
    href: z.string().nullable().describe("La página a la que lleva (su pedido), o null."),
  })
  .meta({ id: "Notification" });

export function toNotification(item: NotificationItem): z.output<typeof notificationSchema> {
  return { ...item, href: notificationHref(item) };
}

/** mark-all-read's answer (storefront.md §7: "may carry message"). */
export const MARKED_ALL_READ = "Todas tus notificaciones están marcadas como leídas.";

export const notificationCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/notifications",
    tag: TAG,
    summary: "Mis notificaciones, las más recientes primero",
    description: "Paginadas como todas las listas, con `unread`: cuántas hay sin leer en total.",
    access: "customer",
    query: pageQuery,
    response: pageSchema(notificationSchema).extend({ unread: z.number().int() }),
  }),
  read: defineCall({
    method: "PUT",
    path: "/api/notifications/{id}/read",
    tag: TAG,
    summary: "Marcar una notificación como leída",
    access: "customer",
    params: { id: "integer" },
    response: z.object({
      id: z.number().int(),
      isRead: z.literal(true),
      href: z.string().nullable(),
    }),
    errors: [404],
  }),
  readAll: defineCall({
    method: "PUT",
    path: "/api/notifications/mark-all-read",
    tag: TAG,
    summary: "Marcar todas como leídas",
    access: "customer",
    response: z.object({
      message: z.string(),
      updated: z.number().int().describe("Cuántas estaban sin leer."),
    }),
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/notifications/{id}",
    tag: TAG,
    summary: "Eliminar una notificación",
    access: "customer",
    params: { id: "integer" },
    status: 204,
    errors: [404],
  }),
};
