import { apiCall, apiRoute } from "~/web/api/calls.server";
import { reviewAdminCalls, toAdminReview } from "~/web/api/calls/reviews-admin.server";
import { getAdminReview } from "~/models/reviews/admin.server";
import { ReviewActionSchema } from "~/models/reviews/review-form.server";
import { respondToReview } from "~/models/reviews/reviews.server";
import { checkedByForm } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Reseña no encontrada";

export const { loader, action } = apiRoute({
  PUT: apiCall(reviewAdminCalls.respond, async ({ params, body }) => {
    const id = Number(params.id);
    invariantResponse(await getAdminReview(id), NOT_FOUND, { status: 404 });
    const input = checkedByForm(ReviewActionSchema, { intent: "respond", ...body });
    if (input.intent !== "respond") throw new Error("unreachable");
    const responded = await respondToReview({ reviewId: id, response: input.response });
    invariantResponse(responded.ok, NOT_FOUND, { status: 404 });
    return toAdminReview((await getAdminReview(id))!);
  }),
});
