import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { ratingSummary } from "~/models/reviews/reviews";
import { listApprovedReviews } from "~/models/reviews/reviews.server";
import { requireActiveProduct, reviewCalls } from "~/web/api/calls/reviews.server";

export const { loader, action } = apiRoute({
  GET: apiCall(reviewCalls.byProduct, async ({ params, query }) => {
    const product = await requireActiveProduct(Number(params.productId));
    const reviews = await listApprovedReviews(product.id);
    return { ...pageOfList(query, reviews), rating: ratingSummary(reviews) };
  }),
});
