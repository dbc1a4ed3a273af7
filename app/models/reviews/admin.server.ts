import { db } from "~/utils/db.server";
import type { ReviewStatusFilter } from "./admin";
import { paginate } from "~/utils/paging";
import { contains } from "~/utils/sql.server";

/*
 * What the reviews screens of the back office read (backoffice.md §2, §4): the filtered list and
 * one review with its author and product (the admin view of the reviews entity, §3). Reading
 * only: every write goes through reviews.server.ts, which keeps the products' ratings in step.
 */

export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export type AdminReviewFilters = {
  status?: ReviewStatusFilter;
  /** 1–5: only reviews with exactly this many stars. */
  rating?: number;
  /** Part of the product's name. */
  product?: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
};

function filteredReviews({ status, rating, product }: AdminReviewFilters) {
  let query = db
    .selectFrom("reviews as r")
    .innerJoin("products as p", "p.id", "r.productId")
    .innerJoin("users as u", "u.id", "r.userId");
  if (status === "pending") query = query.where("r.isApproved", "=", 0);
  if (status === "approved") query = query.where("r.isApproved", "=", 1);
  if (rating !== undefined) query = query.where("r.rating", "=", rating);
  const term = product?.trim();
  if (term) {
    query = query.where(({ ref }) => contains(db, ref("p.name"), term));
  }
  return query;
}

/** One page of reviews, newest first, with the count of all that match the filters. */
export async function listAdminReviews(filters: AdminReviewFilters) {
  const pageSize = filters.pageSize ?? ADMIN_REVIEWS_PAGE_SIZE;
  const { rows, ...window } = await paginate({
    page: filters.page,
    pageSize,
    count: async () =>
      (
        await filteredReviews(filters)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      filteredReviews(filters)
        .select([
          "r.id",
          "r.rating",
          "r.title",
          "r.comment",
          "r.isVerified",
          "r.isApproved",
          "r.adminResponse",
          "r.createdAt",
          "p.name as productName",
          "u.firstName as authorFirstName",
          "u.lastName as authorLastName",
          "u.email as authorEmail",
        ])
        .orderBy("r.createdAt", "desc")
        .orderBy("r.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  const reviews = rows.map(({ isVerified, isApproved, ...row }) => ({
    ...row,
    isVerified: isVerified === 1,
    isApproved: isApproved === 1,
  }));
  return { reviews, ...window };
}

export type AdminReviewListItem = Awaited<ReturnType<typeof listAdminReviews>>["reviews"][number];

/** One review as the admin sees it: the author's name and e-mail, the product's name and page. */
export async function getAdminReview(reviewId: number) {
  const row = await db
    .selectFrom("reviews as r")
    .innerJoin("products as p", "p.id", "r.productId")
    .innerJoin("users as u", "u.id", "r.userId")
    .select([
      "r.id",
      "r.rating",
      "r.title",
      "r.comment",
      "r.isVerified",
      "r.isApproved",
      "r.adminResponse",
      "r.orderId",
      "r.createdAt",
      "r.updatedAt",
      "p.id as productId",
      "p.name as productName",
      "p.slug as productSlug",
      "u.firstName as authorFirstName",
      "u.lastName as authorLastName",
      "u.email as authorEmail",
    ])
    .where("r.id", "=", reviewId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, isVerified: row.isVerified === 1, isApproved: row.isApproved === 1 };
}

export type AdminReview = NonNullable<Awaited<ReturnType<typeof getAdminReview>>>;
