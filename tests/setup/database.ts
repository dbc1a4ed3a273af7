import { openStore } from "#db/connection";

/**
 * Whether this run's store is PostgreSQL (`npm run test:pg`, which setup-db.ts gives each test
 * file a database of its own), else the file's SQLite copy. A test that holds for one database
 * only skips on the other with `describe.skipIf`, and says why.
 */
export const testingOnPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Another connection to this test file's store, as another worker or another app server opens
 * it: the SQLite file, or under `npm run test:pg` the file's PostgreSQL database.
 */
export function secondConnection() {
  return openStore({ dataDir: process.env.DATA_DIR!, databaseUrl: process.env.DATABASE_URL });
}
