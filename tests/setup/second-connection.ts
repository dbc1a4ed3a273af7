import { openStore } from "#db/connection";

/**
 * Another connection to this test file's store, as another worker or another app server opens
 * it: the SQLite file, or under `npm run test:pg` the file's PostgreSQL database.
 */
export function secondConnection() {
  return openStore({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL });
}
