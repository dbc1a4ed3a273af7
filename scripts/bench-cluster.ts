/**
 * Issue 11, "use every core": the same pages under load with one server process and with one
 * worker per core (WEB_CONCURRENCY), on a store filled by `npm run bench:catalog`
 * (BENCH_DATA_DIR=… keeps it). 20 connections, first-time visitors (no cookies).
 *
 *   BENCH_DATA_DIR=/tmp/store npx tsx scripts/bench-cluster.ts [workers…]   (default: 1 2)
 */
import { createRequire } from "node:module";
import { createDb, databasePath, openSqlite } from "../db/connection";
import { startServer } from "./bench-lib";

// autocannon ships no types: the part of its API used here.
type LoadResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<LoadResult>;

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error("BENCH_DATA_DIR: a store filled by `npm run bench:catalog`");
const port = Number(process.env.BENCH_PORT ?? 4392);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const counts = process.argv.slice(2).map(Number);

const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
const product = await db
  .selectFrom("products")
  .select("slug")
  .where("isActive", "=", 1)
  .orderBy("id")
  .executeTakeFirstOrThrow();
await db.destroy();
const pages = ["/resources/healthcheck", "/catalog", `/product/${product.slug}`];

console.log(`${CONNECTIONS} connections, ${SECONDS} s a page\n`);
console.log("workers  page                                   req/s     p50      p99   errors");
for (const [index, workers] of (counts.length ? counts : [1, 2]).entries()) {
  process.env.WEB_CONCURRENCY = String(workers);
  const server = await startServer(dataDir, port + index);
  try {
    for (const page of pages) {
      // Warm-up: module loading, SQLite's page cache, every worker's JIT.
      await autocannon({ url: server.base + page, connections: CONNECTIONS, duration: 2 });
      const result = await autocannon({
        url: server.base + page,
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      const errors = result.errors + result.timeouts + result.non2xx;
      console.log(
        `${String(workers).padStart(7)}  ${page.padEnd(36)} ${result.requests.average.toFixed(0).padStart(7)}` +
          ` ${`${result.latency.p50} ms`.padStart(8)} ${`${result.latency.p99} ms`.padStart(8)} ${String(errors).padStart(8)}`,
      );
    }
  } finally {
    server.stop();
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
}
