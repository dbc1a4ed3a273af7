import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaintenanceMode, updateSettings } from "~/models/settings/settings.server";
import { startServer } from "../setup/http-server";

/*
 * D35's maintenance screen, over real HTTP against the built server: a static document sent by
 * app/entry.server.tsx, so that its code is in no page's JavaScript (issue 11). The e2e specs
 * (isolated-store, admin-settings) click through its hidden door in a browser.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
  await updateSettings({ contactEmail: "urgente@perfumeria.hn", contactPhone: "+504 2244-5566" });
  await setMaintenanceMode(true);
});
afterAll(async () => {
  await setMaintenanceMode(false);
  await server?.stop();
});

async function visit(path: string) {
  const response = await fetch(server.baseUrl + path, { redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("the maintenance page", () => {
  it("answers 503 with Retry-After, the spec's texts and the store's contact", async () => {
    const page = await visit("/catalog?brand=3&sort=price-low");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("600");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(page.html).toContain("Sitio en Mantenimiento");
    expect(page.html).toContain("Necesitas ayuda urgente? Contáctanos:");
    expect(page.html).toContain('href="mailto:urgente@perfumeria.hn"');
    expect(page.html).toContain("+504 2244-5566");
    // "Intentar de Nuevo" reloads the same URL, its query string included, with or without JS.
    expect(page.html).toContain('<form method="get" action="/catalog"');
    expect(page.html).toContain('<input type="hidden" name="brand" value="3"/>');
    expect(page.html).toContain('<input type="hidden" name="sort" value="price-low"/>');
  });

  it("carries the store's stylesheet (inline, allowed by its hash) and none of the app's scripts", async () => {
    const { html, headers } = await visit("/");
    const css = /<style id="app-styles">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(css).toContain(".bg-canvas");
    const hash = crypto.createHash("sha256").update(css!).digest("base64");
    expect(headers.get("content-security-policy")).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(html.match(/\/build\/[^"]*\.js/g)).toBeNull();
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("__remixContext");
  });

  it("opens the admins' door with one inline script, allowed by this response's nonce", async () => {
    const first = await visit("/");
    const second = await visit("/");
    const scripts = [...first.html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const [, nonce, code] = scripts[0];
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(code).toContain('getElementById("admin-access")');
    expect(code).toContain('location.assign("/admin-access")');
    expect(first.html).toContain('id="admin-access"');
    // A nonce is never reused across responses.
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
  });

  it("leaves the admin sign-in open", async () => {
    expect((await visit("/admin-access")).status).toBe(200);
  });
});

describe("resource routes in maintenance mode", () => {
  const estimate = "/resources/delivery-estimate?producto=sauvage&departamento=Yoro";

  it("a delivery estimate asked directly answers 503 with Retry-After and no estimate", async () => {
    const response = await fetch(server.baseUrl + estimate);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("600");
    expect(await response.json()).toEqual({ estimate: null });
  });

  it("a fetcher's load reloads the page it ran on (which shows the maintenance screen), not the JSON", async () => {
    const fetcherLoad = (referer?: string) =>
      fetch(`${server.baseUrl}${estimate}&_data=routes%2Fresources.delivery-estimate`, {
        headers: referer ? { Referer: referer } : {},
        redirect: "manual",
      });
    const fromProduct = await fetcherLoad(`${server.baseUrl}/product/sauvage?departamento=Cortés`);
    expect(fromProduct.status).toBe(204);
    expect(fromProduct.headers.get("x-remix-redirect")).toBe(
      "/product/sauvage?departamento=Cort%C3%A9s",
    );
    expect(fromProduct.headers.get("x-remix-reload-document")).toBe("true");
    // Another site's page, or none: the home page.
    for (const referer of ["https://evil.example/product/sauvage", undefined]) {
      const response = await fetcherLoad(referer);
      expect(response.headers.get("x-remix-redirect")).toBe("/");
    }
  });
});
