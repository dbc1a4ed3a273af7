/**
 * D14 order numbers, client-safe and pure: the orders model generates them inside the order's
 * transaction, and the demo seed and the tests format them the same way.
 */

/** What a typed order number may measure (the tracking form's input and its rule). */
export const ORDER_NUMBER_MAX_LENGTH = 20;

const HONDURAS_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC−6, no daylight saving

/** PH-yymmdd-NNNN with the date in Honduras: readable over the phone, at most 20 characters. */
export function formatOrderNumber(date: Date, serial: number) {
  const yymmdd = new Date(date.getTime() - HONDURAS_OFFSET_MS)
    .toISOString()
    .slice(2, 10)
    .replace(/-/g, "");
  return `PH-${yymmdd}-${String(serial).padStart(4, "0")}`;
}

/** A random whole number in [min, max) from Web Crypto (Node and browsers alike). */
function randomInt(min: number, max: number) {
  const [value] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return min + (value! % (max - min));
}

/**
 * A new order number that `isTaken` says is free. After a few collisions on a busy day it
 * widens to six digits (still at most 20 characters). The orders model asks its transaction;
 * the test factories ask their database.
 */
export async function unusedOrderNumber(
  now: Date,
  isTaken: (candidate: string) => Promise<boolean>,
) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const serial = attempt < 20 ? randomInt(1000, 10_000) : randomInt(100_000, 1_000_000);
    const candidate = formatOrderNumber(now, serial);
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error("No se pudo generar un número de pedido único");
}

/** Order numbers are shown upper-case; people type them any way. */
export function normalizeOrderNumber(input: string) {
  return input.trim().toUpperCase();
}
