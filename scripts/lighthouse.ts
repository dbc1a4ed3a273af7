/**
 * `npm run bench:lighthouse`: what a shopper's phone gets from the storefront. Starts the built
 * server on a temporary demo store (bench-lib), prints the first-load set (HTML raw/gzip, JS and
 * CSS gzip) of `/`, `/catalog`, a product page, `/cart` and `/checkout` (the last two with one
 * perfume in the cart), then runs Lighthouse 12 (mobile, default throttling) against the system
 * Chromium on `/`, `/catalog` and the product page. `--sizes-only` skips Lighthouse;
 * LIGHTHOUSE_RUNS=<n> (default 5, issue 23) runs each page n times and prints the median run, as
 * Lighthouse's own docs advise for a noisy machine; LIGHTHOUSE_REPORTS=<dir> keeps each page's
 * median report (JSON) there. With each page it prints the forced reflows of the page's own
 * scripts (`ownForcedReflowMs`, decision 111) and the machine's load average.
 */
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { kb, measurePage, startServer, tempDataDir } from "./bench-lib";

const port = Number(process.env.BENCH_PORT ?? 4393);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const sizesOnly = process.argv.includes("--sizes-only");
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

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

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
};

/** Script running on a thread, as Chrome's trace names it (the trace engine's own list). */
const isScript = (event: TraceEvent) =>
  /^(RunMicrotasks|FunctionCall|EvaluateScript|EventDispatch|v8\.|V8\.)/.test(event.name);

/**
 * Milliseconds of style and layout that the page's own scripts forced, summed over the tasks
 * where they came to 30 ms or more (the threshold of Lighthouse's 'Forced reflow' insight).
 * Decision 111: that insight stacks the events of every thread and process of the trace, so
 * the page's first layout, running while Chrome's own WebUI renderer runs script, shows there
 * as an '[unattributed]' forced reflow; here only script on the page's own main thread counts.
 */
function ownForcedReflowMs(traceEvents: TraceEvent[]) {
  const start = traceEvents
    .filter(
      (event) =>
        event.name === "navigationStart" &&
        event.args?.data?.isLoadingMainFrame &&
        event.args.data.documentLoaderURL?.startsWith("http"),
    )
    .at(-1);
  if (!start) return null;
  const events = traceEvents
    .filter(
      (event) =>
        event.ph === "X" &&
        event.pid === start.pid &&
        event.tid === start.tid &&
        event.ts >= start.ts,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  let total = 0;
  let inTask = 0;
  for (const event of events) {
    while (
      stack.length &&
      event.ts >= stack[stack.length - 1].ts + (stack[stack.length - 1].dur ?? 0)
    ) {
      stack.pop();
    }
    if (event.name === "RunTask" && stack.length === 0) {
      if (inTask >= 30_000) total += inTask;
      inTask = 0;
    }
    if ((event.name === "Layout" || event.name === "UpdateLayoutTree") && stack.some(isScript)) {
      inTask += event.dur ?? 0;
    }
    stack.push(event);
  }
  if (inTask >= 30_000) total += inTask;
  return Math.round(total / 1000);
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
      console.log(`\nLighthouse mobile (default throttling), the median of ${runs} runs a page`);
      console.log(
        "page | performance | accessibility | best practices | SEO | FCP | LCP | SI | TBT | CLS",
      );
      for (const pathname of ["/", "/catalog", productPath]) {
        // A shop's server is warm: the first render after start-up is not what shoppers get.
        await fetch(`${server.base}${pathname}`);
        const reports: Report[] = [];
        const reflows = new Map<Report, number | null>();
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
          const { Trace } = result.artifacts as { Trace?: { traceEvents: TraceEvent[] } };
          reflows.set(result.lhr, Trace ? ownForcedReflowMs(Trace.traceEvents) : null);
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
        const insight = audits["forced-reflow-insight"]?.details as
          { items?: Array<{ items?: Array<{ reflowTime?: number }> }> } | undefined;
        const reported = (insight?.items?.[0]?.items ?? []).reduce(
          (sum, item) => sum + (item.reflowTime ?? 0),
          0,
        );
        console.log(
          `  forced reflow by the page's scripts: ${reflows.get(reports.find((r) => r.fetchTime === lhr.fetchTime) ?? reports[0]) ?? "—"} ms` +
            ` (Lighthouse's insight, every process: ${Math.round(reported)} ms)` +
            ` · load average ${os
              .loadavg()
              .map((load) => load.toFixed(2))
              .join(" ")}`,
        );
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
