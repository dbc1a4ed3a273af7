import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { sharedQuery } from "~/utils/shared-query.server";
import * as moderation from "./moderation.server";
import type { ReviewEligibility, ReviewRefusal } from "./reviews";
import { getSettings } from "~/models/settings/settings.server";

/*
 * Reviews for the app (storefront.md §5 and §8, backoffice.md §4 and §5): what the product page
 * shows and who may write there, and the moderation the back office calls. The writes and the
 * product's rating cache live in reviews/moderation.server.ts; here each runs in its own
 * transaction over the app's database.
 */

type Executor = Kysely<Database>;

/**
 * The reviews a product page shows: approved ones only (moderation, autoApproveReviews), newest
 * first, with the author's first name alone: a shopper's surname and e-mail stay private.
 */
export const listApprovedReviews = sharedQuery(async function listApprovedReviews(
  productId: number,
) {
  const rows = await db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.userId")
    .select([
      "reviews.id",
      "reviews.rating",
      "reviews.title",
      "reviews.comment",
      "reviews.isVerified",
      "reviews.adminResponse",
      "reviews.createdAt",
      "users.firstName as authorFirstName",
    ])
    .where("reviews.productId", "=", productId)
    .where("reviews.isApproved", "=", 1)
    .orderBy("reviews.createdAt", "desc")
    .orderBy("reviews.id", "desc")
    .execute();
  return rows.map(({ isVerified, ...row }) => ({ ...row, isVerified: isVerified === 1 }));
});

export type ApprovedReview = Awaited<ReturnType<typeof listApprovedReviews>>[number];

/** A buyer is someone with a delivered order containing the product: their latest such order. */
async function deliveredPurchase(executor: Executor, userId: number, productId: number) {
  return executor
    .selectFrom("orders")
    .innerJoin("orderItems", "orderItems.orderId", "orders.id")
    .select("orders.id")
    .where("orders.userId", "=", userId)
    .where("orders.status", "=", "delivered")
    .where("orderItems.productId", "=", productId)
    .orderBy("orders.deliveredAt", "desc")
    .orderBy("orders.createdAt", "desc")
    .executeTakeFirst();
}

/**
 * The can-review answer of storefront.md §7: the one state the product page renders, and
 * whether the shopper bought the product (a delivered order with it), which the JSON API
 * answers beside it.
 */
export async function getReviewStanding(
  userId: number | null,
  productId: number,
): Promise<{ eligibility: ReviewEligibility; hasPurchased: boolean }> {
  if (userId === null) return { eligibility: "visitor", hasPurchased: false };
  const [own, purchase] = await Promise.all([
    db
      .selectFrom("reviews")
      .select("isApproved")
      .where("userId", "=", userId)
      .where("productId", "=", productId)
      .executeTakeFirst(),
    deliveredPurchase(db, userId, productId),
  ]);
  const hasPurchased = purchase !== undefined;
  if (own) return { eligibility: own.isApproved === 1 ? "reviewed" : "pending", hasPurchased };
  return { eligibility: hasPurchased ? "can-review" : "not-purchased", hasPurchased };
}

/** The product page's state of the review form (getReviewStanding's `eligibility`). */
export async function getReviewEligibility(
  userId: number | null,
  productId: number,
): Promise<ReviewEligibility> {
  return (await getReviewStanding(userId, productId)).eligibility;
}

export type CreateReviewResult =
  | { ok: true; reviewId: number; approved: boolean }
  | { ok: false; error: Exclude<ReviewRefusal, "visitor"> };

/**
 * A buyer's review (storefront.md §5): verified by the delivered order it comes from, and
 * waiting for moderation unless `autoApproveReviews` is on. One per product and author, by the
 * database's unique index (insertReview), also when two arrive at once.
 */
export async function createReview(input: {
  userId: number;
  productId: number;
  rating: number;
  title: string | null;
  comment: string;
}): Promise<CreateReviewResult> {
  const { autoApproveReviews } = await getSettings();
  return db.transaction().execute(async (trx): Promise<CreateReviewResult> => {
    const purchase = await deliveredPurchase(trx, input.userId, input.productId);
    if (!purchase) return { ok: false, error: "not-purchased" };
    const review = await moderation.insertReview(trx, {
      productId: input.productId,
      userId: input.userId,
      orderId: purchase.id,
      rating: input.rating,
      title: input.title,
      comment: input.comment,
      isVerified: 1,
      isApproved: autoApproveReviews ? 1 : 0,
    });
    if (!review) return { ok: false, error: "already-reviewed" };
    return { ok: true, reviewId: review.id, approved: review.isApproved === 1 };
  });
}

/*
 * The moderation of backoffice.md §4–§5 (the /admin/reviews screen calls these), each in one
 * transaction with the product's rating.
 */

export function approveReview(reviewId: number) {
  return db.transaction().execute((trx) => moderation.approveReview(trx, reviewId));
}

export function updateReview(input: { reviewId: number; rating: number; comment: string }) {
  return db.transaction().execute((trx) => moderation.updateReview(trx, input));
}

export function respondToReview(input: { reviewId: number; response: string }) {
  return db.transaction().execute((trx) => moderation.respondToReview(trx, input));
}

export function deleteReview(reviewId: number) {
  return db.transaction().execute((trx) => moderation.deleteReview(trx, reviewId));
}
