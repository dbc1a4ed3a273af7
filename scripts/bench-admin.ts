/**
 * `npm run bench:admin`: the back office over a busy store. Fills a temporary store (the demo
 * seed plus generated products up to 10,000, 1,000 customers and 5,000 orders), starts the
 * built server on it, signs in as the administrator and reports for every admin page of the
 * build's route manifest (and the filtered lists the dashboard links to): the server time per
 * request (median and p95 over N sequential requests), the HTML (raw and gzip), and the page's
 * JS (gzip) as the build manifest lists it, against the 100 KB gzip target.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { createRandom } from "../db/seed-data/random";
import { seed } from "../db/seed";
import type { NewOrder, NewOrderItem, NewProduct, NewUser, OrderStatus } from "../db/types";
import { formatOrderNumber } from "../app/models/order-number";
import { kb, measurePage, root, startServer, tempDataDir, timeRequests } from "./bench-lib";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const ADMIN = { email: "admin@perfumeria.hn", password: "bench-admin-1234" };
const TARGETS = { jsGzipKb: 100 };

const STATUSES: OrderStatus[] = [
  "pending",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "delivered",
  "delivered",
  "cancelled",
  "denied",
];

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500)
    await insert(rows.slice(start, start + 500));
}

async function fillStore(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    await migrateToLatest(db);
    await seed(db, { dataDir, adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    const random = createRandom("bench-admin");
    const templates = await db.selectFrom("products").selectAll().execute();

    const products: NewProduct[] = [];
    for (let i = 0; products.length + templates.length < PRODUCTS; i++) {
      const { id: _id, ...template } = templates[i % templates.length];
      products.push({
        ...template,
        name: `${template.name} Edición ${i + 1}`.slice(0, 200),
        slug: `${template.slug}-bench-${i}`,
        price: Math.round((template.price * random.int(70, 140)) / 100 / 100) * 100,
        stock: random.chance(0.1) ? 0 : random.int(1, 40),
        isActive: random.chance(0.03) ? 0 : 1,
      });
    }
    const customers: NewUser[] = Array.from({ length: CUSTOMERS }, (_, i) => ({
      email: `cliente-bench-${i}@example.com`,
      firstName: `Cliente${i}`,
      lastName: "Bench",
    }));
    await db.transaction().execute(async (trx) => {
      await insertInBatches(products, (batch) =>
        trx.insertInto("products").values(batch).execute(),
      );
      await insertInBatches(customers, (batch) => trx.insertInto("users").values(batch).execute());
    });

    const catalogue = await db
      .selectFrom("products")
      .select(["id", "name", "price", "size", "images"])
      .execute();
    const users = await db.selectFrom("users").select(["id", "email", "firstName"]).execute();
    const orders: NewOrder[] = [];
    const items: NewOrderItem[] = [];
    const now = Date.now();
    for (let i = 0; i < ORDERS; i++) {
      const created = new Date(now - random.int(0, 365 * 86_400) * 1000);
      const user = random.chance(0.2) ? null : random.pick(users);
      const lines = Array.from({ length: random.int(1, 4) }, () => ({
        product: random.pick(catalogue),
        quantity: random.int(1, 3),
      }));
      const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
      const shippingCost = subtotal >= 200_000 ? 0 : 15_000;
      const tax = Math.round(subtotal * 0.15);
      const id = crypto.randomUUID();
      const status = random.pick(STATUSES);
      const paymentMethod = random.chance(0.7) ? "bank_transfer" : "cash_on_delivery";
      const shippingMethod = random.pick(["standard", "standard", "express", "pickup"] as const);
      orders.push({
        id,
        userId: user?.id ?? null,
        orderNumber: formatOrderNumber(created, 1000 + i),
        status,
        paymentMethod,
        shippingMethod,
        subtotal,
        shippingCost,
        tax,
        total: subtotal + shippingCost + tax,
        customerName: `${user?.firstName ?? "Invitado"} Bench`,
        customerEmail: user?.email ?? `invitado-${i}@example.com`,
        customerPhone: "+504 9999-0000",
        shippingAddress: "Colonia Palmira, Calle 3, casa 12",
        shippingCity: random.chance(0.5) ? "Tegucigalpa" : "San Pedro Sula",
        shippingZone: "Francisco Morazán",
        paymentProof:
          paymentMethod === "bank_transfer" ? `/resources/payment-proofs/bench-${i}` : null,
        createdAt: created.toISOString(),
        updatedAt: created.toISOString(),
      });
      for (const line of lines) {
        items.push({
          orderId: id,
          productId: line.product.id,
          size: line.product.size,
          quantity: line.quantity,
          price: line.product.price,
          productName: line.product.name,
          productImage: null,
          createdAt: created.toISOString(),
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertInBatches(orders, (batch) => trx.insertInto("orders").values(batch).execute());
      await insertInBatches(items, (batch) => trx.insertInto("orderItems").values(batch).execute());
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
  const count = async (table: "products" | "orders" | "users") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // One of each for the pages whose URL has a parameter: the latest order has a proof.
  const first = async (
    table: "products" | "brands" | "orders" | "reviews" | "promoCodes" | "messages" | "users",
  ) =>
    String(
      (
        await db
          .selectFrom(table)
          .select("id")
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const params: Record<string, string> = {
    productId: await first("products"),
    brandId: await first("brands"),
    reviewId: await first("reviews"),
    promoCodeId: await first("promoCodes"),
    messageId: await first("messages"),
    tab: "contact",
    userId: await first("users"),
    pageKey: "terms",
    orderId: (
      await db
        .selectFrom("orders")
        .select("id")
        .where("paymentProof", "is not", null)
        .orderBy("createdAt", "desc")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id,
  };
  return { products: await count("products"), orders: await count("orders"), params };
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

function readManifest(): Manifest {
  const dir = path.join(root, "public", "build");
  const file = fs.readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client manifest: run `npm run build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** The admin pages of the build (routes under the admin layout), parameters filled in. */
function adminPages(manifest: Manifest, params: Record<string, string>) {
  const urlOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    const own = route.path ?? "";
    return [parent ? urlOf(parent) : "", own].filter(Boolean).join("/");
  };
  const underAdmin = (route: ManifestRoute): boolean =>
    route.parentId === "routes/admin" ||
    (route.parentId !== undefined && underAdmin(manifest.routes[route.parentId]));
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes)
    .filter((route) => underAdmin(route) && !parents.has(route.id))
    .map((route) => ({
      id: route.id,
      url: `/${urlOf(route)}`.replace(/:(\w+)/g, (_, name: string) => {
        if (!params[name]) throw new Error(`No sample value for :${name}`);
        return encodeURIComponent(params[name]);
      }),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** The JS a first visit to the route downloads, gzip: the entry, and root → layout → page. */
function routeJsGzip(manifest: Manifest, id: string) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[id]; route;) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  let total = 0;
  for (const file of files) {
    total += gzipSync(fs.readFileSync(path.join(root, "public", file))).length;
  }
  return { bytes: total, files: files.size };
}

/** BENCH_PORT, or a port nobody listens on (a busy port would bench someone else's server). */
async function benchPort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** from/to of the last 365 days: every order the bench placed. */
function yearRange() {
  const day = (ms: number) => new Date(ms - 6 * 3600 * 1000).toISOString().slice(0, 10);
  return new URLSearchParams({ from: day(Date.now() - 366 * 86_400_000), to: day(Date.now()) });
}

async function signIn(base: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("perfumeria_session="));
  if (!cookie) {
    throw new Error(`admin sign-in failed: HTTP ${response.status} ${await response.text()}`);
  }
  return { Cookie: cookie.split(";")[0] };
}

// BENCH_DATA_DIR keeps the filled store between runs (while tuning); by default it is temporary.
const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? tempDataDir();
let stop = () => {};
try {
  const filled = keep && fs.existsSync(databasePath(keep));
  if (!filled) console.log(`Filling a temporary store: ${PRODUCTS} products, ${ORDERS} orders…`);
  const store = filled ? await readStore(dataDir) : await fillStore(dataDir);
  // start.mjs rebuilds a stale build, so the manifest is read once the server is up.
  const server = await startServer(dataDir, await benchPort());
  stop = server.stop;
  const manifest = readManifest();
  const headers = await signIn(server.base);

  const cases = [
    ...adminPages(manifest, store.params),
    { id: "routes/admin.orders", url: "/admin/orders?status=pending" },
    { id: "routes/admin.orders", url: "/admin/orders?search=bench&page=50" },
    { id: "routes/admin.products", url: "/admin/products?stock=low" },
    { id: "routes/admin.products", url: "/admin/products?search=noir&page=20" },
    // The analytics over the whole year of orders, and their CSV export.
    { id: "routes/admin.analytics", url: `/admin/analytics?${yearRange()}` },
    { id: "routes/admin.analytics_.export", url: `/admin/analytics/export?${yearRange()}` },
  ];

  console.log(
    `\nAdmin pages with ${store.products} products and ${store.orders} orders, ` +
      `${REQUESTS} sequential requests each\n`,
  );
  let failures = 0;
  for (const page of cases) {
    const check = await fetch(server.base + page.url, { headers, redirect: "manual" });
    await check.text();
    if (check.status !== 200) throw new Error(`${page.url}: HTTP ${check.status} for the admin`);
    // Warm-up: the first request pays for module loading and SQLite's page cache.
    for (let i = 0; i < 5; i++) await (await fetch(server.base + page.url, { headers })).text();
    const html = await measurePage(server.base, page.url, headers);
    const time = await timeRequests(server.base + page.url, REQUESTS, headers);
    const js = routeJsGzip(manifest, page.id);
    const jsOk = js.bytes <= TARGETS.jsGzipKb * 1024;
    if (!jsOk) failures++;
    console.log(`${page.url}  (${page.id})`);
    console.log(
      `  server time: median ${time.median.toFixed(1)} ms, p95 ${time.p95.toFixed(1)} ms`,
    );
    console.log(`  HTML: ${kb(html.htmlRaw)} raw, ${kb(html.htmlGzip)} gzip; CSS ${kb(html.css)}`);
    console.log(
      `  JS (gzip, build manifest, ${js.files} files): ${kb(js.bytes)}` +
        `  [≤ ${TARGETS.jsGzipKb} KB: ${jsOk ? "ok" : "OVER TARGET"}]` +
        `; loaded by the HTML: ${kb(html.js)} in ${html.jsFiles} files`,
    );
  }
  console.log(failures ? `\n${failures} page(s) over target.` : "\nEvery page within target.");
  process.exitCode = failures ? 1 : 0;
} finally {
  stop();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
