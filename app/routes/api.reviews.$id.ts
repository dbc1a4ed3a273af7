import { apiCall, apiRoute } from "~/web/api/calls.server";
import { reviewAdminCalls, toAdminReview } from "~/web/api/calls/reviews-admin.server";
import { getAdminReview } from "~/models/reviews/admin.server";
import { ReviewActionSchema } from "~/models/reviews/review-form.server";
import { deleteReview, updateReview } from "~/models/reviews/reviews.server";
import { checkedByForm } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Reseña no encontrada";

export const { loader, action } = apiRoute({
  PUT: apiCall(reviewAdminCalls.update, async ({ params, body }) => {
    const id = Number(params.id);
    invariantResponse(await getAdminReview(id), NOT_FOUND, { status: 404 });
    const input = checkedByForm(ReviewActionSchema, { intent: "update", ...body });
    if (input.intent !== "update") throw new Error("unreachable");
    const updated = await updateReview({
      reviewId: id,
      rating: input.rating,
      comment: input.comment,
    });
    invariantResponse(updated.ok, NOT_FOUND, { status: 404 });
    return toAdminReview((await getAdminReview(id))!);
  }),
  DELETE: apiCall(reviewAdminCalls.remove, async ({ params }) => {
    const deleted = await deleteReview(Number(params.id));
    invariantResponse(deleted.ok, NOT_FOUND, { status: 404 });
    return null;
  }),
});
