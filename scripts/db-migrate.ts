/**
 * `npm run db:migrate`: applies pending migrations to the store (DATABASE_URL, else
 * DATA_DIR/store.db), idempotently.
 */
import { getEnv } from "~/utils/env.server";
import { migrateToLatest, openStore } from "../db/connection";

const env = getEnv();
const db = openStore({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
try {
  const { results } = await migrateToLatest(db);
  if (!results?.length) console.log("[db] sin migraciones pendientes");
  for (const result of results ?? []) console.log(`[db] ${result.migrationName}: ${result.status}`);
} finally {
  await db.destroy();
}
