import { TransferRow } from "~/components/orders/transfer-details";
import { formatDateTime } from "~/utils/dates";

/** The deadline row of TransferDetails, when the order has one (decision 096). */
export function TransferDeadline({ dueAt }: { dueAt: string | null | undefined }) {
  if (!dueAt) return null;
  return (
    <TransferRow term="Paga antes del">
      <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
    </TransferRow>
  );
}
