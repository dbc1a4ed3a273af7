import { describe, expect, it } from "vitest";
import { pageBounds, paginate, requestedPage } from "~/utils/paging";

describe("the one paging rule", () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ["", 1],
    ["abc", 1],
    ["0", 1],
    ["-3", 1],
    ["2.7", 2],
    ["3", 3],
    [4, 4],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    ["1e12", 1_000_000],
  ])("a requested page of %j reads as %i", (value, page) => {
    expect(requestedPage(value)).toBe(page);
  });

  it("clamps a page past the end to the last page, and gives its offset", () => {
    expect(pageBounds(45, "9", 20)).toEqual({
      page: 3,
      pageCount: 3,
      pageSize: 20,
      total: 45,
      limit: 20,
      offset: 40,
    });
    expect(pageBounds(0, 5, 20)).toMatchObject({ page: 1, pageCount: 1, offset: 0 });
  });

  it("reads the window of the clamped page, whatever type the count comes back as", async () => {
    const windows: { limit: number; offset: number }[] = [];
    const page = await paginate({
      page: "7",
      pageSize: 10,
      count: async () => 25n,
      rows: async (window) => {
        windows.push(window);
        return ["u", "v", "w", "x", "y"];
      },
    });
    expect(windows).toMatchObject([{ limit: 10, offset: 20 }]);
    expect(page).toEqual({
      rows: ["u", "v", "w", "x", "y"],
      total: 25,
      page: 3,
      pageCount: 3,
      pageSize: 10,
    });
  });
});
