import { apiCall, apiRoute } from "~/web/api/calls.server";
import { REVIEW_REFUSALS, reviewSentMessage } from "~/models/reviews/reviews";
import { createReview } from "~/models/reviews/reviews.server";
import { requireActiveProduct, reviewCalls } from "~/web/api/calls/reviews.server";
import { apiError } from "~/web/api/problem.server";

export const { loader, action } = apiRoute({
  POST: apiCall(reviewCalls.create, async ({ user, body }) => {
    const product = await requireActiveProduct(body.productId);
    const result = await createReview({
      userId: user.id,
      productId: product.id,
      rating: body.rating,
      title: body.title || null,
      comment: body.comment,
    });
    if (!result.ok) {
      // Not a buyer: not allowed (403); a second review of the same product: a conflict (409).
      throw apiError(result.error === "not-purchased" ? 403 : 409, REVIEW_REFUSALS[result.error]);
    }
    return {
      id: result.reviewId,
      approved: result.approved,
      message: reviewSentMessage(result.approved),
    };
  }),
});
