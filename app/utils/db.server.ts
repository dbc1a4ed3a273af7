import { createDb, databasePath, migrateToLatest, openSqlite, type DB } from "#db/connection";
import { getEnv } from "./env.server";

export type { DB };

declare global {
  // Kept across dev rebuilds so that one process holds one connection.
  var __perfumeriaDb: DB | undefined;
}

function open() {
  const env = getEnv();
  const sqlite = openSqlite(databasePath(env.DATA_DIR));
  return createDb(sqlite, { slowQueryMs: env.LOG_SLOW_QUERIES_MS });
}

export const db: DB = (globalThis.__perfumeriaDb ??= open());

// Migrations run at start-up, idempotently: the server module finishes loading only
// once the schema is current.
await migrateToLatest(db);
