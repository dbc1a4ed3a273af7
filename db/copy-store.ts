import { sql, type Kysely } from "kysely";
import { isPostgres, migrateToLatest, type DB } from "./connection";
import { followCopiedIds } from "./migrations/dialect";
import { migrations } from "./migrations/index";

/*
 * Moving a shop from its SQLite file to PostgreSQL (issue 24, decision 122): every row of every
 * table, with its ids, into an empty PostgreSQL database migrated to the same schema, in one
 * PostgreSQL transaction, and the row counts of both sides compared before it commits. A
 * failure, a refusal or a difference leaves the target without a single copied row.
 */

// The copy works table by table with the schema's own (snake_case) names, not the app's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Tables not copied, and why (the operator's output and decision 122 say the same). */
export const NOT_COPIED: Record<string, string> = {
  // Derived: SQLite's FTS5 index, PostgreSQL's tsvector table (filled by its triggers as the
  // products go in).
  product_search: "índice de búsqueda, lo rehacen los disparadores de PostgreSQL",
  // The target's own migrator writes them.
  kysely_migration: "registro de migraciones del destino",
  kysely_migration_lock: "registro de migraciones del destino",
  // Counters of throttling windows that last minutes: a move starts them afresh.
  rate_limits: "contadores de límites de peticiones, duran minutos",
};

/** Tables whose rows the migrations write: present in a new target, replaced by the source's. */
const WRITTEN_BY_MIGRATIONS = new Set(["page_cache_version"]);

/** Rows per INSERT: 500, fewer for a wide table (PostgreSQL takes at most 65,535 parameters). */
const BATCH_ROWS = 500;
const MAX_PARAMETERS = 65_535;

/** A refusal or failure whose message is for the operator. */
export class CopyError extends Error {
  constructor(
    message: string,
    /** When the counts were compared and differed: all of them. */
    readonly counts?: TableCount[],
  ) {
    super(message);
  }
}

export type TableCount = { table: string; source: number; target: number };
export type CopyProgress = { table: string; copied: number; total: number };
export type CopyResult = { counts: TableCount[]; rows: number; ms: number };

type Column = { name: string; convert?: (value: unknown) => unknown };

/**
 * Copies the SQLite store `from` into the PostgreSQL database `to`, which must hold no rows:
 * migrates `to` to the latest schema, then copies every table parents first, sets each table's
 * id sequence past its highest id and compares the counts, all in one transaction.
 */
export async function copyStore(options: {
  from: DB;
  to: DB;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopyResult> {
  const started = performance.now();
  const from = options.from.withoutPlugins() as AnyDb;
  const to = options.to.withoutPlugins() as AnyDb;
  if (isPostgres(from)) throw new CopyError("El origen debe ser la base SQLite de la tienda.");
  if (!isPostgres(to)) throw new CopyError("El destino debe ser una base de datos PostgreSQL.");

  await assertLatestMigration(from);
  // Refused before the migrator touches anything, and again inside the transaction.
  await assertEmpty(to);
  await migrateToLatest(options.to);

  // The SQLite transaction (BEGIN IMMEDIATE) holds the store still while it is read.
  return from.transaction().execute((source) =>
    to.transaction().execute(async (target) => {
      await assertEmpty(target);
      const tables = await tablesInCopyOrder(source, target);
      for (const table of WRITTEN_BY_MIGRATIONS) await target.deleteFrom(table).execute();

      for (const { table, columns } of tables) {
        await copyTable(source, target, table, columns, options.onProgress);
        if (columns.some((column) => column.name === "id") && (await hasIdSequence(target, table)))
          await followCopiedIds(target, table);
      }

      const counts: TableCount[] = [];
      for (const { table } of tables) {
        counts.push({
          table,
          source: await countRows(source, table),
          target: await countRows(target, table),
        });
      }
      if (counts.some((count) => count.source !== count.target)) {
        throw new CopyError("Los conteos de filas no coinciden: no se copió nada.", counts);
      }
      const rows = counts.reduce((sum, count) => sum + count.target, 0);
      return { counts, rows, ms: performance.now() - started };
    }),
  );
}

/** Refuses a store whose schema is older (or newer) than this version's migrations. */
async function assertLatestMigration(source: AnyDb) {
  let applied: string[] = [];
  try {
    const rows = await source.selectFrom("kysely_migration").select("name").execute();
    applied = rows.map((row) => row.name as string);
  } catch {
    // No migration table: nothing applied.
  }
  const missing = Object.keys(migrations).filter((name) => !applied.includes(name));
  if (missing.length > 0) {
    throw new CopyError(
      `La tienda de origen no está en la última migración (falta ${missing.join(", ")}). ` +
        "Ejecuta primero npm run db:migrate con esa DATA_DIR.",
    );
  }
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new CopyError(
      `La tienda de origen tiene migraciones que esta versión no conoce (${unknown.join(", ")}): ` +
        "usa la versión de la tienda que la creó.",
    );
  }
}

/** The target's tables, PostgreSQL's catalogue as it is now (none before the migrator ran). */
async function targetTables(target: AnyDb) {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(target);
  return rows.map((row) => row.table_name);
}

/** The first few names, and how many more. */
function named(tables: string[]) {
  const shown = tables.slice(0, 4).join(", ");
  return tables.length > 4 ? `${shown} y ${tables.length - 4} tablas más` : shown;
}

/** Refuses a target with any row in any table but the ones the migrations write. */
async function assertEmpty(target: AnyDb) {
  const filled: string[] = [];
  for (const table of await targetTables(target)) {
    if (table in NOT_COPIED || WRITTEN_BY_MIGRATIONS.has(table)) continue;
    const row = await target
      .selectFrom(table)
      .select(sql`1`.as("one"))
      .limit(1)
      .executeTakeFirst();
    if (row) filled.push(table);
  }
  if (filled.length > 0) {
    throw new CopyError(
      `La base de datos de destino ya tiene datos (${named(filled)}): no se copió nada. ` +
        "db:copy solo copia a una base PostgreSQL vacía, para no mezclar dos tiendas.",
    );
  }
}

/**
 * The source's tables, each after the tables it references, with their columns: derived from
 * SQLite's own catalogue, so a table a later migration adds is copied without a list to update.
 * The target must have the same tables and columns (it ran the same migrations).
 */
async function tablesInCopyOrder(source: AnyDb, target: AnyDb) {
  const { rows: listed } = await sql<{ name: string; type: string }>`
    SELECT name, type FROM pragma_table_list WHERE schema = 'main'`.execute(source);
  // FTS5's shadow tables (product_search_data, …) are listed as 'shadow', the index as 'virtual'.
  const names = listed
    .filter((row) => row.type === "table" && !row.name.startsWith("sqlite_"))
    .map((row) => row.name)
    .filter((name) => !(name in NOT_COPIED))
    .sort();

  const expected = (await targetTables(target)).filter((name) => !(name in NOT_COPIED)).sort();
  if (names.join() !== expected.join()) {
    throw new CopyError(
      `Las tablas no coinciden: SQLite tiene ${names.join(", ")}; PostgreSQL tiene ${expected.join(", ")}.`,
    );
  }

  const parents = new Map<string, string[]>();
  for (const name of names) {
    const { rows } = await sql<{ table: string }>`
      SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(source);
    parents.set(
      name,
      rows.map((row) => row.table).filter((parent) => parent !== name),
    );
  }
  const ordered: string[] = [];
  while (ordered.length < names.length) {
    const next = names.find(
      (name) => !ordered.includes(name) && parents.get(name)!.every((p) => ordered.includes(p)),
    );
    if (!next) throw new CopyError("Las claves foráneas de la tienda forman un ciclo.");
    ordered.push(next);
  }

  const result = [];
  for (const table of ordered) {
    result.push({ table, columns: await columnsOf(source, target, table) });
  }
  return result;
}

/** The table's columns, each with how its values change between the two databases. */
async function columnsOf(source: AnyDb, target: AnyDb, table: string): Promise<Column[]> {
  const { rows: sqliteColumns } = await sql<{ name: string }>`
    SELECT name FROM pragma_table_info(${table})`.execute(source);
  const { rows: postgresColumns } = await sql<{ column_name: string; data_type: string }>`
    SELECT column_name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(target);
  const types = new Map(postgresColumns.map((row) => [row.column_name, row.data_type]));
  const names = sqliteColumns.map((row) => row.name);
  if (names.length !== types.size || names.some((name) => !types.has(name))) {
    throw new CopyError(
      `Las columnas de ${table} no coinciden: SQLite tiene ${names.join(", ")}; ` +
        `PostgreSQL tiene ${[...types.keys()].join(", ")}.`,
    );
  }
  return names.map((name) => ({ name, convert: conversion(types.get(name)!) }));
}

/**
 * SQLite's value for a PostgreSQL column of `type`. The migrations keep the SQLite conventions
 * on PostgreSQL (dialect.ts: integers 0/1, ISO text, JSON text, CITEXT for NOCASE), so today
 * every value goes as it is; a column a later migration makes a real boolean gets true/false
 * (timestamptz, json and bytea columns take SQLite's ISO text, JSON text and Buffer as they are).
 */
function conversion(type: string): Column["convert"] {
  if (type === "boolean") return (value) => (value === null ? null : Boolean(value));
  return undefined;
}

async function copyTable(
  source: AnyDb,
  target: AnyDb,
  table: string,
  columns: Column[],
  onProgress?: (progress: CopyProgress) => void,
) {
  const total = await countRows(source, table);
  const batchRows = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const converted = columns.filter((column) => column.convert);
  let batch: Record<string, unknown>[] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await target.insertInto(table).values(batch).execute();
    } catch (error) {
      // PostgreSQL refuses what SQLite kept (a NUL character in text, text in an integer
      // column): the operator needs to know which rows to fix before running it again.
      throw new CopyError(
        `PostgreSQL rechazó las filas ${copied + 1} a ${copied + batch.length} de ${table} ` +
          `(${error instanceof Error ? error.message : String(error)}): no se copió nada.`,
      );
    }
    copied += batch.length;
    batch = [];
    onProgress?.({ table, copied, total });
  };
  // Streamed (better-sqlite3's iterator), so a large table is never all in memory.
  const rows = source
    .selectFrom(table)
    .select(columns.map((column) => column.name))
    .stream();
  for await (const row of rows as AsyncIterable<Record<string, unknown>>) {
    for (const column of converted) row[column.name] = column.convert!(row[column.name]);
    batch.push(row);
    if (batch.length >= batchRows) await flush();
  }
  await flush();
}

/** Whether PostgreSQL numbers the table's ids (an identity or serial column `id`). */
async function hasIdSequence(target: AnyDb, table: string) {
  const { rows } = await sql<{ sequence: string | null }>`
    SELECT pg_get_serial_sequence(${table}, 'id') AS sequence`.execute(target);
  return rows[0]?.sequence != null;
}

async function countRows(db: AnyDb, table: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
