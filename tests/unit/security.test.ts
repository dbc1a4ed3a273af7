import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/web/auth.server";
import {
  checkRequestBody,
  FORM_BODY_MAX_BYTES,
  isSameOriginRequest,
  MULTIPART_BODY_MAX_BYTES,
} from "~/utils/security.server";

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

  it("otherwise compares the Origin's scheme, host and port with the request's own origin", () => {
    expect(isSameOriginRequest(post({ origin: "http://tienda.hn" }))).toBe(true);
    // Scheme and port count too (issue 19): the https site is another origin.
    expect(isSameOriginRequest(post({ origin: "https://tienda.hn" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://tienda.hn:8080" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "http://tienda.hn.evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
  });

  it("reads the request's own origin from its URL, never from X-Forwarded-Host", () => {
    // scripts/server.mjs builds the URL from the local proxy's X-Forwarded-* only.
    expect(
      isSameOriginRequest(
        post({ origin: "http://evil.example", "x-forwarded-host": "evil.example" }),
      ),
    ).toBe(false);
  });
});

describe("checkRequestBody", () => {
  const check = (contentType: string | null, contentLength: number | null, pathname = "/contact") =>
    checkRequestBody({ pathname, contentType, contentLength, chunked: contentLength === null });

  it("takes a browser's forms up to their limits", () => {
    const form = "application/x-www-form-urlencoded";
    expect(check(form, FORM_BODY_MAX_BYTES)).toEqual({ ok: true, maxBytes: FORM_BODY_MAX_BYTES });
    expect(check(`${form}; charset=UTF-8`, null)).toMatchObject({ ok: true });
    expect(check(form, FORM_BODY_MAX_BYTES + 1)).toMatchObject({ ok: false, status: 413 });
    const multipart = "multipart/form-data; boundary=----WebKitFormBoundaryx";
    expect(check(multipart, 30 * 1024 * 1024)).toEqual({
      ok: true,
      maxBytes: MULTIPART_BODY_MAX_BYTES,
    });
    expect(check(multipart, MULTIPART_BODY_MAX_BYTES + 1)).toMatchObject({ status: 413 });
  });

  it("refuses what no page action takes: 415, or 400 for multipart without a boundary", () => {
    expect(check("application/json", 2)).toMatchObject({ ok: false, status: 415 });
    expect(check("text/plain", 2)).toMatchObject({ ok: false, status: 415 });
    expect(check(null, 2)).toMatchObject({ ok: false, status: 415 });
    expect(check(null, null)).toMatchObject({ ok: false, status: 415 });
    expect(check("multipart/form-data", 2)).toMatchObject({ ok: false, status: 400 });
    expect(check("multipart/form-data; boundary=", 2)).toMatchObject({ status: 400 });
  });

  it("lets a POST without a body through, and leaves /api/ its content types but not its size", () => {
    expect(check(null, 0)).toMatchObject({ ok: true });
    expect(check("application/json", 2, "/api/orders")).toMatchObject({ ok: true });
    expect(check("application/json", FORM_BODY_MAX_BYTES + 1, "/api/orders")).toMatchObject({
      status: 413,
    });
  });

  it("gives /api/ 1 MB whatever the type, and multipart only to a declared upload (issue 37)", () => {
    const multipart = "multipart/form-data; boundary=x";
    const api = (type: string, length: number | null, uploadMaxBytes: number | null = null) =>
      checkRequestBody({
        pathname: "/api/orders",
        contentType: type,
        contentLength: length,
        chunked: length === null,
        uploadMaxBytes,
      });
    expect(api(multipart, 2)).toMatchObject({ ok: false, status: 415 });
    expect(api(multipart, null)).toMatchObject({ ok: false, status: 415 });
    expect(api("text/plain", null)).toEqual({ ok: true, maxBytes: FORM_BODY_MAX_BYTES });
    expect(api("text/plain", FORM_BODY_MAX_BYTES + 1)).toMatchObject({ status: 413 });
    expect(api(multipart, 6_000_000, 6_000_000)).toEqual({ ok: true, maxBytes: 6_000_000 });
    expect(api(multipart, 6_000_001, 6_000_000)).toMatchObject({ status: 413 });
    // The upload's ceiling is for its multipart body only.
    expect(api("application/json", null, 6_000_000)).toEqual({
      ok: true,
      maxBytes: FORM_BODY_MAX_BYTES,
    });
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
