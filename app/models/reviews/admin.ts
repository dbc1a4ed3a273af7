/** Client-safe pieces of the reviews screens: the status filter and its Spanish names. */

export const REVIEW_STATUS_FILTERS = ["all", "pending", "approved"] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

export const REVIEW_STATUS_FILTER_LABELS: Record<ReviewStatusFilter, string> = {
  all: "Todas",
  pending: "Pendientes",
  approved: "Aprobadas",
};
