import { describe, expect, test } from "vitest";
import {
  orderTotals,
  priceForSize,
  shippingCost,
  SIZE_MULTIPLIERS,
  taxFor,
  type PricingSettings,
} from "~/models/pricing";
import { settingDefault } from "~/models/settings-definitions";

// The defaults of DECISIONS.md: standard L 150 (free from L 2,000), express L 300 (free from
// L 5,000), ISV 15 %.
const settings: PricingSettings = {
  shipping_cost: "150",
  free_shipping_threshold: "2000",
  express_shipping_cost: "300",
  express_free_shipping_threshold: "5000",
  tax_percentage: "15",
};

describe("SIZE_MULTIPLIERS", () => {
  test("are the ones of storefront.md §9", () => {
    expect(SIZE_MULTIPLIERS).toEqual({
      "30ml": 0.6,
      "50ml": 0.8,
      "100ml": 1,
      "125ml": 1.25,
      "150ml": 1.5,
    });
  });
});

describe("priceForSize", () => {
  test.each([
    // price, main size, size, expected
    [200000, "100ml", "100ml", 200000],
    [200000, "100ml", "50ml", 160000],
    [200000, "100ml", "30ml", 120000],
    [200000, "100ml", "125ml", 250000],
    [200000, "100ml", "150ml", 300000],
    [160000, "50ml", "100ml", 200000],
    [160000, "50ml", "30ml", 120000],
    [160000, "50ml", "150ml", 300000],
    [250000, "125ml", "100ml", 200000],
  ])("%i centavos for %s → %s costs %i", (price, mainSize, size, expected) => {
    expect(priceForSize(price, mainSize, size)).toBe(expected);
  });

  test("rounds to whole centavos", () => {
    // 1,234.57 × 0.6 = 740.742 → 740.74
    expect(priceForSize(123457, "100ml", "30ml")).toBe(74074);
    // 999.99 × 1.5 / 0.8 = 1,874.98125 → 1,874.98
    expect(priceForSize(99999, "50ml", "150ml")).toBe(187498);
    // 1,000.01 × 0.6 / 1.25 = 480.0048 → 480.00
    expect(priceForSize(100001, "125ml", "30ml")).toBe(48000);
  });

  test("is null for a size the store does not sell", () => {
    expect(priceForSize(200000, "100ml", "75ml")).toBeNull();
    expect(priceForSize(200000, "75ml", "100ml")).toBeNull();
    expect(priceForSize(200000, "100ml", "")).toBeNull();
    expect(priceForSize(200000, "100ml", "toString")).toBeNull();
  });
});

describe("shippingCost", () => {
  test.each([
    // subtotal, method, expected
    [0, "standard", 15000],
    [199999, "standard", 15000],
    [200000, "standard", 0],
    [200001, "standard", 0],
    [199999, "express", 30000],
    [200000, "express", 30000],
    [499999, "express", 30000],
    [500000, "express", 0],
    [900000, "express", 0],
    [0, "pickup", 0],
    [199999, "pickup", 0],
    [500000, "pickup", 0],
  ] as const)("subtotal %i by %s costs %i", (subtotal, method, expected) => {
    expect(shippingCost({ subtotal, method, settings })).toBe(expected);
  });

  test("follows the settings an admin saved, in lempiras with decimals", () => {
    const custom = { ...settings, shipping_cost: "99.50", free_shipping_threshold: "1000" };
    expect(shippingCost({ subtotal: 99999, method: "standard", settings: custom })).toBe(9950);
    expect(shippingCost({ subtotal: 100000, method: "standard", settings: custom })).toBe(0);
  });

  test("refuses a setting that is not an amount rather than charging NaN", () => {
    const broken = { ...settings, shipping_cost: "gratis" };
    expect(() => shippingCost({ subtotal: 100, method: "standard", settings: broken })).toThrow(
      /shipping_cost/,
    );
    const empty = { ...settings, express_free_shipping_threshold: "" };
    expect(() => shippingCost({ subtotal: 100, method: "express", settings: empty })).toThrow(
      /express_free_shipping_threshold/,
    );
  });

  test("the settings these tests use are the store's defaults", () => {
    const keys = [
      "shipping_cost",
      "free_shipping_threshold",
      "express_shipping_cost",
      "express_free_shipping_threshold",
      "tax_percentage",
    ] as const;
    for (const key of keys) expect(settingDefault(key), key).toBe(settings[key]);
  });
});

describe("taxFor", () => {
  test.each([
    [0, 15, 0],
    [100000, 15, 15000],
    [160000, 15, 24000],
    [3, 15, 0], // 0.45 → 0
    [4, 15, 1], // 0.6 → 1
    [10, 15, 2], // 1.5 → 2 (half up)
    [123457, 15, 18519], // 18,518.55 → 18,519
    [100000, 0, 0],
    [100000, 12.5, 12500],
  ])("subtotal %i at %d %% → %i", (subtotal, percentage, expected) => {
    expect(taxFor(subtotal, percentage)).toBe(expected);
  });
});

describe("orderTotals", () => {
  test("adds subtotal, shipping and tax, then takes the discount (D19)", () => {
    const totals = orderTotals({
      lines: [
        { price: 160000, quantity: 1 },
        { price: 12345, quantity: 2 },
      ],
      method: "standard",
      couponDiscount: 5000,
      settings,
    });
    // L 1,846.90 is under the L 2,000 threshold: standard shipping L 150; ISV 277.035 → 277.04
    expect(totals).toEqual({
      subtotal: 184690,
      shippingCost: 15000,
      tax: 27704,
      couponDiscount: 5000,
      total: 184690 + 15000 + 27704 - 5000,
    });
  });

  test("free standard shipping from the threshold, express still paid", () => {
    const lines = [{ price: 100000, quantity: 2 }];
    expect(orderTotals({ lines, method: "standard", couponDiscount: 0, settings })).toEqual({
      subtotal: 200000,
      shippingCost: 0,
      tax: 30000,
      couponDiscount: 0,
      total: 230000,
    });
    expect(orderTotals({ lines, method: "express", couponDiscount: 0, settings }).total).toBe(
      260000,
    );
  });

  test("a discount larger than the order makes it free, never negative", () => {
    const totals = orderTotals({
      lines: [{ price: 10000, quantity: 1 }],
      method: "pickup",
      couponDiscount: 50000,
      settings,
    });
    expect(totals).toEqual({
      subtotal: 10000,
      shippingCost: 0,
      tax: 1500,
      couponDiscount: 11500,
      total: 0,
    });
  });

  test("a discount equal to the order also totals 0, and a negative one is ignored", () => {
    const lines = [{ price: 10000, quantity: 1 }];
    expect(orderTotals({ lines, method: "pickup", couponDiscount: 11500, settings }).total).toBe(0);
    expect(orderTotals({ lines, method: "pickup", couponDiscount: -500, settings })).toMatchObject({
      couponDiscount: 0,
      total: 11500,
    });
  });

  test("an empty cart costs nothing but shipping", () => {
    expect(orderTotals({ lines: [], method: "standard", couponDiscount: 0, settings })).toEqual({
      subtotal: 0,
      shippingCost: 15000,
      tax: 0,
      couponDiscount: 0,
      total: 15000,
    });
  });
});
