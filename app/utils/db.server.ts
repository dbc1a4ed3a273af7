import { migrateToLatest, openStore, type DB } from "#db/connection";
import { getEnv } from "./env.server";

export type { DB };

declare global {
  // Kept across dev rebuilds so that one process holds one connection.
  var __perfumeriaDb: DB | undefined;
}

function open() {
  const env = getEnv();
  return openStore({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    slowQueryMs: env.LOG_SLOW_QUERIES_MS,
  });
}

export const db: DB = (globalThis.__perfumeriaDb ??= open());

// Migrations run at start-up, idempotently: the server module finishes loading only
// once the schema is current.
await migrateToLatest(db);
