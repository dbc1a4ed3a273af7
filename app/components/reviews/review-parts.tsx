import { Badge } from "~/components/ui/badge";

/** backoffice.md §4: a review waits for moderation until an admin approves it. */
export function ReviewStatusBadge({ approved }: { approved: boolean }) {
  return approved ? (
    <Badge variant="success">Aprobada</Badge>
  ) : (
    <Badge variant="warning">Pendiente</Badge>
  );
}

/** The rating as five stars, read out as "N de 5 estrellas". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-warning whitespace-nowrap">
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(Math.max(0, 5 - rating))}</span>
      <span className="sr-only">{rating} de 5 estrellas</span>
    </span>
  );
}
