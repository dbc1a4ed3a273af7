/**
 * D6: money is integer centavos; shown as `L 1,234.50` (es-HN, HNL), with a no-break space
 * after the 'L' so an amount never breaks across lines, even at 320 px (issue 21).
 */
const formatter = new Intl.NumberFormat("es-HN", {
  style: "currency",
  currency: "HNL",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(centavos: number) {
  // Intl renders HNL as "L" followed by a (narrow) space in es-HN; normalise to one no-break space.
  return formatter
    .format(centavos / 100)
    .replace(/^L\s*/u, "L\u00a0")
    .replace(/\u202f/gu, "\u00a0");
}

/** Lempiras (as typed by a person or found in the spec) to centavos, exact for two decimals. */
export function lempirasToCentavos(lempiras: number) {
  return Math.round(lempiras * 100);
}

/** Parses "1,234.50" / "1234" / "L 1,234.5" into centavos, or null when it is not a price. */
export function parseMoney(input: string): number | null {
  const cleaned = input
    .replace(/^\s*L\s*/u, "")
    .replace(/,/g, "")
    .trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
