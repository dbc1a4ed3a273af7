import { apiCall, apiRoute } from "~/web/api/calls.server";
import { reviewAdminCalls, toAdminReviewRow } from "~/web/api/calls/reviews-admin.server";
import { listAdminReviews } from "~/models/reviews/admin.server";

export const { loader, action } = apiRoute({
  GET: apiCall(reviewAdminCalls.list, async ({ query }) => {
    const list = await listAdminReviews({
      status: query.status,
      rating: query.rating,
      product: query.product ?? "",
      page: query.page,
      pageSize: query.limit,
    });
    return {
      items: list.reviews.map(toAdminReviewRow),
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      limit: query.limit,
    };
  }),
});
