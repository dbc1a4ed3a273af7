import { describe, expect, test } from "vitest";
import { PHONE_MAX_LENGTH, formatPhone, isValidPhone } from "~/utils/phone";

/** What the input shows after each key press when every change goes through formatPhone. */
function typeInto(keys: string, initial = "") {
  const shown: string[] = [];
  let value = initial;
  for (const key of keys) {
    value = formatPhone(value + key);
    shown.push(value);
  }
  return shown;
}

describe("formatPhone", () => {
  test("adds the +504 prefix from the first digit", () => {
    expect(formatPhone("9")).toBe("+504 9");
  });

  test("adds the hyphen after the fourth digit", () => {
    expect(formatPhone("9876")).toBe("+504 9876");
    expect(formatPhone("98765")).toBe("+504 9876-5");
  });

  test("formats a complete number", () => {
    expect(formatPhone("98765432")).toBe("+504 9876-5432");
  });

  test("caps the value at 14 characters (8 digits)", () => {
    expect(formatPhone("+504 9876-54321")).toBe("+504 9876-5432");
    expect(formatPhone("12345678901")).toBe("+504 1234-5678");
    expect(PHONE_MAX_LENGTH).toBe(14);
  });

  test.each([["50498765432"], ["+50498765432"], ["0050498765432"], ["(504) 9876 5432"]])(
    "keeps only the local part of a pasted %j",
    (pasted) => {
      expect(formatPhone(pasted)).toBe("+504 9876-5432");
    },
  );

  test("removes letters and symbols", () => {
    expect(formatPhone("9a8b7c")).toBe("+504 987");
    expect(formatPhone("98-76.54 32")).toBe("+504 9876-5432");
    expect(formatPhone("abc")).toBe("");
  });

  test("an empty value (or only the prefix) stays empty", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("+504 ")).toBe("");
  });

  test("typing digit by digit", () => {
    expect(typeInto("98765432")).toEqual([
      "+504 9",
      "+504 98",
      "+504 987",
      "+504 9876",
      "+504 9876-5",
      "+504 9876-54",
      "+504 9876-543",
      "+504 9876-5432",
    ]);
  });

  test("typing past the last digit changes nothing", () => {
    expect(typeInto("1", "+504 9876-5432")).toEqual(["+504 9876-5432"]);
  });

  test("deleting back over the hyphen drops it", () => {
    expect(formatPhone("+504 9876-")).toBe("+504 9876");
  });
});

describe("isValidPhone", () => {
  test("accepts only the complete format", () => {
    expect(isValidPhone("+504 9876-5432")).toBe(true);
    expect(isValidPhone("+504 9876-543")).toBe(false);
    expect(isValidPhone("98765432")).toBe(false);
    expect(isValidPhone("+504 98765432")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });

  test("whatever formatPhone produces from eight digits is valid", () => {
    expect(isValidPhone(formatPhone("50498765432"))).toBe(true);
  });
});
