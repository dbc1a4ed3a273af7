import { describe, expect, it } from "vitest";
import { promoDiscount } from "~/models/promotions/coupons";
import { couponDiscountForPoints } from "~/models/loyalty/loyalty";

describe("promoDiscount (D20)", () => {
  it("takes a percentage of the subtotal, rounded to whole centavos", () => {
    expect(promoDiscount({ discountType: "percentage", discountValue: 10 }, 123_455)).toBe(12_346);
    expect(promoDiscount({ discountType: "percentage", discountValue: 15 }, 0)).toBe(0);
  });

  it("takes a fixed amount whatever the subtotal (orderTotals caps it)", () => {
    expect(promoDiscount({ discountType: "fixed", discountValue: 50_000 }, 10_000)).toBe(50_000);
  });
});

describe("couponDiscountForPoints (D13)", () => {
  it("gives L 1 for every `rate` points, in whole centavos rounded down", () => {
    expect(couponDiscountForPoints(700, 35)).toBe(2_000);
    expect(couponDiscountForPoints(10, 35)).toBe(28);
    expect(couponDiscountForPoints(350, 35)).toBe(1_000);
  });

  it("gives nothing for no points or a broken rate", () => {
    expect(couponDiscountForPoints(0, 35)).toBe(0);
    expect(couponDiscountForPoints(700, 0)).toBe(0);
  });
});
