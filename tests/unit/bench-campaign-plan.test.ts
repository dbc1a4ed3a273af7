import { describe, expect, it } from "vitest";
import {
  percentile,
  SHOPPER_KINDS,
  shopperMix,
  thinkMs,
  thinkRange,
} from "../../scripts/bench-campaign-plan";

describe("the campaign's shoppers (bench:campaign)", () => {
  it("splits 200 shoppers as the issue asks: 140 visitors, 40 signed in, 16 buyers, 4 admins", () => {
    expect(shopperMix(200)).toEqual({ visitor: 140, customer: 40, buyer: 16, admin: 4 });
  });

  it.each([1, 3, 4, 7, 20, 33, 199, 1000])("always counts %i shoppers in all", (total) => {
    const mix = shopperMix(total);
    expect(SHOPPER_KINDS.reduce((sum, kind) => sum + mix[kind], 0)).toBe(total);
    for (const kind of SHOPPER_KINDS) expect(mix[kind]).toBeGreaterThanOrEqual(0);
  });

  it("keeps one of each kind in a small smoke run, taken from the visitors", () => {
    expect(shopperMix(20)).toEqual({ visitor: 13, customer: 4, buyer: 2, admin: 1 });
    expect(shopperMix(4)).toEqual({ visitor: 1, customer: 1, buyer: 1, admin: 1 });
  });

  it("thinks 3 to 12 s by default, as a person reads a page, or as BENCH_THINK says", () => {
    const range = thinkRange();
    expect(range).toEqual({ min: 3000, max: 12_000 });
    expect(thinkMs(range, () => 0)).toBe(3000);
    expect(thinkMs(range, () => 0.5)).toBe(7500);
    expect(thinkMs(range, () => 0.999999)).toBeLessThan(12_000);
    expect(thinkRange("0.5-2")).toEqual({ min: 500, max: 2000 });
    expect(thinkRange(" 1 – 4 ")).toEqual({ min: 1000, max: 4000 });
  });

  it.each(["", "3", "12-3", "tres-doce", "3-12s"])("refuses BENCH_THINK=%j", (text) => {
    expect(() => thinkRange(text)).toThrow(/BENCH_THINK/);
  });
});

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("reads p50, p95 and p99 of 1..100 as 50, 95 and 99", () => {
    expect([0.5, 0.95, 0.99].map((q) => percentile(hundred, q))).toEqual([50, 95, 99]);
  });

  it("takes the slowest value when there are few, and NaN when there are none", () => {
    expect(percentile([10, 20, 900], 0.95)).toBe(900);
    expect(percentile([7], 0.5)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
