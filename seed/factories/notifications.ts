import type { Kysely } from "kysely";
import type { Database, NotificationType } from "../../db/types";
import { customerNotice, type CustomerNoticeEvent } from "../../app/models/orders/notices";
import { notifyUser } from "../../app/models/notifications/notify.server";

/*
 * A notification as the app writes it, through its one writer (notifyUser). Order events take
 * the lifecycle's own words (orders/notices.ts); other types say what the test gives. Tests
 * that are about the lifecycle move the order with `changeOrderStatus` instead.
 */
export type NotificationOptions = {
  type?: NotificationType;
  title?: string;
  message?: string;
  orderId?: string | null;
  orderNumber?: string | null;
  isRead?: 0 | 1;
  createdAt?: string;
};

const isOrderEvent = (type: NotificationType): type is NotificationType & CustomerNoticeEvent =>
  type.startsWith("order_") || type === "loyalty_points";

export async function createNotification(
  db: Kysely<Database>,
  userId: number,
  options: NotificationOptions = {},
) {
  const type = options.type ?? "promo_code";
  const orderNumber = options.orderNumber ?? null;
  const words = isOrderEvent(type)
    ? customerNotice(type, {
        orderNumber: orderNumber ?? "PH-261124-0001",
        trackingNumber: null,
        points: 0,
      })
    : { title: "Tienes un cupón nuevo", message: "Usa tu cupón en tu próxima compra." };
  const { id } = await notifyUser(db, {
    userId,
    type,
    title: options.title ?? words.title,
    message: options.message ?? words.message,
    orderId: options.orderId ?? null,
    orderNumber,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  if (options.isRead) {
    await db.updateTable("notifications").set({ isRead: 1 }).where("id", "=", id).execute();
  }
  return db.selectFrom("notifications").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** What a customer has been told, oldest first. */
export function notificationsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("notifications")
    .select(["type", "title", "message", "orderNumber"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();
}
