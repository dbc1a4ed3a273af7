import { describe, expect, it } from "vitest";
import {
  amountInWords,
  documentNumber,
  normalizeCai,
  normalizeNumberPrefix,
  normalizeRtn,
  rangeEntryProblem,
  rangeState,
  rangeWarnings,
} from "~/models/invoicing/fiscal";

describe("the total in words (decision 168)", () => {
  it.each([
    [0, "CERO LEMPIRAS CON 00/100"],
    [100, "UN LEMPIRA CON 00/100"],
    [2_100, "VEINTIÚN LEMPIRAS CON 00/100"],
    [10_000, "CIEN LEMPIRAS CON 00/100"],
    [10_100, "CIENTO UN LEMPIRAS CON 00/100"],
    [1_600, "DIECISÉIS LEMPIRAS CON 00/100"],
    [4_500, "CUARENTA Y CINCO LEMPIRAS CON 00/100"],
    [123_450, "UN MIL DOSCIENTOS TREINTA Y CUATRO LEMPIRAS CON 50/100"],
    [2_100_000, "VEINTIÚN MIL LEMPIRAS CON 00/100"],
    [57_599, "QUINIENTOS SETENTA Y CINCO LEMPIRAS CON 99/100"],
    [100_000_000, "UN MILLÓN DE LEMPIRAS CON 00/100"],
    [200_000_000, "DOS MILLONES DE LEMPIRAS CON 00/100"],
    [150_000_005, "UN MILLÓN QUINIENTOS MIL LEMPIRAS CON 05/100"],
    [100_100_000, "UN MILLÓN UN MIL LEMPIRAS CON 00/100"],
    [
      99_999_999_999,
      "NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE LEMPIRAS CON 99/100",
    ],
    [1, "CERO LEMPIRAS CON 01/100"],
  ])("%i centavos read %s", (centavos, words) => {
    expect(amountInWords(centavos)).toBe(words);
  });

  it("refuses what is not a whole, positive number of centavos", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(100_000_000_000)).toThrow(RangeError);
  });
});

describe("the fiscal identifiers as typed (decision 168)", () => {
  it("reads an RTN of 14 digits, with or without its dashes and spaces", () => {
    expect(normalizeRtn("0801-1990-123456")).toBe("08011990123456");
    expect(normalizeRtn(" 0801 1990 12345 6 ")).toBe("08011990123456");
    expect(normalizeRtn("0801199012345")).toBeNull();
    expect(normalizeRtn("080119901234567")).toBeNull();
    expect(normalizeRtn("0801-1990-12345A")).toBeNull();
    expect(normalizeRtn("00000000000000")).toBeNull();
  });

  it("reads a CAI in its six groups, in any case", () => {
    expect(normalizeCai("35a1b2-c3d4e5-f60718-293a4b-5c6d7e-8f")).toBe(
      "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
    );
    expect(normalizeCai("35A1B2C3D4E5F60718293A4B5C6D7E8F")).toBeNull();
    expect(normalizeCai("35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8G")).toBeNull();
    expect(normalizeCai("35A1B2-C3D4E5-F60718-293A4B-5C6D7E")).toBeNull();
  });

  it("numbers a document with its range's prefix and eight digits", () => {
    expect(normalizeNumberPrefix("000-001-01")).toBe("000-001-01-");
    expect(normalizeNumberPrefix("000-001-03-")).toBe("000-001-03-");
    expect(normalizeNumberPrefix("00-001-01-")).toBeNull();
    expect(documentNumber("000-001-01-", 1)).toBe("000-001-01-00000001");
    expect(documentNumber("000-001-01-", 99_999_999)).toBe("000-001-01-99999999");
    expect(() => documentNumber("000-001-01-", 0)).toThrow(RangeError);
    expect(() => documentNumber("000-001-01-", 100_000_000)).toThrow(RangeError);
  });
});

describe("an authorised range (decision 168)", () => {
  const now = new Date("2027-03-01T12:00:00Z");
  const range = { first: 1, last: 100, next: 1, deadline: new Date("2027-12-31T23:59:59-06:00") };

  it("issues while it has numbers, before its deadline, until it is retired", () => {
    expect(rangeState(range, now)).toBe("active");
    expect(rangeState({ ...range, next: 100 }, now)).toBe("active");
    expect(rangeState({ ...range, next: 101 }, now)).toBe("used_up");
    expect(rangeState(range, new Date("2028-01-01T06:00:00Z"))).toBe("expired");
    expect(rangeState({ ...range, retiredAt: now }, now)).toBe("retired");
  });

  it("is entered with its numbers in order, of at most eight digits", () => {
    expect(rangeEntryProblem({ first: 1, last: 500 })).toBeNull();
    expect(rangeEntryProblem({ first: 5, last: 5 })).toBeNull();
    expect(rangeEntryProblem({ first: 10, last: 9 })).toContain("no puede ser menor");
    expect(rangeEntryProblem({ first: 0, last: 9 })).toContain("ocho dígitos");
    expect(rangeEntryProblem({ first: 1, last: 100_000_000 })).toContain("ocho dígitos");
  });

  it("warns at 90 % used and 30 days before its deadline", () => {
    expect(rangeWarnings({ ...range, next: 90 }, now)).toMatchObject({
      used: 89,
      nearlyUsedUp: false,
    });
    expect(rangeWarnings({ ...range, next: 91 }, now)).toMatchObject({
      used: 90,
      nearlyUsedUp: true,
    });
    expect(rangeWarnings(range, now).deadlineSoon).toBe(false);
    const late = new Date(range.deadline.getTime() - 30 * 86_400_000);
    expect(rangeWarnings(range, late).deadlineSoon).toBe(true);
  });
});
