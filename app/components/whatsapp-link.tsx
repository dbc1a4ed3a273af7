import type { ReactNode } from "react";
import { whatsappUrl } from "~/utils/whatsapp";

/**
 * Decision 101: a chat with `phone` on WhatsApp, `text` typed in for the sender to send. A plain
 * link (it works without JavaScript) in a new tab; nothing at all when the number is empty or
 * not Honduran.
 */
export function WhatsappLink({
  phone,
  text,
  className,
  children,
}: {
  phone: string | null | undefined;
  text?: string;
  className?: string;
  children: ReactNode;
}) {
  const href = whatsappUrl(phone, text);
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}
