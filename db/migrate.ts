/** `npm run db:migrate`: applies pending migrations to DATA_DIR/store.db (idempotent). */
import { getEnv } from "~/utils/env.server";
import { createDb, databasePath, migrateToLatest, openSqlite } from "./connection";

const env = getEnv();
const db = createDb(openSqlite(databasePath(env.DATA_DIR)));
try {
  const { results } = await migrateToLatest(db);
  if (!results?.length) console.log("[db] sin migraciones pendientes");
  for (const result of results ?? []) console.log(`[db] ${result.migrationName}: ${result.status}`);
} finally {
  await db.destroy();
}
