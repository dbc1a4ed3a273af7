import { describe, expect, test } from "vitest";
import {
  needsShrinking,
  SHRINK_LONG_SIDE,
  SHRINK_MIN_BYTES,
  shrinkSize,
} from "~/components/proof-upload/shrink-photo";

/*
 * The shrinker's arithmetic (decision 094). The decoding and encoding themselves run in a real
 * browser: tests/e2e/photo-shrink.spec.ts.
 */
describe("shrinkSize", () => {
  test("a phone's 4000×3000 photo is brought to 1600 on its long side, proportions kept", () => {
    expect(shrinkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrinkSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  test("odd proportions round to whole pixels and never reach zero", () => {
    expect(shrinkSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(shrinkSize(4001, 2999)).toEqual({ width: 1600, height: 1199 });
    expect(shrinkSize(20_000, 3)).toEqual({ width: 1600, height: 1 });
  });

  test("a picture within the long side is never enlarged", () => {
    expect(shrinkSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(shrinkSize(SHRINK_LONG_SIDE, 10)).toEqual({ width: SHRINK_LONG_SIDE, height: 10 });
  });
});

describe("needsShrinking", () => {
  test("a large photo is shrunk, a small screenshot goes as chosen", () => {
    expect(needsShrinking(1_400_000, 4000, 3000)).toBe(true);
    expect(needsShrinking(150_000, 1080, 1600)).toBe(false);
  });

  test("either the weight or the long side alone is enough", () => {
    expect(needsShrinking(SHRINK_MIN_BYTES + 1, 1000, 800)).toBe(true);
    expect(needsShrinking(SHRINK_MIN_BYTES, 1000, 800)).toBe(false);
    expect(needsShrinking(100_000, SHRINK_LONG_SIDE + 1, 800)).toBe(true);
  });
});
