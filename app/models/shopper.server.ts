import { db } from "~/utils/db.server";
import { getCart, type CartOwner } from "./cart.server";

/**
 * The counts the header shows: the cart's units that can be bought (user or guest cart),
 * favourites, unread notifications. The cart count is `getCart`'s own item count, so the badge,
 * the cart page and the drawer agree by construction on which lines count.
 */
export async function getHeaderCounts(options: { userId: number | null; guestId: string | null }) {
  const { userId, guestId } = options;
  const owner: CartOwner | null = userId ? { userId } : guestId ? { guestId } : null;
  const [cart, wishlistRow, notificationRow] = await Promise.all([
    owner ? getCart(owner) : undefined,
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
    cartCount: cart?.itemCount ?? 0,
    wishlistCount: Number(wishlistRow?.count ?? 0),
    unreadNotifications: Number(notificationRow?.count ?? 0),
  };
}
