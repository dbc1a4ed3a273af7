import { sql } from "kysely";
import { db } from "~/utils/db.server";

/** The counts the header shows: cart units that can be bought (user or guest cart), favourites, unread. */
export async function getHeaderCounts(options: { userId: number | null; guestId: string | null }) {
  const { userId, guestId } = options;
  // Lines of deactivated products stay in the cart, marked, but are not counted (as getCart).
  const items = db
    .selectFrom("cartItems")
    .innerJoin("products", "products.id", "cartItems.productId")
    .where("products.isActive", "=", 1);
  const cart = userId
    ? items.where("cartItems.userId", "=", userId)
    : guestId
      ? items.where("cartItems.sessionId", "=", guestId).where("cartItems.userId", "is", null)
      : null;
  const [cartRow, wishlistRow, notificationRow] = await Promise.all([
    cart?.select(sql<number>`coalesce(sum(cart_items.quantity), 0)`.as("count")).executeTakeFirst(),
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
