/**
 * D14 order numbers, client-safe and pure: the orders model generates them inside the order's
 * transaction, and the demo seed and the tests format them the same way.
 */

const HONDURAS_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC−6, no daylight saving

/** PH-yymmdd-NNNN with the date in Honduras: readable over the phone, at most 20 characters. */
export function formatOrderNumber(date: Date, serial: number) {
  const yymmdd = new Date(date.getTime() - HONDURAS_OFFSET_MS)
    .toISOString()
    .slice(2, 10)
    .replace(/-/g, "");
  return `PH-${yymmdd}-${String(serial).padStart(4, "0")}`;
}

/** Order numbers are shown upper-case; people type them any way. */
export function normalizeOrderNumber(input: string) {
  return input.trim().toUpperCase();
}
