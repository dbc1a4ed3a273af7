import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../seed/factories/catalog";
import { startServer } from "../setup/http-server";

/* sitemap.xml and robots.txt (issue 10): what a crawler is shown, from the request's origin. */

const ORIGIN = "https://perfumeria.example";

async function sitemap() {
  const response = await sitemapLoader({
    request: new Request(`${ORIGIN}/sitemap.xml`),
    params: {},
    context: {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
  return { xml, locations };
}

describe("sitemap.xml", () => {
  it("lists home, catalogue, content pages, active products and active brands, absolute", async () => {
    const brand = await createBrand(db);
    const hiddenBrand = await createBrand(db, { isActive: 0 });
    const product = await createProduct(db, { brandId: brand.id });
    const hidden = await createProduct(db, { brandId: brand.id, isActive: 0 });

    const { xml, locations } = await sitemap();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/catalog`,
        `${ORIGIN}/returns`,
        `${ORIGIN}/faq`,
        `${ORIGIN}/authenticity`,
        `${ORIGIN}/terms`,
        `${ORIGIN}/privacy`,
        `${ORIGIN}/cookies`,
        `${ORIGIN}/contact`,
        `${ORIGIN}/track-order`,
        `${ORIGIN}/product/${product.slug}`,
        `${ORIGIN}/catalog?brandId=${brand.id}`,
      ]),
    );
    expect(locations).not.toContain(`${ORIGIN}/product/${hidden.slug}`);
    expect(locations).not.toContain(`${ORIGIN}/catalog?brandId=${hiddenBrand.id}`);
    expect(new Set(locations).size).toBe(locations.length);
    expect(xml).toContain(
      `<loc>${ORIGIN}/product/${product.slug}</loc><lastmod>${product.updatedAt.slice(0, 10)}</lastmod>`,
    );
  });

  it("follows the origin the request came to", async () => {
    const response = await sitemapLoader({
      request: new Request("http://localhost:3000/sitemap.xml"),
      params: {},
      context: {},
    });
    const xml = await response.text();
    expect(xml).toContain("<loc>http://localhost:3000/catalog</loc>");
    expect(xml).not.toContain(ORIGIN);
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of the private areas and points to the sitemap", async () => {
    const response = robotsLoader({
      request: new Request(`${ORIGIN}/robots.txt`),
      params: {},
      context: {},
    });
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    const lines = (await response.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of [
      "/admin",
      "/account",
      "/profile",
      "/checkout",
      "/cart",
      "/orders",
      "/notifications",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("through the built server", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("answers /sitemap.xml and /robots.txt at the root, from its own origin", async () => {
    const map = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(map.status).toBe(200);
    expect(map.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(await map.text()).toContain(`<loc>${server.baseUrl}/catalog</loc>`);

    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });
});
