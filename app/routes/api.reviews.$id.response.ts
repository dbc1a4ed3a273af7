import { apiCall, apiRoute } from "~/web/api/calls.server";
import { reviewAdminCalls, toAdminReview } from "~/web/api/calls/reviews-admin.server";
import { getAdminReview } from "~/models/reviews/admin.server";
import { respondToReview } from "~/models/reviews/reviews.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Reseña no encontrada";

export const { loader, action } = apiRoute({
  PUT: apiCall(reviewAdminCalls.respond, async ({ params, body }) => {
    const id = Number(params.id);
    invariantResponse(await getAdminReview(id), NOT_FOUND, { status: 404 });
    const responded = await respondToReview({ reviewId: id, response: body.response });
    invariantResponse(responded.ok, NOT_FOUND, { status: 404 });
    return toAdminReview((await getAdminReview(id))!);
  }),
});
