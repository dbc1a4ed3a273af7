/**
 * `npm run bench:servers`: issue 24's figures, the same shop on SQLite with one app server, on
 * PostgreSQL with one, and on PostgreSQL with two. Fills the bench store of bench:load (10,000
 * products, 5,000 orders; bench-store.ts), starts a throwaway PostgreSQL (scripts/postgres-server.ts),
 * copies the store into it with copyStore (as `npm run db:copy` does) and runs ANALYZE, as
 * autovacuum would within a minute of a real copy. Then, for each configuration in turn:
 * `/catalog` for a first-time visitor (no cookies) and for the signed-in demo customer with a
 * cart, under autocannon (BENCH_CONNECTIONS, 20, for BENCH_DURATION s, 10), and checkout orders
 * per second (BENCH_BUYERS buyers, 10, each placing BENCH_ORDERS_PER_BUYER orders, 20, with a
 * 200 KB proof: bench:checkout's loop). The buyers all buy one perfume, as in bench:checkout;
 * BENCH_PERFUMES=10 spreads them over ten, so one product row is no longer every order's.
 *
 * With two servers each is its own `npm start` on its own port and DATA_DIR, with the same
 * DATABASE_URL and SESSION_SECRET, as docs/deployment.md sets them up. The load is split evenly:
 * one autocannon per server at half the connections, started together; req/s are summed, and
 * p50/p99 are the worse server's (autocannon gives percentiles, not the histogram to merge);
 * each server's own figures are printed under the table. Buyer i uses server i mod 2. Proofs go
 * to each server's disk, not to a bucket, so that the three configurations differ only in the
 * database. WEB_CONCURRENCY (default 1) sets each server's workers, so that by default the
 * comparison is per process.
 *
 * This machine has 2 cores, shared with PostgreSQL, the load generator and whatever else runs:
 * two servers will not scale linearly here. The script measures and prints; it exits non-zero
 * on an error (a failed request or order, a server that does not start), never on a slow figure.
 * Environment: BENCH_PRODUCTS, BENCH_ORDERS, BENCH_DATA_DIR (keeps the SQLite store between
 * runs), BENCH_PORT (the servers get it and the next port), LOG_SLOW_QUERIES_MS (100).
 * `-- postgres-2 postgres sqlite` runs those configurations only, in that order.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createPostgresDb, type DB } from "../db/connection";
import { copyStore } from "../db/copy-store";
import {
  benchPort,
  buyer,
  placeOrders,
  proofImage,
  signedInCustomer,
  startServer,
  tempDataDir,
  underLoad,
  warmUp,
  type BenchProduct,
  type BenchServer,
  type LoadFigures,
} from "./bench-lib";
import { BENCH_STORE_SIZE, openBenchStore, perfumeToBuy } from "./bench-store";
import { startPostgres, type PostgresServer } from "./postgres-server";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
const ORDERS_PER_BUYER = Number(process.env.BENCH_ORDERS_PER_BUYER ?? 20);
const WORKERS = process.env.WEB_CONCURRENCY ?? "1";
// The signed-in customer's cart holds this perfume, as in bench:load.
const CART_SLUG = "chanel-bleu-de-chanel";
// How many perfumes the buyers spread over: 1, as bench:checkout, has every order take stock
// from one product row (a campaign's best seller); BENCH_PERFUMES=10 gives each buyer its own.
const PERFUMES = Number(process.env.BENCH_PERFUMES ?? 1);
// Shared by every server, as deployment.md asks: a session made on one is read by the other.
const SESSION_SECRET = crypto.randomBytes(32).toString("hex");
// Proof uploads are limited per address (30 in 10 minutes), and PostgreSQL's rate_limits outlive
// a configuration: every configuration of every run buys from addresses of its own.
const RUN = crypto.randomInt(256);

type Config = { key: string; name: string; servers: number; postgres: boolean };
const ALL_CONFIGS: Config[] = [
  { key: "sqlite", name: "SQLite, 1 server", servers: 1, postgres: false },
  { key: "postgres", name: "PostgreSQL, 1 server", servers: 1, postgres: true },
  { key: "postgres-2", name: "PostgreSQL, 2 servers", servers: 2, postgres: true },
];
// `-- postgres-2 postgres sqlite`: these configurations, in this order. The machine's load
// drifts during a run, so a second run in another order tells drift from a real difference.
const CONFIGS = process.argv.slice(2).map((key) => {
  const config = ALL_CONFIGS.find((c) => c.key === key);
  if (!config) throw new Error(`unknown configuration ${key}: ${ALL_CONFIGS.map((c) => c.key)}`);
  return config;
});
if (CONFIGS.length === 0) CONFIGS.push(...ALL_CONFIGS);

/** The figures of several servers under load at once: their sum, and the worse latency. */
type Combined = LoadFigures & { each: LoadFigures[] };

type Result = {
  config: Config;
  firstTime: Combined;
  signedIn: Combined;
  checkout: Awaited<ReturnType<typeof placeOrders>>;
  slowQueries: number;
  failedQueries: number;
};

/** `/catalog` on every server at once, CONNECTIONS split between them. */
async function catalogUnderLoad(bases: string[], headers: Record<string, string>) {
  for (const base of bases) await warmUp(`${base}/catalog`, headers);
  const each = await Promise.all(
    bases.map((base, i) =>
      underLoad(`${base}/catalog`, headers, {
        connections:
          Math.floor(CONNECTIONS / bases.length) + (i < CONNECTIONS % bases.length ? 1 : 0),
        duration: DURATION,
      }),
    ),
  );
  const sum = (key: keyof LoadFigures) => each.reduce((total, f) => total + f[key], 0);
  const worst = (key: keyof LoadFigures) => Math.max(...each.map((f) => f[key]));
  return {
    rps: sum("rps"),
    p50: worst("p50"),
    p99: worst("p99"),
    errors: sum("errors"),
    non2xx: sum("non2xx"),
    each,
  } satisfies Combined;
}

/**
 * Starts the configuration's servers one after the other (each migrates and checks the store
 * at start), counting the `[db]` slow-query and failed-query lines they print.
 */
async function startServers(config: Config, sqliteDir: string, scratch: string, pgUrl: string) {
  const counts = { slowQueries: 0, failedQueries: 0 };
  const onStderr = (text: string) => {
    counts.slowQueries += text.match(/\[db\] slow query/g)?.length ?? 0;
    counts.failedQueries += text.match(/\[db\] query failed/g)?.length ?? 0;
  };
  const servers: BenchServer[] = [];
  try {
    for (let i = 0; i < config.servers; i++) {
      // On PostgreSQL each server has a disk of its own (deployment.md); SQLite is the folder.
      const dataDir = config.postgres
        ? fs.mkdtempSync(path.join(scratch, `server-${i}-`))
        : sqliteDir;
      const env: Record<string, string> = { WEB_CONCURRENCY: WORKERS, SESSION_SECRET };
      if (config.postgres) env.DATABASE_URL = pgUrl;
      servers.push(await startServer(dataDir, await benchPort(i), { env, onStderr }));
    }
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
  return { servers, counts };
}

async function stopServers(servers: BenchServer[]) {
  for (const server of servers) server.stop();
  await Promise.all(servers.map((server) => server.exited));
}

async function measure(
  config: Config,
  index: number,
  setup: {
    sqliteDir: string;
    scratch: string;
    pgUrl: string;
    /** The signed-in customer's cart. */
    product: BenchProduct;
    /** What the buyers buy, buyer i perfume i mod length. */
    perfumes: BenchProduct[];
    proof: Buffer;
  },
): Promise<Result> {
  const { servers, counts } = await startServers(
    config,
    setup.sqliteDir,
    setup.scratch,
    setup.pgUrl,
  );
  running = servers;
  try {
    const bases = servers.map((server) => server.base);
    const customer = await signedInCustomer(bases[0], setup.product);
    // The session made through the first server must be the same customer on every other one.
    for (const base of bases.slice(1)) {
      const cart = await (await fetch(`${base}/cart`, { headers: customer })).text();
      if (!cart.includes(setup.product.slug)) {
        throw new Error(`${base}: the session made on ${bases[0]} shows no cart`);
      }
    }
    const firstTime = await catalogUnderLoad(bases, {});
    process.stdout.write(".");
    const signedIn = await catalogUnderLoad(bases, customer);
    process.stdout.write(".");
    const address = (n: number) => `10.${RUN}.${index}.${n}`;
    // A warm-up buyer per server: the checkout's modules, the proof's first re-encoding.
    await Promise.all(
      bases.map((base, i) => buyer(address(200 + i), base, setup.perfumes[0], setup.proof, 3)),
    );
    const checkout = await placeOrders({
      bases,
      products: setup.perfumes,
      proof: setup.proof,
      buyers: BUYERS,
      ordersPerBuyer: ORDERS_PER_BUYER,
      clientIp: (i) => address(i + 1),
    });
    process.stdout.write(".");
    return { config, firstTime, signedIn, checkout, ...counts };
  } finally {
    await stopServers(servers);
    running = [];
  }
}

const pad = (text: string, width: number) => text.padEnd(width);
const lpad = (text: string | number, width: number) => String(text).padStart(width);
const figures = (f: LoadFigures) =>
  `${lpad(f.rps.toFixed(0), 7)}${lpad(f.p50, 6)}${lpad(f.p99, 6)}`;
const pageErrors = (r: Result) =>
  r.firstTime.errors + r.firstTime.non2xx + r.signedIn.errors + r.signedIn.non2xx;
const failures = (r: Result) => pageErrors(r) + r.checkout.failures;

function printTable(results: Result[]) {
  console.log(
    `\n${pad("configuración / config", 24)}${pad(" /catalog first-time", 20)}` +
      `${pad(" /catalog signed-in", 20)}${lpad("pedidos/s", 10)}${lpad("checkout", 10)}` +
      `${lpad("errors", 15)}${lpad("slow q.", 9)}`,
  );
  console.log(
    `${pad("", 24)}${lpad("req/s", 7)}${lpad("p50", 6)}${lpad("p99", 6)} ` +
      `${lpad("req/s", 7)}${lpad("p50", 6)}${lpad("p99", 6)} ${lpad("orders/s", 10)}` +
      `${lpad("p50", 10)}${lpad("pages", 7)}${lpad("orders", 8)}`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.config.name, 24)}${figures(r.firstTime)} ${figures(r.signedIn)} ` +
        `${lpad(r.checkout.perSecond.toFixed(1), 10)}${lpad(`${r.checkout.p50.toFixed(0)} ms`, 10)}` +
        `${lpad(pageErrors(r), 7)}${lpad(`${r.checkout.failures}/${BUYERS * ORDERS_PER_BUYER}`, 8)}` +
        `${lpad(r.slowQueries, 9)}`,
    );
  }
  console.log(
    "(latencies in ms; with 2 servers req/s is the sum and p50/p99 the worse server's; orders/s" +
      " counts the orders placed, a failed one is a checkout post answered other than 302)",
  );
  for (const r of results.filter((result) => result.config.servers > 1)) {
    for (const [visitor, combined] of [
      ["first-time", r.firstTime],
      ["signed-in", r.signedIn],
    ] as const) {
      const each = combined.each
        .map((f, i) => `server ${i + 1}: ${f.rps.toFixed(0)} req/s, p50 ${f.p50}, p99 ${f.p99}`)
        .join("; ");
      console.log(`${r.config.name}, ${visitor}: ${each}`);
    }
  }
  for (const r of results.filter((result) => result.checkout.failures > 0)) {
    const statuses = Object.entries(r.checkout.failedWith).map(([s, n]) => `${n} × HTTP ${s}`);
    console.log(`${r.config.name}: failed orders answered ${statuses.join(", ")}`);
  }
  for (const r of results.filter((result) => result.failedQueries > 0)) {
    console.log(`${r.config.name}: ${r.failedQueries} "[db] query failed" line(s) above`);
  }
}

/**
 * A throwaway PostgreSQL server holding a copy of the store (`npm run db:copy`'s copyStore),
 * analysed as autovacuum would have done shortly after a real copy.
 */
async function copyToPostgres(from: DB) {
  // A folder of its own under the temp dir: as root, PostgreSQL runs as `postgres`, which
  // could not enter the root-only scratch folder.
  postgres = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
  const admin = createPostgresDb(postgres.url("postgres"));
  await sql`CREATE DATABASE store`.execute(admin);
  await admin.destroy();
  const to = createPostgresDb(postgres.url("store"), { slowQueryMs: 0, max: 2 });
  try {
    const copy = await copyStore({ from, to });
    await sql`ANALYZE`.execute(to);
    console.log(
      `Copied the store to PostgreSQL: ${copy.rows} rows in ${(copy.ms / 1000).toFixed(1)} s, then ANALYZE`,
    );
  } finally {
    await to.destroy();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

// PostgreSQL here is the bench's own; a DATABASE_URL of the caller's must not reach the SQLite run.
delete process.env.DATABASE_URL;
const keep = process.env.BENCH_DATA_DIR;
const sqliteDir = keep ?? tempDataDir();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-servers-"));
let postgres: PostgresServer | undefined;
let running: BenchServer[] = [];
const cleanUp = async () => {
  await stopServers(running);
  await postgres?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!keep) fs.rmSync(sqliteDir, { recursive: true, force: true });
};
const interrupted = () => void cleanUp().finally(() => process.exit(130));
process.once("SIGINT", interrupted);
process.once("SIGTERM", interrupted);

try {
  const from = await openBenchStore(sqliteDir, BENCH_STORE_SIZE);
  let product: BenchProduct;
  const perfumes: BenchProduct[] = [];
  try {
    product = await from
      .selectFrom("products")
      .select(["id", "slug", "size"])
      .where("slug", "=", CART_SLUG)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < PERFUMES; i++) perfumes.push(await perfumeToBuy(from, i));
    if (CONFIGS.some((config) => config.postgres)) await copyToPostgres(from);
  } finally {
    await from.destroy();
  }
  const proof = await proofImage(260);
  console.log(
    `${BENCH_STORE_SIZE.products} products, ${BENCH_STORE_SIZE.orders} orders; /catalog: ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION} s; checkout: ${BUYERS} buyers × ` +
      `${ORDERS_PER_BUYER} orders of ${PERFUMES} perfume(s); WEB_CONCURRENCY=${WORKERS} per ` +
      `server; ${os.cpus().length} CPUs; load average at the start ${loadAverage()}`,
  );
  const results: Result[] = [];
  for (const [index, config] of CONFIGS.entries()) {
    process.stdout.write(`${config.name} `);
    results.push(
      await measure(config, index, {
        sqliteDir,
        scratch,
        pgUrl: postgres?.url("store") ?? "",
        product,
        perfumes,
        proof,
      }),
    );
    process.stdout.write("\n");
  }
  printTable(results);
  console.log(`Load average at the end: ${loadAverage()}`);
  const errors = results.reduce((sum, r) => sum + failures(r), 0);
  if (errors > 0) {
    console.error(`${errors} failed request(s) or order(s): see the errors column.`);
    process.exitCode = 1;
  }
} finally {
  await cleanUp();
}
