/**
 * D6: money is integer centavos; shown as `L 1,234.50` (es-HN, HNL), with a no-break space
 * after the 'L' so an amount never breaks across lines, even at 320 px (issue 21), and a
 * minus sign before the 'L'.
 *
 * Plain arithmetic, the same characters as `Intl.NumberFormat("es-HN", { style: "currency",
 * currency: "HNL" })` (tests/unit/money.test.ts compares them): a page's first Intl formatter
 * costs the browser tens of milliseconds of start-up (decision 111), and every price on a
 * storefront page is formatted while it hydrates. Fractions of a centavo round half away from
 * zero, as Intl does.
 */
export function formatMoney(centavos: number) {
  const negative = centavos < 0 || Object.is(centavos, -0);
  const whole = Math.round(Math.abs(centavos));
  const lempiras = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const cents = String(whole % 100).padStart(2, "0");
  return `${negative ? "-" : ""}L\u00a0${lempiras}.${cents}`;
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
