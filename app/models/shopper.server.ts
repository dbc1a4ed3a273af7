import { sql } from "kysely";
import { db } from "~/utils/db.server";

/** The counts the header shows: cart lines' units (user or guest cart), favourites, unread. */
export async function getHeaderCounts(options: { userId: number | null; guestId: string | null }) {
  const { userId, guestId } = options;
  const cart = userId
    ? db.selectFrom("cartItems").where("userId", "=", userId)
    : guestId
      ? db.selectFrom("cartItems").where("sessionId", "=", guestId).where("userId", "is", null)
      : null;
  const [cartRow, wishlistRow, notificationRow] = await Promise.all([
    cart?.select(sql<number>`coalesce(sum(quantity), 0)`.as("count")).executeTakeFirst(),
    userId
      ? db
          .selectFrom("wishlistItems")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("userId", "=", userId)
          .executeTakeFirst()
      : undefined,
    userId
      ? db
          .selectFrom("notifications")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("userId", "=", userId)
          .where("isRead", "=", 0)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    cartCount: Number(cartRow?.count ?? 0),
    wishlistCount: Number(wishlistRow?.count ?? 0),
    unreadNotifications: Number(notificationRow?.count ?? 0),
  };
}
