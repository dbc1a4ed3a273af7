import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatMoney, lempirasToCentavos, parseMoney } from "~/utils/money";

describe("formatMoney", () => {
  test.each([
    [0, "L\u00a00.00"],
    [1, "L\u00a00.01"],
    [5, "L\u00a00.05"],
    [100, "L\u00a01.00"],
    [123450, "L\u00a01,234.50"],
    [99999999, "L\u00a0999,999.99"],
  ])("%i centavos → %s", (centavos, expected) => {
    expect(formatMoney(centavos)).toBe(expected);
  });

  // Decision 111: plain arithmetic instead of Intl (a page's first formatter costs its start-up),
  // character for character what Intl prints for es-HN lempiras.
  const intl = new Intl.NumberFormat("es-HN", {
    style: "currency",
    currency: "HNL",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const viaIntl = (centavos: number) =>
    intl
      .format(centavos / 100)
      .replace(/^L\s*/u, "L\u00a0")
      .replace(/\u202f/gu, "\u00a0");

  test("prints what Intl prints for es-HN lempiras", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (centavos) => {
        expect(formatMoney(centavos)).toBe(viaIntl(centavos));
      }),
      { numRuns: 2000 },
    );
    for (const centavos of [0.5, 1.5, 2.5, -0.5, 12345.5, -0]) {
      expect(formatMoney(centavos)).toBe(viaIntl(centavos));
    }
  });

  test("joins the currency sign to the amount with one no-break space, so it never wraps", () => {
    expect(formatMoney(250000)).toBe("L\u00a02,500.00");
    expect(formatMoney(-250000)).not.toMatch(/[ \u202f]/u);
  });
});

describe("parseMoney", () => {
  test.each([
    ["1,234.50", 123450],
    ["1234", 123400],
    ["L 1,234.5", 123450],
    ["L1234.05", 123405],
    [" 12 ", 1200],
    ["0.99", 99],
  ])("%j → %i centavos", (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  test.each(["", "abc", "12.", ".5", "-5", "1.234", "L 1,234.567", "1e3"])(
    "%j is not a price",
    (input) => {
      expect(parseMoney(input)).toBeNull();
    },
  );

  test("round-trips what formatMoney prints", () => {
    for (const centavos of [1, 99, 100, 123450, 99999999]) {
      expect(parseMoney(formatMoney(centavos))).toBe(centavos);
    }
  });
});

describe("lempirasToCentavos", () => {
  test("is exact for two decimals despite binary floating point", () => {
    expect(lempirasToCentavos(19.99)).toBe(1999);
    expect(lempirasToCentavos(0.1 + 0.2)).toBe(30);
    expect(lempirasToCentavos(1234.5)).toBe(123450);
    expect(lempirasToCentavos(0)).toBe(0);
  });
});
