import type { Insertable, Kysely } from "kysely";
import type { Database, ReviewsTable } from "../../db/types";
import { ratingSummary } from "../../app/models/reviews";

export type ReviewOptions = Partial<Insertable<ReviewsTable>> &
  Pick<Insertable<ReviewsTable>, "productId" | "userId">;

/**
 * A five-star review awaiting moderation (autoApproveReviews is off by default), unless told
 * otherwise. An approved one updates the product's rating columns as the product page computes
 * them, so a card never promises reviews its page cannot show.
 */
export async function createReview(db: Kysely<Database>, options: ReviewOptions) {
  const review = await db
    .insertInto("reviews")
    .values({ rating: 5, comment: "Una reseña de prueba.", ...options })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (review.isApproved === 1) await refreshProductRating(db, review.productId);
  return review;
}

async function refreshProductRating(db: Kysely<Database>, productId: number) {
  const approved = await db
    .selectFrom("reviews")
    .select("rating")
    .where("productId", "=", productId)
    .where("isApproved", "=", 1)
    .execute();
  const { average, count } = ratingSummary(approved);
  await db
    .updateTable("products")
    .set({ averageRating: average, reviewCount: count })
    .where("id", "=", productId)
    .execute();
}
