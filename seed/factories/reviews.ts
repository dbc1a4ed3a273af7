import type { Insertable, Kysely } from "kysely";
import type { Database, ReviewsTable } from "../../db/types";
import * as moderation from "../../app/models/reviews/moderation.server";

export type ReviewOptions = Partial<Insertable<ReviewsTable>> &
  Pick<Insertable<ReviewsTable>, "productId" | "userId">;

/**
 * A five-star review awaiting moderation (autoApproveReviews is off by default), unless told
 * otherwise. Written by the app's own review writes, so an approved one counts in the product's
 * rating columns as the product page computes them.
 */
export async function createReview(db: Kysely<Database>, options: ReviewOptions) {
  const review = await moderation.insertReview(db, {
    rating: 5,
    comment: "Una reseña de prueba.",
    ...options,
  });
  if (!review) throw new Error(`The user ${options.userId} has reviewed this product already`);
  return review;
}

/** The back office's approval (backoffice.md §4), the product's rating with it. */
export async function approveReview(db: Kysely<Database>, reviewId: number) {
  return db.transaction().execute((trx) => moderation.approveReview(trx, reviewId));
}
