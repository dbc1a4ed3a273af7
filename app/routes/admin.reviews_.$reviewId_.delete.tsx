import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteForm } from "~/components/admin/confirm-delete-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Stars } from "~/components/reviews/review-parts";
import { getAdminReview } from "~/models/reviews/admin.server";
import { deleteReview } from "~/models/reviews/reviews.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

/*
 * The confirmation backoffice.md asks for is a page of its own, so deleting works the same with
 * JavaScript off: the detail and the list link here and only this form's POST deletes.
 */

const REVIEW_NOT_FOUND = "Reseña no encontrada";

export const meta: MetaFunction = () => [{ title: "Eliminar reseña | Panel Administrativo" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const review = await getAdminReview(idParam(params.reviewId, REVIEW_NOT_FOUND));
  invariantResponse(review, REVIEW_NOT_FOUND, { status: 404 });
  const { id, productName, rating, comment, authorFirstName, authorLastName } = review;
  return json({ review: { id, productName, rating, comment, authorFirstName, authorLastName } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const deleted = await deleteReview(idParam(params.reviewId, REVIEW_NOT_FOUND));
  if (!deleted.ok) {
    // Gone already (another tab, another admin): the list is where the admin continues.
    return redirectWithToast(request, "/admin/reviews", {
      type: "error",
      title: "Error al eliminar la reseña",
      description: "La reseña ya no existe.",
    });
  }
  return redirectWithToast(request, "/admin/reviews", { title: "Reseña eliminada" });
}

export default function DeleteReviewRoute() {
  const { review } = useLoaderData<typeof loader>();
  const author = `${review.authorFirstName} ${review.authorLastName}`.trim() || "Cliente";
  return (
    <div className="max-w-xl space-y-6">
      <div>
        <Link to="/admin/reviews" className="text-accent text-sm underline">
          ← Reseñas
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Eliminar reseña</h1>
      </div>
      <blockquote className="border-border space-y-1 rounded-lg border p-4">
        <Stars rating={review.rating} />
        <p className="line-clamp-4 whitespace-pre-line">{review.comment}</p>
        <footer className="text-fg-muted text-sm">
          {author} · {review.productName}
        </footer>
      </blockquote>
      <ConfirmDeleteForm cancelTo={`/admin/reviews/${review.id}`}>
        ¿Seguro que quieres eliminar esta reseña de <strong>{review.productName}</strong>? Esta
        acción no se puede deshacer.
      </ConfirmDeleteForm>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
