import { localPhoneDigits } from "./phone";

/*
 * Decision 101: WhatsApp without its API or an account, through wa.me links. Every link to a
 * chat is built here, from a number as the shop or a customer wrote it, read by phone.ts's
 * rules (the store is Honduran: +504 and 8 digits).
 */
const WA_ME = "https://wa.me/";

/**
 * The digits wa.me wants: "+504 9988-7766", "9988 7766" and "0050499887766" are all
 * "50499887766". Null for an empty number or one that is not Honduran (not 8 digits once the
 * country code is dropped), so a link nobody could answer is never shown.
 */
export function whatsappNumber(phone: string | null | undefined) {
  if (!phone) return null;
  const local = localPhoneDigits(phone);
  return /^\d{8}$/.test(local) ? `504${local}` : null;
}

function waMe(path: string, text: string | undefined) {
  return text ? `${WA_ME}${path}?text=${encodeURIComponent(text)}` : `${WA_ME}${path}`;
}

/** A chat with `phone`, `text` typed in for the sender to send; null when the number is unusable. */
export function whatsappUrl(phone: string | null | undefined, text?: string) {
  const number = whatsappNumber(phone);
  return number ? waMe(number, text) : null;
}

/** `text` with no number: WhatsApp asks whom to send it to (sharing a product). */
export function whatsappShareUrl(text: string) {
  return waMe("", text);
}
