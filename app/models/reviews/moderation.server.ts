import type { Insertable, Kysely } from "kysely";
import type { Database, ReviewsTable } from "#db/types";
import { ratingSummary } from "./reviews";

/*
 * Every write to `reviews`, over the caller's executor: a product's `average_rating` and
 * `review_count` are a cache of its approved reviews, rewritten (syncProductRating) by the same
 * executor as the write that changes them, so a product card never disagrees with its page.
 * Call inside a transaction; the app's wrappers in reviews.server.ts open it, and the seed and
 * the test factories pass their own database, so they rate products the same way.
 */

type Executor = Kysely<Database>;

export type ReviewWriteResult = { ok: true } | { ok: false; error: "not-found" };

export type UpdateReviewResult =
  { ok: true } | { ok: false; error: "not-found" | "invalid-rating" | "blank-comment" };

export type RespondToReviewResult =
  { ok: true } | { ok: false; error: "not-found" | "blank-response" };

async function syncProductRating(executor: Executor, productId: number) {
  const approved = await executor
    .selectFrom("reviews")
    .select("rating")
    .where("productId", "=", productId)
    .where("isApproved", "=", 1)
    .execute();
  const { average, count } = ratingSummary(approved);
  await executor
    .updateTable("products")
    .set({ averageRating: average, reviewCount: count })
    .where("id", "=", productId)
    .execute();
}

async function findReview(executor: Executor, reviewId: number) {
  return executor
    .selectFrom("reviews")
    .select(["id", "productId", "isApproved"])
    .where("id", "=", reviewId)
    .executeTakeFirst();
}

/**
 * A new review; an approved one counts in its product's rating at once. Null when the author has
 * reviewed the product already: the UNIQUE (product_id, user_id) index decides, so two posts at
 * once (two tabs, two server processes) still leave one review.
 */
export async function insertReview(executor: Executor, values: Insertable<ReviewsTable>) {
  const review = await executor
    .insertInto("reviews")
    .values(values)
    .onConflict((conflict) => conflict.columns(["productId", "userId"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!review) return null;
  if (review.isApproved === 1) await syncProductRating(executor, review.productId);
  return review;
}

/** backoffice.md §4: pending → approved. Approving an approved review changes nothing. */
export async function approveReview(
  executor: Executor,
  reviewId: number,
  now: Date = new Date(),
): Promise<ReviewWriteResult> {
  const review = await findReview(executor, reviewId);
  if (!review) return { ok: false, error: "not-found" };
  if (review.isApproved === 1) return { ok: true };
  await executor
    .updateTable("reviews")
    .set({ isApproved: 1, updatedAt: now.toISOString() })
    .where("id", "=", reviewId)
    .execute();
  await syncProductRating(executor, review.productId);
  return { ok: true };
}

/** backoffice.md §5: the admin edits the rating (1–5) and the comment (non-blank, trimmed). */
export async function updateReview(
  executor: Executor,
  input: { reviewId: number; rating: number; comment: string },
  now: Date = new Date(),
): Promise<UpdateReviewResult> {
  const comment = input.comment.trim();
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) {
    return { ok: false, error: "invalid-rating" };
  }
  if (comment === "") return { ok: false, error: "blank-comment" };
  const review = await findReview(executor, input.reviewId);
  if (!review) return { ok: false, error: "not-found" };
  await executor
    .updateTable("reviews")
    .set({ rating: input.rating, comment, updatedAt: now.toISOString() })
    .where("id", "=", input.reviewId)
    .execute();
  if (review.isApproved === 1) await syncProductRating(executor, review.productId);
  return { ok: true };
}

/** backoffice.md §5: the shop's answer, shown under the review; non-blank after trimming. */
export async function respondToReview(
  executor: Executor,
  input: { reviewId: number; response: string },
  now: Date = new Date(),
): Promise<RespondToReviewResult> {
  const response = input.response.trim();
  if (response === "") return { ok: false, error: "blank-response" };
  const updated = await executor
    .updateTable("reviews")
    .set({ adminResponse: response, updatedAt: now.toISOString() })
    .where("id", "=", input.reviewId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n ? { ok: true } : { ok: false, error: "not-found" };
}

export async function deleteReview(
  executor: Executor,
  reviewId: number,
): Promise<ReviewWriteResult> {
  const review = await findReview(executor, reviewId);
  if (!review) return { ok: false, error: "not-found" };
  await executor.deleteFrom("reviews").where("id", "=", reviewId).execute();
  if (review.isApproved === 1) await syncProductRating(executor, review.productId);
  return { ok: true };
}

/** Every review of one author (their account is deleted), each product's rating kept in step. */
export async function deleteReviewsByUser(executor: Executor, userId: number) {
  const deleted = await executor
    .deleteFrom("reviews")
    .where("userId", "=", userId)
    .returning("productId")
    .execute();
  for (const productId of new Set(deleted.map((review) => review.productId))) {
    await syncProductRating(executor, productId);
  }
  return deleted.length;
}
