import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductDetail } from "~/models/catalog/products.server";
import { REVIEW_REFUSALS, type ReviewEligibility } from "~/models/reviews/reviews";
import type { ApprovedReview } from "~/models/reviews/reviews.server";
import { formatDate } from "~/utils/dates";
import { Stars } from "./product-facts";

/*
 * The Reseñas and Recomendaciones panels of the product's tabs (product-tabs.tsx). Most visits
 * show Descripción, so the browser loads this code when a shopper points at a tab or opens a
 * page on one of these (route.tsx); the server renders them at once.
 */

type Reviewing = { eligibility: ReviewEligibility; moderated: boolean };

/**
 * The form only where it can succeed; otherwise the reason (storefront.md §5), so nobody writes a
 * review the server will refuse.
 */
function WriteReview({
  slug,
  reviewing,
  reviewForm,
}: {
  slug: string;
  reviewing: Reviewing;
  reviewForm: ReactNode;
}) {
  switch (reviewing.eligibility) {
    case "can-review":
      return reviewForm;
    case "visitor": {
      const redirectTo = `/product/${slug}?tab=resenas#detalles`;
      return (
        <div className="text-fg-muted flex flex-wrap items-center gap-x-3 gap-y-1">
          <p>{REVIEW_REFUSALS.visitor}</p>
          <Link
            to={`/login?${new URLSearchParams({ redirectTo })}`}
            className="text-fg font-semibold underline underline-offset-4"
          >
            Iniciar Sesión
          </Link>
        </div>
      );
    }
    case "not-purchased":
      return <p className="text-fg-muted">{REVIEW_REFUSALS["not-purchased"]}</p>;
    case "pending":
      // Issue 36: §5's refusal first, as for a published review, then why it is not shown yet.
      return (
        <p className="text-fg-muted">
          {REVIEW_REFUSALS["already-reviewed"]} Tu reseña está pendiente de aprobación.
        </p>
      );
    case "reviewed":
      return <p className="text-fg-muted">{REVIEW_REFUSALS["already-reviewed"]}</p>;
  }
}

export function ReviewsTab({
  slug,
  reviews,
  rating,
  reviewing,
  reviewForm,
}: {
  slug: string;
  reviews: ApprovedReview[];
  rating: { average: number; count: number };
  reviewing: Reviewing;
  reviewForm: ReactNode;
}) {
  return (
    <div className="space-y-6">
      {reviews.length === 0 ? (
        <p className="text-fg-muted">Este producto aún no tiene reseñas.</p>
      ) : (
        <p className="flex items-center gap-2">
          <Stars rating={rating.average} className="size-5" />
          <span className="font-semibold">{rating.average.toFixed(1)} de 5</span>
          <span className="text-fg-muted">
            ({rating.count} {rating.count === 1 ? "reseña" : "reseñas"})
          </span>
        </p>
      )}
      <WriteReview slug={slug} reviewing={reviewing} reviewForm={reviewForm} />
      {reviews.length > 0 ? (
        <ul className="space-y-6">
          {reviews.map((review) => (
            <li key={review.id} className="border-border border-b pb-6">
              <article aria-label={`Reseña de ${review.authorFirstName || "Cliente"}`}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars rating={review.rating} />
                  <span className="sr-only">{review.rating} de 5 estrellas</span>
                  {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
                </div>
                <p className="mt-2 whitespace-pre-line">{review.comment}</p>
                <p className="text-fg-muted mt-2 text-sm">
                  {review.authorFirstName || "Cliente"} ·{" "}
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                  {review.isVerified ? " · Compra verificada" : null}
                </p>
                {review.adminResponse ? (
                  <div className="bg-surface-muted mt-3 rounded-md p-3 text-sm">
                    <p className="font-semibold">Respuesta de la tienda</p>
                    <p className="mt-1">{review.adminResponse}</p>
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function RecommendationsTab({ product }: { product: ProductDetail }) {
  const groups = [
    { title: "Temporadas", items: product.seasons },
    { title: "Ocasiones", items: product.occasions },
  ];
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold">{group.title}</h3>
          {group.items.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li key={item} className="bg-surface-muted rounded-full px-3 py-1 text-sm">
                  {item}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted mt-2 text-sm">Sin recomendaciones.</p>
          )}
        </div>
      ))}
    </div>
  );
}
