import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  CompiledQuery,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type MigrationProvider,
  type MigrationResultSet,
} from "kysely";
import pg from "pg";
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
  return kyselyOver(new ImmediateSqliteDialect(sqlite), options);
}

/*
 * PostgreSQL, when DATABASE_URL names one (issue 24). The models were written for SQLite's one
 * writer at a time; on PostgreSQL every transaction is SERIALIZABLE, so a transaction that
 * reads and then writes (stock, a coupon's uses, the points ledger, a job's claim) still
 * behaves as if it ran alone, and one that collides with another is run again from the start.
 * Integers keep arriving as numbers: COUNT and SUM answer bigint, and money in centavos and
 * counts stay far below 2^53.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

/*
 * SERIALIZABLE alone could starve a busy shop: PostgreSQL tracks what a transaction read by
 * index page, so checkouts that share no row still collide, and under a crowd the same ones
 * collided again on every retry (a benchmark lost a third of its orders after 8 retries). So
 * each transaction holds the writers' advisory lock, shared, and one that collided is run again
 * holding it alone: it waits for those in flight, and no other transaction starts until it has
 * finished, so it cannot collide with another again. The lock is taken before BEGIN (a lock
 * taken inside would leave the transaction a snapshot from before the wait) and given back after
 * COMMIT or ROLLBACK; a connection that dies gives it back with its session.
 */
const WRITERS_LOCK = 7_310_262; // any number: the store's only advisory lock
type LockMode = "shared" | "alone" | "none";
/**
 * The lock the transaction being begun takes. A transaction begun inside another one's work (on
 * a second connection of the pool) takes none: it would otherwise queue behind a collided one
 * that waits for the outer one, which waits for it, a wait PostgreSQL cannot see.
 */
const lockMode = new AsyncLocalStorage<LockMode>();
const heldLocks = new WeakMap<DatabaseConnection, "shared" | "alone">();

async function releaseWritersLock(connection: DatabaseConnection) {
  const held = heldLocks.get(connection);
  if (!held) return;
  heldLocks.delete(connection);
  const unlock = held === "alone" ? "pg_advisory_unlock" : "pg_advisory_unlock_shared";
  await connection.executeQuery(CompiledQuery.raw(`select ${unlock}(${WRITERS_LOCK})`));
}

class SerializablePostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    const held = lockMode.getStore() ?? "none";
    if (held === "none") {
      await connection.executeQuery(CompiledQuery.raw("begin isolation level serializable"));
      return;
    }
    const lock = held === "alone" ? "pg_advisory_lock" : "pg_advisory_lock_shared";
    await connection.executeQuery(CompiledQuery.raw(`select ${lock}(${WRITERS_LOCK})`));
    heldLocks.set(connection, held);
    try {
      await connection.executeQuery(CompiledQuery.raw("begin isolation level serializable"));
    } catch (error) {
      await releaseWritersLock(connection);
      throw error;
    }
  }

  override async commitTransaction(connection: DatabaseConnection) {
    try {
      await super.commitTransaction(connection);
    } finally {
      await releaseWritersLock(connection);
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection) {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      await releaseWritersLock(connection);
    }
  }
}

class SerializablePostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }
  override createDriver(): Driver {
    return new SerializablePostgresDriver({ pool: this.pool });
  }
}

/** How many times a transaction that collided with another is run again before giving up. */
const SERIALIZATION_RETRIES = 8;
/** serialization_failure and deadlock_detected: the transaction may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);

class PostgresKysely extends Kysely<Database> {
  override transaction() {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = async (work) => {
      const nested = lockMode.getStore() !== undefined;
      for (let attempt = 1; ; attempt++) {
        // The first try shares the writers' lock; a try after a collision holds it alone.
        const mode: LockMode = nested ? "none" : attempt === 1 ? "shared" : "alone";
        try {
          return await lockMode.run(mode, () => execute(work));
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (!code || !RETRYABLE.has(code) || attempt > SERIALIZATION_RETRIES) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        }
      }
    };
    return builder;
  }
}

export function createPostgresDb(
  connectionString: string,
  options: { slowQueryMs?: number; max?: number } = {},
): DB {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types: pgTypes });
  // An idle connection the server ends (a restart, a failover) is dropped from the pool, and
  // the next query opens another; unhandled, its error would end the process.
  pool.on("error", (error) => console.error("[db] idle connection lost:", error.message));
  return kyselyOver(new SerializablePostgresDialect(pool), options, PostgresKysely);
}

/** The store's database: PostgreSQL when `databaseUrl` is set, else the SQLite file. */
export function openStore(options: {
  dataDir: string;
  databaseUrl?: string;
  slowQueryMs?: number;
}): DB {
  return options.databaseUrl
    ? createPostgresDb(options.databaseUrl, options)
    : createDb(openSqlite(databasePath(options.dataDir)), options);
}

/** Whether `db` talks to PostgreSQL (migrations and a few queries say things differently). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function kyselyOver(
  dialect: Dialect,
  options: { slowQueryMs?: number },
  Class: typeof Kysely<Database> = Kysely<Database>,
): DB {
  const slowQueryMs = options.slowQueryMs ?? 100;
  return new Class({
    dialect,
    plugins: [new CamelCasePlugin()],
    log(event) {
      if (event.level === "error") {
        // A collision that the transaction's retry answers is not a failure (see above).
        if (RETRYABLE.has((event.error as { code?: string }).code ?? "")) return;
        console.error("[db] query failed:", event.query.sql, event.error);
      } else if (
        slowQueryMs > 0 &&
        event.queryDurationMillis > slowQueryMs &&
        // Waiting for the writers' lock (above) is waiting a turn, not a slow query.
        !event.query.sql.startsWith("select pg_advisory_")
      ) {
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
