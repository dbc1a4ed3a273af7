import { describe, expect, it } from "vitest";
import { deliveryWindow, deliveryZone } from "~/models/checkout/delivery-estimate";
import { checkSettingTexts, SETTINGS_MESSAGES } from "~/models/settings/form.server";
import { SETTING_DEFINITIONS, type SettingDefinition } from "~/models/settings/definitions";
import {
  DEFAULT_SETTINGS,
  parseDayRange,
  parseDepartmentList,
  parseSettings,
} from "~/models/settings/settings";
import { businessDaysAfter, formatDayRange, hondurasDay } from "~/utils/dates";

/* Decision 158: delivery by zone of departments, in business days, said as dates. */

// Monday 30 November 2026, 9:00 in Tegucigalpa.
const MONDAY = new Date("2026-11-30T15:00:00Z");

describe("the zones of the default settings", () => {
  it.each([
    ["Francisco Morazán", "main"],
    ["Cortés", "main"],
    ["Yoro", "other"],
    ["Olancho", "other"],
    ["Gracias a Dios", "remote"],
    ["Islas de la Bahía", "remote"],
  ] as const)("%s is %s", (department, zone) => {
    expect(deliveryZone(department, DEFAULT_SETTINGS)).toBe(zone);
  });

  it("gives Tegucigalpa, the rest of the country and La Mosquitia different windows", () => {
    const window = (department: "Francisco Morazán" | "Yoro" | "Gracias a Dios") =>
      deliveryWindow({
        department,
        method: "standard",
        placedAt: MONDAY,
        settings: DEFAULT_SETTINGS,
      });
    expect(window("Francisco Morazán")).toEqual({
      firstDay: "2026-12-01",
      lastDay: "2026-12-02",
      days: "1-2 días hábiles",
      arrives: "llega entre el martes\u00a01 y el miércoles\u00a02 de diciembre",
    });
    expect(window("Yoro")).toMatchObject({
      firstDay: "2026-12-03",
      lastDay: "2026-12-07",
      days: "3-5 días hábiles",
    });
    expect(window("Gracias a Dios")).toMatchObject({
      firstDay: "2026-12-07",
      lastDay: "2026-12-10",
      days: "5-8 días hábiles",
    });
    expect(
      deliveryWindow({
        department: "Cortés",
        method: "express",
        placedAt: MONDAY,
        settings: DEFAULT_SETTINGS,
      }),
    ).toEqual({
      firstDay: "2026-12-01",
      lastDay: "2026-12-01",
      days: "1 día hábil",
      arrives: "llega el martes\u00a01 de diciembre",
    });
    expect(
      deliveryWindow({
        department: "Cortés",
        method: "pickup",
        placedAt: MONDAY,
        settings: DEFAULT_SETTINGS,
      }),
    ).toBeNull();
  });

  it("follows the owner's zones: a department moved to the fast ones is fast", () => {
    const { settings } = parseSettings({ delivery_main_departments: "Atlántida, Cortés" });
    expect(deliveryZone("Atlántida", settings)).toBe("main");
    expect(deliveryZone("Francisco Morazán", settings)).toBe("other");
  });
});

describe("business days in Honduras' calendar", () => {
  it("skips the weekend and crosses months", () => {
    expect(businessDaysAfter("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(businessDaysAfter("2026-11-28", 1)).toBe("2026-11-30"); // Saturday → Monday
    expect(businessDaysAfter("2026-12-31", 2)).toBe("2027-01-04");
  });

  it("reads the day in Honduras, not the server's UTC: 21:00 on Monday is still Monday", () => {
    expect(hondurasDay(new Date("2026-12-01T03:00:00Z"))).toBe("2026-11-30");
  });
});

describe("formatDayRange", () => {
  it("says one day, a range within a month, and a range across months", () => {
    expect(formatDayRange("2026-12-01", "2026-12-01")).toBe("el martes\u00a01 de diciembre");
    expect(formatDayRange("2026-12-03", "2026-12-07")).toBe(
      "entre el jueves\u00a03 y el lunes\u00a07 de diciembre",
    );
    expect(formatDayRange("2026-11-30", "2026-12-02")).toBe(
      "entre el lunes\u00a030 de noviembre y el miércoles\u00a02 de diciembre",
    );
  });
});

describe("the delivery settings' formats", () => {
  it("reads business days as a range or one number, within 1 to 30", () => {
    expect(parseDayRange("3-5")).toEqual({ min: 3, max: 5 });
    expect(parseDayRange(" 2 – 4 ")).toEqual({ min: 2, max: 4 });
    expect(parseDayRange("2")).toEqual({ min: 2, max: 2 });
    for (const wrong of ["0", "5-3", "1-31", "tres", "3-", "-3", "1.5"]) {
      expect(parseDayRange(wrong), wrong).toBeNull();
    }
  });

  it("reads departments as typed, accents and case aside, once each", () => {
    expect(parseDepartmentList("cortes, FRANCISCO MORAZAN, Cortés")).toEqual([
      "Cortés",
      "Francisco Morazán",
    ]);
    expect(parseDepartmentList("")).toEqual([]);
    expect(parseDepartmentList("Cortés, San Pedro Sula")).toBeNull();
  });

  it("stores them normalised from the admin's form, or refuses with a Spanish message", () => {
    const definitions = (SETTING_DEFINITIONS as readonly SettingDefinition[]).filter((d) =>
      ["delivery_main_departments", "standard_days_other"].includes(d.key),
    );
    expect(
      checkSettingTexts(definitions, {
        delivery_main_departments: "francisco morazan,cortes",
        standard_days_other: "2 - 4",
      }),
    ).toEqual({
      entries: {
        delivery_main_departments: "Cortés, Francisco Morazán",
        standard_days_other: "2-4",
      },
      errors: [],
    });
    expect(
      checkSettingTexts(definitions, {
        delivery_main_departments: "Tegucigalpa",
        standard_days_other: "5-3",
      }).errors,
    ).toEqual([
      { key: "delivery_main_departments", message: SETTINGS_MESSAGES.departments },
      { key: "standard_days_other", message: SETTINGS_MESSAGES.days },
    ]);
  });
});
