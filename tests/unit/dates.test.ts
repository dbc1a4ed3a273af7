import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { dayOfIso, formatDate, isoToHondurasLocal } from "~/utils/dates";

/*
 * Decision 111: the dates a storefront page shows while it hydrates are plain arithmetic on
 * Honduras' fixed offset (UTC−6, no daylight saving) instead of Intl, whose first formatter
 * costs a page's start-up. They must print exactly what Intl prints in Honduras' time zone.
 */
const honduras = (options: Intl.DateTimeFormatOptions, locale = "es-HN") =>
  new Intl.DateTimeFormat(locale, { timeZone: "America/Tegucigalpa", ...options });
const longDate = honduras({ day: "numeric", month: "long", year: "numeric" });
const day = honduras({ year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA");

/** Instants from 2007 (Honduras last kept daylight saving in 2006) to 2100, and minutes around a
 * Honduras midnight. */
const instants = fc.oneof(
  fc.date({
    min: new Date("2007-01-01T00:00:00Z"),
    max: new Date("2100-01-01T00:00:00Z"),
    noInvalidDate: true,
  }),
  fc
    .tuple(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: -2, max: 1 }))
    .map(([days, minutes]) => new Date(Date.UTC(2007, 0, 1, 6, minutes) + days * 86_400_000)),
);

describe("dates without Intl", () => {
  test("formatDate prints Intl's long es-HN date in Honduras", () => {
    fc.assert(
      fc.property(instants, (date) => {
        expect(formatDate(date.toISOString())).toBe(longDate.format(date));
      }),
      { numRuns: 2000 },
    );
  });

  test("dayOfIso is the Honduras day as a date input shows it", () => {
    fc.assert(
      fc.property(instants, (date) => {
        expect(dayOfIso(date.toISOString())).toBe(day.format(date));
      }),
    );
    expect(isoToHondurasLocal("2026-12-01T06:30:00.000Z")).toBe("2026-12-01T00:30");
  });
});
