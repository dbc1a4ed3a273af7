import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { startServer } from "../setup/http-server";

/*
 * Decision 098 over real HTTP: `Save-Data: on`, or the 'Modo ligero' cookie, changes the HTML
 * (the smallest picture, the related ones on tap), the page says it varies on the header, and
 * the cookie chosen off wins over the header.
 */
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const KEY = "0123456789abcdef";
const RELATED_KEY = "fedcba9876543210";

/** A product with a picture, and another of its brand shown under it as related. */
async function productWithRelated() {
  const product = await createProduct(db, { images: JSON.stringify([KEY]) });
  await createProduct(db, { brandId: product.brandId, images: JSON.stringify([RELATED_KEY]) });
  return product;
}

async function productPage(slug: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/product/${slug}`, { headers });
  return { response, html: await response.text() };
}

describe("Save-Data and 'Modo ligero' (decision 098)", () => {
  it("draw the smallest pictures, the rest on tap, and vary on Save-Data", async () => {
    const product = await productWithRelated();
    const plain = await productPage(product.slug);
    expect(plain.response.headers.get("Vary")).toContain("Save-Data");
    expect(plain.html).toContain(`${KEY}-640.webp 640w`);
    expect(plain.html).not.toContain("Ver imagen");

    const light = await productPage(product.slug, { "Save-Data": "on" });
    expect(light.response.headers.get("Vary")).toContain("Save-Data");
    expect(light.html).toContain(`/images/products/${KEY}-160.webp`);
    expect(light.html).not.toContain(`${KEY}-640.webp 640w`);
    // The related perfumes below the fold wait for a tap: a link to the smallest file.
    expect(light.html).toMatch(
      new RegExp(`<a href="/images/products/${RELATED_KEY}-160.webp"[^>]*>Ver imagen`),
    );
    expect(light.html).not.toContain(`${RELATED_KEY}-320.webp`);
    expect(light.html).toContain("Desactivar modo ligero");
  });

  it("follow the shopper's cookie, set by a form post, over the header", async () => {
    const product = await createProduct(db, { images: JSON.stringify([KEY]) });
    const toggle = async (lite: "on" | "off") => {
      const response = await fetch(`${server.baseUrl}/lite-mode`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ lite, redirectTo: `/product/${product.slug}` }),
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/product/${product.slug}`);
      return response.headers.get("Set-Cookie")!.split(";")[0]!;
    };
    const on = await productPage(product.slug, { Cookie: await toggle("on") });
    expect(on.html).toContain(`${KEY}-160.webp`);
    expect(on.html).not.toContain(`${KEY}-640.webp 640w`);
    const off = await productPage(product.slug, {
      Cookie: await toggle("off"),
      "Save-Data": "on",
    });
    expect(off.html).toContain(`${KEY}-640.webp 640w`);
    expect(off.html).toContain("Activar modo ligero");
  });
});
