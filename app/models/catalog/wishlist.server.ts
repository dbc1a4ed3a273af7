import { db } from "~/utils/db.server";
import { parseList } from "./products.server";

export const WISHLIST_MESSAGES = {
  signInRequired: "Debes iniciar sesión para agregar productos a favoritos",
  added: "Agregado a favoritos",
  removed: "Removido de favoritos",
  unavailable: "Este producto no está disponible",
} as const;

/**
 * Idempotent: adding a favourite twice keeps one row (unique user_id, product_id). Only active
 * products can be added; returns false (nothing written) for an unknown or inactive one.
 */
export async function addToWishlist({ userId, productId }: { userId: number; productId: number }) {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select("id")
      .where("id", "=", productId)
      .where("isActive", "=", 1)
      .executeTakeFirst();
    if (!product) return false;
    await trx
      .insertInto("wishlistItems")
      .values({ userId, productId })
      .onConflict((oc) => oc.columns(["userId", "productId"]).doNothing())
      .execute();
    return true;
  });
}

/** Removing a favourite that is not there is not an error: the outcome is the same. */
export async function removeFromWishlist({
  userId,
  productId,
}: {
  userId: number;
  productId: number;
}) {
  await db
    .deleteFrom("wishlistItems")
    .where("userId", "=", userId)
    .where("productId", "=", productId)
    .execute();
}

/** backoffice.md §3 wishlist_items list view, newest favourite first. */
export async function listWishlist(userId: number) {
  const rows = await db
    .selectFrom("wishlistItems")
    .innerJoin("products", "products.id", "wishlistItems.productId")
    .innerJoin("brands", "brands.id", "products.brandId")
    .select([
      "wishlistItems.id as wishlistItemId",
      "wishlistItems.createdAt as addedAt",
      "products.id",
      "products.name",
      "products.slug",
      "products.images",
      "products.price",
      "products.originalPrice",
      "products.stock",
      "products.isActive",
      "brands.name as brandName",
    ])
    .where("wishlistItems.userId", "=", userId)
    .orderBy("wishlistItems.createdAt", "desc")
    .orderBy("wishlistItems.id", "desc")
    .execute();
  return rows.map(({ images, isActive, ...row }) => ({
    ...row,
    images: parseList(images),
    isActive: isActive === 1,
  }));
}

export type WishlistEntry = Awaited<ReturnType<typeof listWishlist>>[number];

/** Which of `productIds` the user has in favourites (for the hearts on a page). */
export async function wishlistedProductIds(
  userId: number | null,
  productIds: readonly number[],
): Promise<number[]> {
  if (userId === null || productIds.length === 0) return [];
  const rows = await db
    .selectFrom("wishlistItems")
    .select("productId")
    .where("userId", "=", userId)
    .where("productId", "in", [...productIds])
    .execute();
  return rows.map((row) => row.productId);
}
