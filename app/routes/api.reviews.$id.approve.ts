import { apiCall, apiRoute } from "~/web/api/calls.server";
import { reviewAdminCalls, toAdminReview } from "~/web/api/calls/reviews-admin.server";
import { getAdminReview } from "~/models/reviews/admin.server";
import { approveReview } from "~/models/reviews/reviews.server";
import { apiError } from "~/web/api/problem.server";
import { invariantResponse } from "~/utils/invariant";

const NOT_FOUND = "Reseña no encontrada";

export const { loader, action } = apiRoute({
  PUT: apiCall(reviewAdminCalls.approve, async ({ params }) => {
    const id = Number(params.id);
    const review = await getAdminReview(id);
    invariantResponse(review, NOT_FOUND, { status: 404 });
    // backoffice.md §4: only a pending review is approved (the screen says the same).
    if (review.isApproved) {
      throw apiError(409, "La reseña ya estaba aprobada.", { code: "already_approved" });
    }
    const approved = await approveReview(id);
    invariantResponse(approved.ok, NOT_FOUND, { status: 404 });
    return toAdminReview((await getAdminReview(id))!);
  }),
});
