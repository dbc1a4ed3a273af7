import type { Kysely } from "kysely";
import type { Database, NotificationType } from "#db/types";

/*
 * Writing a notification, apart from the reads of notifications.server.ts: this module never
 * opens the app's connection, so the order lifecycle's steps, the demo seed and the factories
 * write notifications through it over their own executor (decision 092).
 */

export type NewNotification = {
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  /** The order it is about: the notification links to its confirmation page. */
  orderId?: string | null;
  orderNumber?: string | null;
  /** When it was written; now by default. The change it announces passes its own moment. */
  createdAt?: string;
};

/**
 * The one way a notification is written (the order lifecycle, coupons and points), inside the
 * caller's transaction so it exists exactly when the change it announces does.
 */
export async function notifyUser(executor: Kysely<Database>, notice: NewNotification) {
  return executor
    .insertInto("notifications")
    .values({ orderId: null, orderNumber: null, ...notice })
    .returning("id")
    .executeTakeFirstOrThrow();
}
