/** Client-safe review rules, shared by the product page and the demo data. */

/** Average (one decimal) and count of the approved reviews, as shown beside the title. */
export function ratingSummary(reviews: readonly { rating: number }[]) {
  const count = reviews.length;
  if (count === 0) return { average: 0, count };
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { average: Math.round((sum / count) * 10) / 10, count };
}
