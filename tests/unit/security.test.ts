import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/auth.server";
import { RateLimiter } from "~/utils/rate-limit.server";
import { isSameOriginRequest } from "~/utils/security.server";

const post = (headers: Record<string, string>) =>
  new Request("http://tienda.hn/login", {
    method: "POST",
    headers: { host: "tienda.hn", ...headers },
  });

describe("isSameOriginRequest", () => {
  it("trusts Sec-Fetch-Site when the browser sends it", () => {
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(
      isSameOriginRequest(post({ "sec-fetch-site": "cross-site", origin: "http://tienda.hn" })),
    ).toBe(false);
  });

  it("otherwise compares the Origin's host with ours", () => {
    expect(isSameOriginRequest(post({ origin: "http://tienda.hn" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://tienda.hn" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "http://tienda.hn.evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/orders?page=2")).toBe("/orders?page=2");
    expect(safeRedirect("//evil.example/x", "/catalog")).toBe("/catalog");
    expect(safeRedirect("/\\evil.example", "/catalog")).toBe("/catalog");
    expect(safeRedirect("https://evil.example", "/catalog")).toBe("/catalog");
    expect(safeRedirect(null, "/catalog")).toBe("/catalog");
  });
});

describe("RateLimiter", () => {
  it("limits after the allowed hits inside the window and forgets after it", () => {
    const limiter = new RateLimiter(3, 60_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.isLimited("ip", t0)).toBe(false);
      limiter.hit("ip", t0);
    }
    expect(limiter.isLimited("ip", t0 + 59_999)).toBe(true);
    expect(limiter.isLimited("other", t0)).toBe(false);
    expect(limiter.isLimited("ip", t0 + 60_000)).toBe(false);
  });
});
