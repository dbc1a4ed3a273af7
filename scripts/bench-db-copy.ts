/**
 * `npm run bench:db-copy`: how long `npm run db:copy` takes to move a shop of 10,000 products
 * and 5,000 orders (with their lines) from SQLite to PostgreSQL (issue 24, decision 122). Fills
 * a temporary store as the other benches do (bench-store.ts), starts a throwaway PostgreSQL
 * server (the tests' own, scripts/ensure-postgres.sh installs it) and times `copyStore`.
 * BENCH_PRODUCTS and BENCH_ORDERS change the size.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createPostgresDb } from "../db/connection";
import { copyStore } from "../db/copy-store";
import { startPostgres } from "./postgres-server";
import { tempDataDir } from "./bench-lib";
import { BENCH_STORE_SIZE, openBenchStore } from "./bench-store";

const dataDir = tempDataDir();
const server = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
try {
  const from = await openBenchStore(dataDir, BENCH_STORE_SIZE);
  const admin = createPostgresDb(server.url("postgres"));
  await sql`CREATE DATABASE store`.execute(admin);
  await admin.destroy();
  const to = createPostgresDb(server.url("store"), { slowQueryMs: 0, max: 2 });
  try {
    // When each table's last batch went in: the time per table, the triggers' share included.
    const finished: Array<[string, number]> = [];
    const result = await copyStore({
      from,
      to,
      onProgress: ({ table, copied, total }) => {
        if (copied === total) finished.push([table, performance.now()]);
      },
    });
    const byTable = Object.fromEntries(result.counts.map((count) => [count.table, count.target]));
    console.log(
      `\n${byTable.products} products, ${byTable.orders} orders, ${byTable.order_items} order lines; ` +
        `${result.counts.length} tables, ${result.rows} rows in all`,
    );
    const slowest = finished
      .map(([table, at], i) => [table, at - (finished[i - 1]?.[1] ?? at)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    console.log(
      `slowest tables: ${slowest.map(([table, ms]) => `${table} ${(ms / 1000).toFixed(2)} s`).join(", ")}`,
    );
    console.log(
      `db:copy: ${(result.ms / 1000).toFixed(2)} s (${Math.round(result.rows / (result.ms / 1000))} rows/s), ` +
        "migrating the target included",
    );
  } finally {
    await from.destroy();
    await to.destroy();
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
