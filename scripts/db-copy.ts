/**
 * `npm run db:copy -- --to postgres://usuario:clave@servidor/base [--from DATA_DIR]`: copies the
 * SQLite store of DATA_DIR (or --from) into an empty PostgreSQL database and compares the row
 * counts of every table (issue 24, decision 122). Refuses while a server uses the store (its
 * DATA_DIR/server.pid names a live process), when the store is not at the latest migration, and
 * when the target already holds rows. Nothing is left in the target unless everything was copied.
 * Then set DATABASE_URL to the same address and start the shop.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { CopyError, copyStore, NOT_COPIED, type TableCount } from "../db/copy-store";
import { createDb, createPostgresDb, databasePath, openSqlite } from "../db/connection";
import { runningServerPid } from "~/models/backups/backup.server";
import { getEnv } from "~/utils/env.server";

const USAGE =
  "Uso: npm run db:copy -- --to postgres://usuario:clave@servidor/base [--from DATA_DIR]";
const TAG = "[db:copy]";

const number = (value: number) => value.toLocaleString("es-HN");
const rows = (count: number) => `${number(count)} ${count === 1 ? "fila" : "filas"}`;

function printCounts(counts: TableCount[]) {
  const width = Math.max(...counts.map((count) => count.table.length), "tabla".length);
  console.log(
    `${TAG} ${"tabla".padEnd(width)}  ${"SQLite".padStart(9)}  ${"PostgreSQL".padStart(10)}`,
  );
  for (const { table, source, target } of counts) {
    const mark = source === target ? "" : "  ← distinto";
    console.log(
      `${TAG} ${table.padEnd(width)}  ${number(source).padStart(9)}  ${number(target).padStart(10)}${mark}`,
    );
  }
}

let args: { to: string; from?: string };
try {
  const { values } = parseArgs({
    options: { to: { type: "string" }, from: { type: "string" } },
    allowPositionals: false,
  });
  if (!values.to || !/^postgres(ql)?:\/\/\S+$/.test(values.to)) throw new Error(USAGE);
  args = { to: values.to, from: values.from };
} catch {
  console.error(USAGE);
  process.exit(2);
}

const dataDir = args.from ?? getEnv().DATA_DIR;
const file = databasePath(dataDir);
const pid = runningServerPid(dataDir);
if (pid !== null) {
  console.error(
    `${TAG} no se copió nada: un servidor (pid ${pid}) está usando ${dataDir}. ` +
      "Deténlo antes de copiar, o los pedidos que entren durante la copia se perderían.",
  );
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`${TAG} no se copió nada: no hay una tienda en ${file}.`);
  process.exit(1);
}

const from = createDb(openSqlite(file), { slowQueryMs: 0 });
const to = createPostgresDb(args.to, { slowQueryMs: 0, max: 2 });
try {
  console.log(`${TAG} copiando ${file} a PostgreSQL…`);
  const result = await copyStore({
    from,
    to,
    onProgress({ table, copied, total }) {
      if (copied === total) console.log(`${TAG} ${table}: ${rows(total)} copiadas`);
    },
  });
  printCounts(result.counts);
  for (const [table, why] of Object.entries(NOT_COPIED)) {
    console.log(`${TAG} sin copiar: ${table} (${why})`);
  }
  const seconds = (result.ms / 1000).toLocaleString("es-HN", { maximumFractionDigits: 1 });
  console.log(
    `${TAG} Copiado: ${result.counts.length} tablas, ${rows(result.rows)} en ${seconds} s; ` +
      "conteos iguales. Ahora inicia la tienda con DATABASE_URL apuntando a esa base.",
  );
} catch (error) {
  if (error instanceof CopyError) {
    if (error.counts) printCounts(error.counts);
    console.error(`${TAG} ${error.message}`);
  } else {
    console.error(`${TAG} la copia falló y no se copió nada: ${String(error)}`);
  }
  process.exitCode = 1;
} finally {
  await from.destroy();
  await to.destroy();
}
