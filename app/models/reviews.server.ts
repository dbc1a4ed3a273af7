import { db } from "~/utils/db.server";

/**
 * The reviews a product page shows: approved ones only (moderation, autoApproveReviews), newest
 * first, with the author's first name alone: a shopper's surname and e-mail stay private.
 */
export async function listApprovedReviews(productId: number) {
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
}

export type ApprovedReview = Awaited<ReturnType<typeof listApprovedReviews>>[number];
