/**
 * `npm run bench:lighthouse`: what a shopper's phone gets from the storefront. Starts the built
 * server on a temporary demo store (bench-lib), prints the first-load set (HTML raw/gzip, JS and
 * CSS gzip) of `/`, `/catalog`, a product page, `/cart` and `/checkout` (the last two with one
 * perfume in the cart), then runs Lighthouse 12 (mobile, default throttling) against the system
 * Chromium on `/`, `/catalog` and the product page. `--sizes-only` skips Lighthouse;
 * LIGHTHOUSE_RUNS=<n> (default 3) runs each page n times and prints the median run, as
 * Lighthouse's own docs advise for a noisy machine; LIGHTHOUSE_REPORTS=<dir> keeps each page's
 * median report (JSON) there.
 */
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { kb, measurePage, startServer, tempDataDir } from "./bench-lib";

const port = Number(process.env.BENCH_PORT ?? 4393);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const sizesOnly = process.argv.includes("--sizes-only");
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

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

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

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
      console.log(`\nLighthouse mobile (default throttling), the median of ${runs} runs a page`);
      console.log(
        "page | performance | accessibility | best practices | SEO | FCP | LCP | SI | TBT | CLS",
      );
      for (const pathname of ["/", "/catalog", productPath]) {
        // A shop's server is warm: the first render after start-up is not what shoppers get.
        await fetch(`${server.base}${pathname}`);
        const reports: Report[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(`${server.base}${pathname}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
          if (result.lhr.runtimeError) {
            console.log(`  run ${run + 1} failed: ${result.lhr.runtimeError.message}`);
            continue;
          }
          reports.push(result.lhr);
        }
        if (reports.length === 0) throw new Error(`every Lighthouse run of ${pathname} failed`);
        // Typed with Lighthouse's global `LH` namespace, which this project does not load.
        const lhr = computeMedianRun(reports as never) as unknown as Report;
        const { categories, audits } = lhr;
        if (reportsDir) {
          fs.mkdirSync(reportsDir, { recursive: true });
          const name = pathname.replace(/[^a-z0-9]+/gi, "_") || "_";
          fs.writeFileSync(`${reportsDir}/${name}.json`, JSON.stringify(lhr));
        }
        const seconds = (id: string) => `${((audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
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
            seconds("first-contentful-paint"),
            seconds("largest-contentful-paint"),
            seconds("speed-index"),
            `${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
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
