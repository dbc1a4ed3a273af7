/**
 * `npm run bench:catalog`: the catalogue with 10,000 products. Fills a temporary store (the
 * demo seed plus generated variants of its perfumes), starts the built server on it and
 * reports, for /catalog with no filter, a brand filter and a two-word search: the server
 * time per request (median and p95 over 200 sequential requests), the HTML (raw and gzip)
 * and the client JS and CSS the page loads (gzip), against the issue's targets.
 */
import fs from "node:fs";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { createRandom } from "../db/seed-data/random";
import { seed } from "../db/seed";
import type { NewProduct } from "../db/types";
import { kb, measurePage, startServer, tempDataDir, timeRequests } from "./bench-lib";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const port = Number(process.env.BENCH_PORT ?? 4391);
const TARGETS = { p95Ms: 50, htmlGzipKb: 40, cssGzipKb: 20 };

const VARIANTS = [
  "Intense",
  "Noir",
  "Absolu",
  "Elixir",
  "Sport",
  "Extrême",
  "Privé",
  "Nuit",
  "Aqua",
  "Oud",
  "Blanc",
  "Édition Limitada",
  "Eau Fraîche",
  "Parfum",
  "Cologne",
  "Velours",
];

async function fillStore(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    await migrateToLatest(db);
    await seed(db, { dataDir, adminEmail: "admin@perfumeria.hn", adminPassword: "bench-1234" });
    const templates = await db.selectFrom("products").selectAll().execute();
    const random = createRandom("bench-catalog");
    const rows: NewProduct[] = [];
    for (let i = 0; rows.length + templates.length < PRODUCTS; i++) {
      const { id: _id, ...template } = templates[i % templates.length];
      const variant = VARIANTS[Math.floor(i / templates.length) % VARIANTS.length];
      const edition = Math.floor(i / (templates.length * VARIANTS.length)) + 1;
      const price = Math.round((template.price * random.int(70, 140)) / 100 / 100) * 100;
      rows.push({
        ...template,
        name: `${template.name} ${variant}${edition > 1 ? ` ${edition}` : ""}`.slice(0, 200),
        slug: `${template.slug}-bench-${i}`,
        price,
        originalPrice: random.chance(0.15) ? Math.round(price * 1.25) : null,
        stock: random.chance(0.1) ? 0 : random.int(1, 40),
        isActive: random.chance(0.02) ? 0 : 1,
        isNew: random.chance(0.05) ? 1 : 0,
        isViral: random.chance(0.05) ? 1 : 0,
        salesCount: random.int(0, 500),
        averageRating: random.int(0, 50) / 10,
        reviewCount: random.int(0, 80),
        createdAt: new Date(Date.now() - random.int(0, 730) * 86_400_000).toISOString(),
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto("products")
          .values(rows.slice(start, start + 500))
          .execute();
      }
    });
    return await describeStore(db);
  } finally {
    await db.destroy();
  }
}

async function readStore(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    return await describeStore(db);
  } finally {
    await db.destroy();
  }
}

async function describeStore(db: ReturnType<typeof createDb>) {
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
  const filled = keep && fs.existsSync(databasePath(keep));
  if (!filled) console.log(`Filling a temporary store with ${PRODUCTS} products…`);
  const store = filled ? await readStore(dataDir) : await fillStore(dataDir);
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
