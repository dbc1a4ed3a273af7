import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/auth.server";
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
