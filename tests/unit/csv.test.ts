import { describe, expect, it } from "vitest";
import { csvAmount, csvField, csvLempiras, toCsv } from "~/utils/csv";
import { addDays, dayOfIso, endOfDayIso, isCalendarDay, startOfDayIso } from "~/utils/dates";

describe("CSV for Excel (decision 066)", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvField("Lucía Núñez")).toBe("Lucía Núñez");
    expect(csvField(12)).toBe("12");
    expect(csvField(null)).toBe("");
  });

  it("quotes the separator, quotes, line breaks and edge spaces, doubling quotes", () => {
    expect(csvField("Núñez; Ramón")).toBe('"Núñez; Ramón"');
    expect(csvField('La "Jefa"')).toBe('"La ""Jefa"""');
    expect(csvField("calle 5\ncasa 12")).toBe('"calle 5\ncasa 12"');
    expect(csvField(" Ana")).toBe('" Ana"');
    // A comma is not our separator: no quotes needed.
    expect(csvField("Tegucigalpa, FM")).toBe("Tegucigalpa, FM");
  });

  it("defuses text Excel would run as a formula", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("+504 9999-0000")).toBe("'+504 9999-0000");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("=1;2")).toBe('"\'=1;2"');
  });

  it("writes the BOM, the header and CRLF lines", () => {
    expect(toCsv(["Pedido", "Total (L)"], [["PH-1", "10.00"]])).toBe(
      "\uFEFFPedido;Total (L)\r\nPH-1;10.00\r\n",
    );
  });

  it("writes centavos as lempiras with two decimals, exactly", () => {
    expect(csvLempiras(0)).toBe("0.00");
    expect(csvLempiras(5)).toBe("0.05");
    expect(csvLempiras(123_450)).toBe("1234.50");
    expect(csvLempiras(100_000_001)).toBe("1000000.01");
  });

  it("writes a signed amount (a credit note's) as a number, not as defused text", () => {
    expect(csvField(csvAmount(-115_000))).toBe("-1150.00");
    expect(csvField(csvAmount(-5))).toBe("-0.05");
    expect(csvField(csvAmount(0))).toBe("0.00");
    expect(toCsv(["Total"], [[csvAmount(123_450)], [csvAmount(-123_450)]])).toBe(
      "\uFEFFTotal\r\n1234.50\r\n-1234.50\r\n",
    );
    // Text that looks like one is still defused: only csvAmount's figures pass as numbers.
    expect(csvField("-1150.00")).toBe("'-1150.00");
    expect(() => csvAmount(1.5)).toThrow(RangeError);
  });
});

describe("Honduras days (UTC−6)", () => {
  it("starts and ends a day at 06:00 UTC", () => {
    expect(startOfDayIso("2026-12-01")).toBe("2026-12-01T06:00:00.000Z");
    expect(endOfDayIso("2026-12-01")).toBe("2026-12-02T05:59:59.999Z");
    expect(dayOfIso("2026-12-02T05:59:59.999Z")).toBe("2026-12-01");
  });

  it("moves calendar days and checks them", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-2-28")).toBe(false);
  });
});
