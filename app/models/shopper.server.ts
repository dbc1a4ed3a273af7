import { db } from "~/utils/db.server";
import { getCart } from "./cart.server";
import { countUnreadNotifications } from "./notifications.server";
import type { Shopper } from "./shopper";

/**
 * The counts the header shows: the cart's units that can be bought (user or guest cart),
 * favourites, unread notifications. The cart count is `getCart`'s own item count, so the badge,
 * the cart page and the drawer agree by construction on which lines count.
 */
export async function getHeaderCounts(shopper: Shopper) {
  const { userId, guestId } = shopper;
  const [cart, wishlistRow, unreadNotifications] = await Promise.all([
    userId !== null || guestId !== null ? getCart(shopper) : undefined,
    userId
      ? db
          .selectFrom("wishlistItems")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("userId", "=", userId)
          .executeTakeFirst()
      : undefined,
    userId ? countUnreadNotifications(userId) : 0,
  ]);
  return {
    cartCount: cart?.itemCount ?? 0,
    wishlistCount: Number(wishlistRow?.count ?? 0),
    unreadNotifications,
  };
}
