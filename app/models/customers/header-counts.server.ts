import { db } from "~/utils/db.server";
import { getCart } from "~/models/cart/cart.server";
import type { Shopper } from "~/models/auth/shopper";

/** A signed-in user's favourites and unread notifications, counted in one query. */
function userCounts(userId: number) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("wishlistItems")
        .select(eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .as("wishlistCount"),
      eb
        .selectFrom("notifications")
        .select(eb.fn.countAll<number>().as("count"))
        .where("userId", "=", userId)
        .where("isRead", "=", 0)
        .as("unreadNotifications"),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The counts the header shows: the cart's units that can be bought (user or guest cart),
 * favourites, unread notifications. The cart count is `getCart`'s own item count, so the badge,
 * the cart page and the drawer agree by construction on which lines count.
 */
export async function getHeaderCounts(shopper: Shopper) {
  const { userId, guestId } = shopper;
  const [cart, counts] = await Promise.all([
    userId !== null || guestId !== null ? getCart(shopper) : undefined,
    userId ? userCounts(userId) : undefined,
  ]);
  return {
    cartCount: cart?.itemCount ?? 0,
    wishlistCount: Number(counts?.wishlistCount ?? 0),
    unreadNotifications: Number(counts?.unreadNotifications ?? 0),
  };
}
