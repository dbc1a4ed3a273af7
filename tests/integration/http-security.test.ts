import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routesWithActions, startServer } from "../setup/http-server";

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("cross-origin POSTs (OWASP ASVS 5.0 §3.5.1)", () => {
  const routes = routesWithActions();

  it("finds the routes with actions in the build's manifest", () => {
    const urls = routes.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(["/login", "/register", "/logout", "/theme"]));
  });

  it.each(routes)("refuses a cross-site POST to $url ($id) with 403", async ({ url }) => {
    const response = await fetch(server.baseUrl + url, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "email=a%40b.hn&password=12345678",
    });
    expect(response.status).toBe(403);
  });

  it("refuses a POST with a foreign Origin and no Sec-Fetch-Site", async () => {
    const response = await fetch(`${server.baseUrl}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "http://192.0.2.1" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses a POST that carries neither header", async () => {
    const response = await fetch(`${server.baseUrl}/logout`, {
      method: "POST",
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("accepts the same POST from our own origin", async () => {
    const response = await fetch(`${server.baseUrl}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("assets", () => {
  it("inlines the Tailwind v4 stylesheet built by the classic compiler, allowed by its CSP hash", async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const html = await response.text();
    const css = /<style id="app-styles">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(css).toContain(".bg-canvas"); // a utility only Tailwind's scan of app/ generates
    expect(css).not.toContain("@tailwind");
    expect(css).not.toContain('@import "tailwindcss"');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const hash = crypto.createHash("sha256").update(css!).digest("base64");
    const styleSrc = /style-src ([^;]+)/.exec(
      response.headers.get("content-security-policy")!,
    )?.[1];
    expect(styleSrc).toBe(`'self' 'sha256-${hash}'`);
  });
});

describe("response headers", () => {
  it("sends an enforced CSP whose nonce changes per response and is on every script", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.baseUrl}/login`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(response.headers.get("content-security-policy-report-only")).toBeNull();
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("marks account and admin pages no-store and sends nosniff and a referrer policy", async () => {
    const login = await fetch(`${server.baseUrl}/login`);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    expect(login.headers.get("x-content-type-options")).toBe("nosniff");
    expect(login.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const adminLogin = await fetch(`${server.baseUrl}/admin-access`);
    expect(adminLogin.headers.get("cache-control")).toBe("private, no-store");
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
  });
});
