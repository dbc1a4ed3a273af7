/** Client-safe pieces of the message centre: the states of backoffice.md §4 and the reply link. */

export const MESSAGE_STATUSES = ["new", "read", "replied"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: "Nuevo",
  read: "Leído",
  replied: "Respondido",
};

/** The contact form's limits (backoffice.md §5, the messages table's CHECKs). */
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** §9: the list shows the first 50 characters of a message. */
export const MESSAGE_PREVIEW_LENGTH = 50;

/** Replied wins over read: a replied message was necessarily opened. */
export function messageStatus(message: { isRead: boolean; isReplied: boolean }): MessageStatus {
  if (message.isReplied) return "replied";
  return message.isRead ? "read" : "new";
}

export function messagePreview(text: string) {
  return text.length > MESSAGE_PREVIEW_LENGTH
    ? `${text.slice(0, MESSAGE_PREVIEW_LENGTH).trimEnd()}…`
    : text;
}

/*
 * How a reply reaches the customer (decision 063): the store sends no e-mail
 * of its own, so the stored reply opens in the admin's mail client, addressed and filled in.
 * encodeURIComponent, not URLSearchParams: mail clients read "+" in a mailto body literally.
 */
export function replyMailto(message: { email: string; subject: string; reply: string }) {
  const subject = encodeURIComponent(`Re: ${message.subject}`);
  const body = encodeURIComponent(message.reply);
  return `mailto:${message.email}?subject=${subject}&body=${body}`;
}
