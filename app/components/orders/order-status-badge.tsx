import type { OrderStatus } from "#db/types";
import { Badge } from "~/components/ui/badge";
import { ORDER_STATUS_BADGES, ORDER_STATUS_LABELS } from "~/models/orders/status";

const STATUS_ICONS: Record<OrderStatus, string> = {
  pending: "M12 7v5l3 2 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18",
  paid: "M5 12l4 4 10-10",
  processing: "M4 7l8-4 8 4v10l-8 4-8-4z M4 7l8 4 8-4 M12 11v10",
  shipped:
    "M3 7h11v9H3z M14 10h4l3 3v3h-7 M7 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3 M17 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3",
  delivered: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M8 12l3 3 5-6",
  cancelled: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M9 9l6 6 M15 9l-6 6",
  denied: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M6 6l12 12",
};

export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  return (
    <Badge variant={ORDER_STATUS_BADGES[status]} className="gap-1">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={STATUS_ICONS[status]} />
      </svg>
      {label ?? ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
