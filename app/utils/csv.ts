/*
 * CSV for Excel (decision 066): UTF-8 with a byte-order mark, so Excel reads accents as
 * UTF-8 instead of the PC's code page; `;` between fields; CRLF line ends (RFC 4180).
 */
export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

/** A text that Excel would run as a formula (=, +, -, @, or a control character first). */
const FORMULA_START = /^[=+\-@\t\r]/u;

/** An amount made by `csvAmount`: written as it is, a number Excel adds up (never text). */
export type CsvAmount = { readonly amount: string };

export type CsvValue = string | number | null | CsvAmount;

/**
 * One field. Numbers are written as they are; text that starts like a formula gets a leading
 * apostrophe (OWASP's CSV-injection advice: a customer's name must not run in the admin's
 * Excel), and text with the separator, a quote or a line break is quoted, quotes doubled.
 */
export function csvField(value: CsvValue) {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object") return value.amount;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/u.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte-order mark, the header, then a line per row. */
export function toCsv(header: readonly string[], rows: readonly CsvValue[][]) {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(CSV_SEPARATOR));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/**
 * Centavos (never negative: totals, costs and discounts are all ≥ 0) as lempiras with two
 * decimals and a point, no grouping ("1234.50"), exact in integer arithmetic.
 */
export function csvLempiras(centavos: number) {
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
}

/**
 * Centavos that may be negative (a credit note's, in the books' CSV) as a number with two
 * decimals: "-1234.50". Not text: text that starts with "-" is defused as a formula.
 */
export function csvAmount(centavos: number): CsvAmount {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Monto no válido: ${centavos}`);
  const lempiras = csvLempiras(Math.abs(centavos));
  return { amount: centavos < 0 ? `-${lempiras}` : lempiras };
}
