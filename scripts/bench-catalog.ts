/**
 * `npm run bench:catalog`: the catalogue with 10,000 products. Fills a temporary store (the
 * demo seed plus generated variants of its perfumes), starts the built server on it and
 * reports, for /catalog with no filter, a brand filter and a two-word search: the server
 * time per request (median and p95 over 200 sequential requests), the HTML (raw and gzip)
 * and the client JS and CSS the page loads (gzip), against the targets.
 */
import fs from "node:fs";
import type { DB } from "../db/connection";
import { kb, measurePage, startServer, tempDataDir, timeRequests } from "./bench-lib";
import { openBenchStore } from "./bench-store";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 4391);
const TARGETS = { p95Ms: 50, htmlGzipKb: 40, cssGzipKb: 20 };

async function describeStore(db: DB) {
  const count = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const kenzo = await db
    .selectFrom("brands")
    .select("id")
    .where("name", "=", "Kenzo")
    .executeTakeFirstOrThrow();
  return { products: Number(count.n), kenzoId: kenzo.id };
}

// BENCH_DATA_DIR keeps the filled store between runs (while tuning); by default it is temporary.
const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? tempDataDir();
let stop = () => {};
try {
  const db = await openBenchStore(dataDir, { products: PRODUCTS });
  const store = await describeStore(db).finally(() => db.destroy());
  const server = await startServer(dataDir, port);
  stop = server.stop;

  const cases = [
    { label: "no filter", path: "/catalog" },
    { label: "brand filter (Kenzo)", path: `/catalog?brandId=${store.kenzoId}` },
    { label: 'two-word search "kenzo flor"', path: "/catalog?search=kenzo+flor" },
    {
      label: 'broad search "rosa vainilla", by price',
      path: "/catalog?search=rosa+vainilla&sortBy=price-low",
    },
    { label: "last page, rating sort", path: "/catalog?sortBy=rating&page=9999" },
  ];

  console.log(`\n/catalog with ${store.products} products, ${REQUESTS} sequential requests each\n`);
  let failures = 0;
  const check = (ok: boolean) => {
    if (!ok) failures++;
    return ok ? "ok" : "OVER TARGET";
  };
  for (const [index, entry] of cases.entries()) {
    // Warm-up: the first request pays for module loading and SQLite's page cache.
    for (let i = 0; i < 5; i++) await (await fetch(server.base + entry.path)).text();
    const page = await measurePage(server.base, entry.path);
    const time = await timeRequests(server.base + entry.path, REQUESTS);
    const core = index < 3;
    console.log(`${entry.label}  ${entry.path}`);
    console.log(
      `  server time: median ${time.median.toFixed(1)} ms, p95 ${time.p95.toFixed(1)} ms` +
        (core ? `  [p95 < ${TARGETS.p95Ms} ms: ${check(time.p95 < TARGETS.p95Ms)}]` : ""),
    );
    console.log(
      `  HTML: ${kb(page.htmlRaw)} raw, ${kb(page.htmlGzip)} gzip` +
        (core
          ? `  [< ${TARGETS.htmlGzipKb} KB: ${check(page.htmlGzip < TARGETS.htmlGzipKb * 1024)}]`
          : ""),
    );
    if (index === 0) {
      console.log(`  client JS (gzip, ${page.jsFiles} files): ${kb(page.js)}`);
      console.log(
        `  CSS (gzip): ${kb(page.css)}  [< ${TARGETS.cssGzipKb} KB: ${check(page.css < TARGETS.cssGzipKb * 1024)}]`,
      );
    }
  }
  console.log(failures ? `\n${failures} figure(s) over target.` : "\nEvery figure within target.");
  process.exitCode = failures ? 1 : 0;
} finally {
  stop();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
