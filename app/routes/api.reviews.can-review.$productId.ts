import { apiCall, apiRoute } from "~/models/api/calls.server";
import { getReviewStanding } from "~/models/reviews/reviews.server";
import {
  canReviewAnswer,
  requireActiveProduct,
  reviewCalls,
} from "~/models/reviews/shopper-api.server";

export const { loader, action } = apiRoute({
  GET: apiCall(reviewCalls.canReview, async ({ params, caller }) => {
    const product = await requireActiveProduct(Number(params.productId));
    return canReviewAnswer(await getReviewStanding(caller.user?.id ?? null, product.id));
  }),
});
