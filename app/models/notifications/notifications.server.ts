import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications";
import { paginate } from "~/utils/paging";

/*
 * A customer's notifications (storefront.md §3). The order lifecycle, coupons and points write
 * them (notifyUser, notify.server.ts); this module reads them for their owner and lets the
 * owner mark or delete them. Every function takes the user id and touches only that user's
 * rows, so a notification id of another customer behaves exactly like one that does not exist
 * (the routes answer 404).
 */

const COLUMNS = [
  "id",
  "type",
  "title",
  "message",
  "orderId",
  "orderNumber",
  "isRead",
  "createdAt",
] as const;

/** The unread count on the header's bell. */
export async function countUnreadNotifications(userId: number, executor: Kysely<Database> = db) {
  const row = await executor
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId)
    .where("isRead", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page of the user's notifications, newest first (the id breaks ties between rows written
 * in the same millisecond, such as 'Pedido entregado' and '¡Ganaste puntos!'). A page past the
 * end shows the last page, as the catalogue does (D16).
 */
export async function listNotifications(
  userId: number,
  { page = 1, pageSize = NOTIFICATIONS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
  executor: Kysely<Database> = db,
) {
  const counts = await executor
    .selectFrom("notifications")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("isRead", "=", 0).then(1).else(0).end()).as("unread"),
    ])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  const { rows, ...window } = await paginate({
    page,
    pageSize,
    count: async () => counts.total,
    rows: ({ limit, offset }) =>
      executor
        .selectFrom("notifications")
        .select(COLUMNS)
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  return {
    notifications: rows.map((row) => ({ ...row, isRead: row.isRead === 1 })),
    unread: Number(counts.unread ?? 0),
    ...window,
  };
}

export type NotificationItem = Awaited<
  ReturnType<typeof listNotifications>
>["notifications"][number];

/**
 * Marks one of the user's notifications read and returns where opening it leads (its order,
 * if it has one); null when the user has no notification with that id.
 */
export async function markNotificationRead(
  { userId, notificationId }: { userId: number; notificationId: number },
  executor: Kysely<Database> = db,
) {
  const row = await executor
    .updateTable("notifications")
    .set({ isRead: 1 })
    .where("id", "=", notificationId)
    .where("userId", "=", userId)
    .returning(["id", "orderId"])
    .executeTakeFirst();
  return row ?? null;
}

/** Returns how many were unread. */
export async function markAllNotificationsRead(userId: number, executor: Kysely<Database> = db) {
  const result = await executor
    .updateTable("notifications")
    .set({ isRead: 1 })
    .where("userId", "=", userId)
    .where("isRead", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** False when the user has no notification with that id (nothing is deleted). */
export async function deleteNotification(
  { userId, notificationId }: { userId: number; notificationId: number },
  executor: Kysely<Database> = db,
) {
  const result = await executor
    .deleteFrom("notifications")
    .where("id", "=", notificationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
