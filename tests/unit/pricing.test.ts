import { describe, expect, test } from "vitest";
import {
  orderTotals,
  priceCart,
  priceForSize,
  shippingCost,
  SIZE_MULTIPLIERS,
  taxFor,
  taxPercentageOf,
} from "~/models/checkout/pricing";
import { DEFAULT_SETTINGS, parseSettings } from "~/models/settings/settings";

// The defaults of DECISIONS.md: standard L 150 (free from L 2,000), express L 300 (free from
// L 5,000), ISV 15 %.
const settings = DEFAULT_SETTINGS;

/** The settings after an admin saved these values (as typed in the settings screen). */
const saved = (values: Record<string, string>) => parseSettings(values).settings;

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
    const custom = saved({ shipping_cost: "99.50", free_shipping_threshold: "1000" });
    expect(shippingCost({ subtotal: 99999, method: "standard", settings: custom })).toBe(9950);
    expect(shippingCost({ subtotal: 100000, method: "standard", settings: custom })).toBe(0);
  });

  test("a setting that is not an amount charges its default, never NaN", () => {
    const broken = saved({ shipping_cost: "gratis", express_free_shipping_threshold: "" });
    expect(shippingCost({ subtotal: 100, method: "standard", settings: broken })).toBe(15000);
    expect(shippingCost({ subtotal: 500000, method: "express", settings: broken })).toBe(0);
  });

  test("a zone's surcharge is added where shipping is charged, never from the free thresholds on (decision 161)", () => {
    const zoned = saved({ shipping_surcharge_other: "40", shipping_surcharge_remote: "120.50" });
    const cost = (
      subtotal: number,
      method: "standard" | "express" | "pickup",
      zone?: "main" | "other" | "remote",
    ) => shippingCost({ subtotal, method, settings: zoned, zone });
    expect([cost(1000, "standard"), cost(1000, "standard", "main")]).toEqual([15000, 15000]);
    expect(cost(1000, "standard", "other")).toBe(19000);
    expect(cost(1000, "standard", "remote")).toBe(27050);
    expect(cost(499999, "express", "remote")).toBe(42050);
    expect(cost(200000, "standard", "remote")).toBe(0);
    expect(cost(500000, "express", "other")).toBe(0);
    expect(cost(1000, "pickup", "remote")).toBe(0);
    // Without surcharges (the defaults) every zone pays the same.
    expect(shippingCost({ subtotal: 1000, method: "standard", settings, zone: "remote" })).toBe(
      15000,
    );
    // The priced cart and an order's totals take the zone too.
    const cart = priceCart({
      lines: [{ unitPrice: 100000, quantity: 1, available: true }],
      couponDiscount: 0,
      settings: zoned,
      zone: "remote",
    });
    expect(cart.byMethod.standard).toMatchObject({
      shippingCost: 27050,
      total: 100000 + 27050 + 15000,
    });
  });

  test("the settings these tests use are the store's defaults, in centavos", () => {
    expect(settings).toMatchObject({
      shipping_cost: 15000,
      free_shipping_threshold: 200000,
      express_shipping_cost: 30000,
      express_free_shipping_threshold: 500000,
      tax_percentage: 15,
    });
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

  // Issue 7: an empty cart used to cost the standard shipping here while the cart page said L 0.
  test("no line: nothing to ship and nothing to pay", () => {
    for (const method of ["standard", "express", "pickup"] as const) {
      expect(orderTotals({ lines: [], method, couponDiscount: 5000, settings })).toEqual({
        subtotal: 0,
        shippingCost: 0,
        tax: 0,
        couponDiscount: 0,
        total: 0,
      });
    }
  });
});

describe("taxPercentageOf (an order's ISV label)", () => {
  test.each([
    [184690, 27704, 15],
    [100000, 15000, 15],
    [100000, 12500, 12.5],
    [3, 0, 0],
    [0, 0, null],
  ])("subtotal %i with tax %i was taxed at %s %%", (subtotal, tax, expected) => {
    expect(taxPercentageOf({ subtotal, tax })).toBe(expected);
  });
});

const line = (unitPrice: number, quantity = 1, available = true) => ({
  unitPrice,
  quantity,
  available,
});

describe("priceCart: the one price of a cart (cart page, drawer, checkout, order)", () => {
  test.each([
    // subtotal, standard, express, pickup shipping
    [100, 15000, 30000, 0],
    [199999, 15000, 30000, 0],
    [200000, 0, 30000, 0],
    [200001, 0, 30000, 0],
    [499999, 0, 30000, 0],
    [500000, 0, 0, 0],
    [500001, 0, 0, 0],
  ])("a subtotal of %i ships for %i / %i / %i", (subtotal, standard, express, pickup) => {
    const priced = priceCart({ lines: [line(subtotal)], couponDiscount: 0, settings });
    expect(priced.subtotal).toBe(subtotal);
    expect(priced.tax).toBe(taxFor(subtotal, 15));
    expect(priced.byMethod.standard.shippingCost).toBe(standard);
    expect(priced.byMethod.express.shippingCost).toBe(express);
    expect(priced.byMethod.pickup.shippingCost).toBe(pickup);
  });

  test("each method's total is subtotal + its shipping + tax − the discount", () => {
    const priced = priceCart({ lines: [line(80000, 2)], couponDiscount: 10000, settings });
    expect(priced).toEqual({
      subtotal: 160000,
      tax: 24000,
      taxPercentage: 15,
      freeShippingRemaining: 40000,
      byMethod: {
        standard: {
          subtotal: 160000,
          shippingCost: 15000,
          tax: 24000,
          couponDiscount: 10000,
          total: 189000,
        },
        express: {
          subtotal: 160000,
          shippingCost: 30000,
          tax: 24000,
          couponDiscount: 10000,
          total: 204000,
        },
        pickup: {
          subtotal: 160000,
          shippingCost: 0,
          tax: 24000,
          couponDiscount: 10000,
          total: 174000,
        },
      },
    });
  });

  test("says what is missing for free standard shipping, and nothing once it is free", () => {
    const remaining = (subtotal: number) =>
      priceCart({ lines: [line(subtotal)], couponDiscount: 0, settings }).freeShippingRemaining;
    expect(remaining(1)).toBe(199999);
    expect(remaining(199999)).toBe(1);
    expect(remaining(200000)).toBe(0);
    expect(remaining(600000)).toBe(0);
    const freeAlways = saved({ shipping_cost: "0" });
    expect(
      priceCart({ lines: [line(100)], couponDiscount: 0, settings: freeAlways })
        .freeShippingRemaining,
    ).toBe(0);
  });

  test("caps the coupon at each method's total: never a negative amount", () => {
    const priced = priceCart({ lines: [line(10000)], couponDiscount: 20000, settings });
    // pickup: 10,000 + 0 + 1,500 = 11,500 < 20,000; standard: 10,000 + 15,000 + 1,500 = 26,500
    expect(priced.byMethod.pickup).toMatchObject({ couponDiscount: 11500, total: 0 });
    expect(priced.byMethod.standard).toMatchObject({ couponDiscount: 20000, total: 6500 });
    expect(priced.byMethod.express).toMatchObject({ couponDiscount: 20000, total: 21500 });
  });

  test("leaves unavailable lines out of every figure", () => {
    const priced = priceCart({
      lines: [line(100000, 2), line(500000, 1, false)],
      couponDiscount: 0,
      settings,
    });
    expect(priced).toMatchObject({ subtotal: 200000, tax: 30000, freeShippingRemaining: 0 });
    expect(priced.byMethod.standard).toMatchObject({ shippingCost: 0, total: 230000 });
    expect(priced.byMethod.express).toMatchObject({ shippingCost: 30000, total: 260000 });
  });

  test.each([
    ["an empty cart", []],
    ["a cart of unavailable lines only", [line(150000, 1, false), line(90000, 3, false)]],
  ])("%s: no shipping, no tax, no discount, nothing to pay", (_case, lines) => {
    const priced = priceCart({ lines, couponDiscount: 5000, settings });
    const nothing = { subtotal: 0, shippingCost: 0, tax: 0, couponDiscount: 0, total: 0 };
    expect(priced).toEqual({
      subtotal: 0,
      tax: 0,
      taxPercentage: 15,
      freeShippingRemaining: 0,
      byMethod: { standard: nothing, express: nothing, pickup: nothing },
    });
  });

  test("the label's percentage and the tax follow the ISV setting", () => {
    const at = (taxPercentage: string) =>
      priceCart({
        lines: [line(100001)],
        couponDiscount: 0,
        settings: saved({ tax_percentage: taxPercentage }),
      });
    expect(at("18")).toMatchObject({ taxPercentage: 18, tax: 18000 });
    expect(at("12.5")).toMatchObject({ taxPercentage: 12.5, tax: 12500 });
    expect(at("0")).toMatchObject({ taxPercentage: 0, tax: 0 });
    // A mistyped value is the default's 15 %, never NaN.
    expect(at("quince")).toMatchObject({ taxPercentage: 15, tax: 15000 });
  });
});
