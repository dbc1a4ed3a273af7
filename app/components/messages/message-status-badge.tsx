import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { MESSAGE_STATUS_LABELS, messageStatus } from "~/models/content/messages";

const VARIANTS = { new: "info", read: "neutral", replied: "success" } as const satisfies Record<
  keyof typeof MESSAGE_STATUS_LABELS,
  BadgeVariant
>;

/** backoffice.md §4: Nuevo, Leído or Respondido, named in words (not by colour alone). */
export function MessageStatusBadge({
  message,
}: {
  message: { isRead: boolean; isReplied: boolean };
}) {
  const status = messageStatus(message);
  return <Badge variant={VARIANTS[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>;
}
