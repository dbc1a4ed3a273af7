/**
 * `npm run bench:lighthouse`: what a shopper's phone gets from the storefront. Starts the built
 * server on a temporary demo store (bench-lib), prints the first-load set (HTML raw/gzip, JS and
 * CSS gzip) of `/`, `/catalog`, a product page, `/cart` and `/checkout` (the last two with one
 * perfume in the cart), then runs Lighthouse 12 (mobile, default throttling) against the system
 * Chromium on `/`, `/catalog` and the product page. `--sizes-only` skips Lighthouse.
 */
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { kb, measurePage, startServer, tempDataDir } from "./bench-lib";

const port = Number(process.env.BENCH_PORT ?? 4393);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const sizesOnly = process.argv.includes("--sizes-only");

/** The first product linked from the catalogue, and a guest session with it in the cart. */
async function productAndCart(base: string) {
  const catalog = await (await fetch(`${base}/catalog`)).text();
  const slug = catalog.match(/href="\/product\/([^"?#]+)"/)?.[1];
  if (!slug) throw new Error("the catalogue links no product");
  const product = await (await fetch(`${base}/product/${slug}`)).text();
  const productId = product.match(/name="productId" value="(\d+)"/)?.[1];
  if (!productId) throw new Error(`/product/${slug} has no add-to-cart form`);
  const add = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId, quantity: "1" }),
  });
  const cookie = add.headers
    .getSetCookie()
    .find((value) => value.startsWith("perfumeria_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error("adding to the cart set no session cookie");
  return { productPath: `/product/${slug}`, cookie };
}

const score = (value: number | null | undefined) =>
  value == null ? "—" : String(Math.round(value * 100));

async function main() {
  const dataDir = tempDataDir();
  const server = await startServer(dataDir, port);
  try {
    const { productPath, cookie } = await productAndCart(server.base);
    const pages: Array<[string, HeadersInit]> = [
      ["/", {}],
      ["/catalog", {}],
      [productPath, {}],
      ["/cart", { Cookie: cookie }],
      ["/checkout", { Cookie: cookie }],
    ];
    console.log("page | HTML raw | HTML gzip | JS gzip as sent (files) | JS brotli | CSS gzip");
    for (const [pathname, headers] of pages) {
      const page = await measurePage(server.base, pathname, headers);
      console.log(
        `${pathname} | ${kb(page.htmlRaw)} | ${kb(page.htmlGzip)} | ${kb(page.js)} (${page.jsFiles})` +
          ` | ${kb(page.jsBrotli)} | ${kb(page.css)}`,
      );
    }
    if (sizesOnly) return;

    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox"],
    });
    try {
      console.log("\nLighthouse mobile (default throttling)");
      console.log("page | performance | accessibility | best practices | SEO | TBT | LCP | CLS");
      for (const pathname of ["/", "/catalog", productPath]) {
        const result = await lighthouse(`${server.base}${pathname}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
        const { categories, audits } = result.lhr;
        const failed = Object.values(audits).filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode === "binary" &&
            !audit.id.startsWith("uses-"),
        );
        console.log(
          [
            pathname,
            score(categories.performance?.score),
            score(categories.accessibility?.score),
            score(categories["best-practices"]?.score),
            score(categories.seo?.score),
            `${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
            `${((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000).toFixed(2)} s`,
            (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
          ].join(" | "),
        );
        for (const audit of failed) console.log(`  failed: ${audit.id} (${audit.title})`);
      }
    } finally {
      chrome.kill();
    }
  } finally {
    server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
