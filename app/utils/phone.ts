/** Honduran phone numbers: `+504 0000-0000` (storefront.md §5, 14 characters at most). */
export const PHONE_PREFIX = "+504 ";
export const PHONE_MAX_LENGTH = 14;
export const PHONE_PATTERN = /^\+504 \d{4}-\d{4}$/;

/**
 * Auto-format as the shopper types: keeps the +504 prefix, digits only, a hyphen after
 * the first four digits, at most 8 digits. Pasted numbers with the country code
 * (504..., +504..., 00504...) keep only the local part.
 */
export function formatPhone(input: string) {
  const digits = localPhoneDigits(input).slice(0, 8);
  if (digits.length === 0) return "";
  const local = digits.length > 4 ? `${digits.slice(0, 4)}-${digits.slice(4)}` : digits;
  return `${PHONE_PREFIX}${local}`;
}

/**
 * The digits of a number without the Honduran country code (504, +504, 00504), uncut: a
 * Honduran number has 8 of them.
 */
export function localPhoneDigits(input: string) {
  const digits = input.replace(/\D/g, "");
  if (input.trim().startsWith("+504") || (digits.length > 8 && digits.startsWith("504"))) {
    return digits.slice(3);
  }
  if (digits.length > 8 && digits.startsWith("00504")) return digits.slice(5);
  return digits;
}

export function isValidPhone(value: string) {
  return PHONE_PATTERN.test(value);
}

/** A `tel:` link for a number as the shop writes it. */
export function telUrl(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
