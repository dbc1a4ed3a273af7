import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type MigrationProvider,
  type MigrationResultSet,
} from "kysely";
import { migrations } from "./migrations/index";
import type { Database } from "./types";

export type DB = Kysely<Database>;

export function databasePath(dataDir: string) {
  return path.join(dataDir, "store.db");
}

/**
 * Opens the store's SQLite file with the pragmas an online shop needs:
 * WAL for concurrent readers, enforced foreign keys, a busy timeout instead of
 * SQLITE_BUSY errors, and synchronous=FULL so an acknowledged order survives
 * a power cut.
 */
export function openSqlite(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = FULL");
  return sqlite;
}

/**
 * Every transaction begins IMMEDIATE: it takes the write lock up front, so two
 * processes (the server and a script) never deadlock upgrading read locks,
 * and busy_timeout applies at BEGIN instead of failing mid-transaction.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
}

export function createDb(sqlite: SQLite.Database, options: { slowQueryMs?: number } = {}): DB {
  const slowQueryMs = options.slowQueryMs ?? 100;
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(sqlite),
    plugins: [new CamelCasePlugin()],
    log(event) {
      if (event.level === "error") {
        console.error("[db] query failed:", event.query.sql, event.error);
      } else if (slowQueryMs > 0 && event.queryDurationMillis > slowQueryMs) {
        console.warn(
          `[db] slow query (${event.queryDurationMillis.toFixed(0)} ms):`,
          event.query.sql,
        );
      }
    },
  });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

// Migrations are typed against no schema: they must not depend on today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/**
 * Runs `work` in the caller's transaction when `executor` is one already, in a new one
 * otherwise: a multi-step write (an order, a status change) is atomic whether the app calls it
 * over its connection or the demo seed inside the transaction that loads the whole store.
 */
export function inTransaction<T>(executor: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}
