import { apiCall, apiRoute } from "~/web/api/calls.server";
import { getReviewStanding } from "~/models/reviews/reviews.server";
import { canReviewAnswer, requireActiveProduct, reviewCalls } from "~/web/api/calls/reviews.server";

export const { loader, action } = apiRoute({
  GET: apiCall(reviewCalls.canReview, async ({ params, caller }) => {
    const product = await requireActiveProduct(Number(params.productId));
    return canReviewAnswer(await getReviewStanding(caller.user?.id ?? null, product.id));
  }),
});
