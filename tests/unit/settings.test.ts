import { describe, expect, test } from "vitest";
import { DEFAULT_SETTINGS, parseSettings } from "~/models/settings/settings";
import { SETTING_DEFINITIONS } from "~/models/settings/definitions";

describe("parseSettings: each stored string read once, by its definition's input type", () => {
  test("every default is valid, so falling back to it can never put NaN on an order", () => {
    const stored = Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.value]));
    expect(parseSettings(stored).invalid).toEqual([]);
    expect(parseSettings(stored).settings).toEqual(DEFAULT_SETTINGS);
  });

  test("money is integer centavos, numbers are numbers, booleans are booleans", () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      shipping_cost: 15000,
      free_shipping_threshold: 200000,
      express_shipping_cost: 30000,
      express_free_shipping_threshold: 500000,
      tax_percentage: 15,
      stockThreshold: 5,
      loyalty_points_per_lempira: 1,
      loyalty_tier_plata: 2000,
      loyalty_tier_oro: 5000,
      loyalty_registration_bonus: 50,
      maintenanceMode: false,
      allowRegistrations: true,
      autoApproveReviews: false,
      currency: "L",
      store_hours: "Lunes a Sábado 9:00 AM - 6:00 PM",
    });
  });

  test("reads what an admin types", () => {
    const { settings, invalid } = parseSettings({
      shipping_cost: " 99.50 ",
      free_shipping_threshold: "L 1,500",
      tax_percentage: "12.5",
      stockThreshold: "0",
      maintenanceMode: "TRUE",
      allowRegistrations: "0",
      autoApproveReviews: "1",
      siteName: "  Perfumes HN ",
    });
    expect(invalid).toEqual([]);
    expect(settings).toMatchObject({
      shipping_cost: 9950,
      free_shipping_threshold: 150000,
      tax_percentage: 12.5,
      stockThreshold: 0,
      maintenanceMode: true,
      allowRegistrations: false,
      autoApproveReviews: true,
      // Texts are kept as typed.
      siteName: "  Perfumes HN ",
    });
  });

  test.each([
    ["shipping_cost", "gratis", 15000],
    ["shipping_cost", "-150", 15000],
    ["shipping_cost", "", 15000],
    ["shipping_cost", "150.555", 15000],
    ["tax_percentage", "NaN", 15],
    ["tax_percentage", "-15", 15],
    ["tax_percentage", "15%", 15],
    ["tax_percentage", "1e2", 15],
    ["stockThreshold", "2.5", 5],
    ["stockThreshold", "Infinity", 5],
    ["loyalty_registration_bonus", "50.5", 50],
    // Out of the definition's bounds: a tax over 100 % and a divisor of 0 are mistakes too.
    ["tax_percentage", "150", 15],
    ["loyalty_points_per_lempira_discount", "0", 35],
    ["loyalty_redeem_step", "0", 10],
    ["maintenanceMode", "sí", false],
    ["allowRegistrations", "", true],
  ])("an unreadable %s (%j) is its default %j, and is reported", (key, value, fallback) => {
    const { settings, invalid } = parseSettings({ [key]: value });
    expect(settings[key as keyof typeof settings]).toBe(fallback);
    expect(invalid).toEqual([{ key, value }]);
  });

  test("a missing row is its default and is not a mistake", () => {
    expect(parseSettings({})).toEqual({ settings: DEFAULT_SETTINGS, invalid: [] });
  });

  test("the parsed settings cannot be changed by a reader (they are shared by every request)", () => {
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
  });
});
