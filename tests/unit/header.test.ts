import { describe, expect, it } from "vitest";
import { cartBadgeLabel } from "~/components/count-label";
import { nextTheme } from "~/components/site-header-links";

describe("header helpers", () => {
  it("caps the cart badge at '9+'", () => {
    expect(cartBadgeLabel(0)).toBe("0");
    expect(cartBadgeLabel(9)).toBe("9");
    expect(cartBadgeLabel(10)).toBe("9+");
    expect(cartBadgeLabel(250)).toBe("9+");
  });

  it("cycles the theme light → dark → system → light (D5)", () => {
    expect(nextTheme("light")).toBe("dark");
    expect(nextTheme("dark")).toBe("system");
    expect(nextTheme("system")).toBe("light");
  });
});
