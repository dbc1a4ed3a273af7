/** Client-safe review rules, shared by the product page, the models and the demo data. */

/** Average (one decimal) and count of the approved reviews, as shown beside the title. */
export function ratingSummary(reviews: readonly { rating: number }[]) {
  const count = reviews.length;
  if (count === 0) return { average: 0, count };
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { average: Math.round((sum / count) * 10) / 10, count };
}

export const REVIEW_TITLE_MAX = 200;
/** storefront.md §5: a missing rating or a blank comment is one message. */
export const REVIEW_REQUIRED = "Por favor completa todos los campos requeridos";
/** The spec sets no limit on the comment; see docs/decisions/057-writing-reviews.md. */
export const REVIEW_COMMENT_MAX = 2000;

/**
 * Whether a shopper may write a review of a product (storefront.md §5, the can-review answer):
 * a buyer is someone with a delivered order containing the product, and each writes one review.
 */
export type ReviewEligibility = "visitor" | "not-purchased" | "pending" | "reviewed" | "can-review";

/** The refusals of storefront.md §5, quoted exactly. */
export const REVIEW_REFUSALS = {
  visitor: "Debes iniciar sesión para dejar una reseña",
  "not-purchased": "Solo puedes dejar reseñas de productos que hayas comprado.",
  "already-reviewed": "Ya has dejado una reseña para este producto.",
} as const;

export type ReviewRefusal = keyof typeof REVIEW_REFUSALS;

/** storefront.md §8: 'Reseña enviada', and whether it shows now or after moderation. */
export function reviewSentMessage(approved: boolean) {
  return approved
    ? "Gracias por tu opinión: ya aparece en la página del producto."
    : "Nuestro equipo la revisará antes de publicarla.";
}

/** The anchor of the product page's 'Escribir reseña' form, opened by `?escribir=1`. */
export const WRITE_REVIEW_ANCHOR = "escribir-resena";

/** Issue 21: where an order list's 'Escribir reseña' leads, the form already open. */
export function writeReviewHref(slug: string) {
  return `/product/${encodeURIComponent(slug)}?tab=resenas&escribir=1#${WRITE_REVIEW_ANCHOR}`;
}
