import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createDb, databasePath, migrateToLatest, openSqlite } from "#db/connection";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's temporary root; workers put their copies under it. */
    testRoot: string;
    /** A store.db migrated to the latest schema, never opened by tests. */
    templateDbPath: string;
  }
}

/*
 * Migrating once and copying the file per worker keeps the integration tests on a real
 * SQLite database with the real schema, at the cost of a file copy instead of a migration.
 */
export default async function setup(project: TestProject) {
  const testRoot = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-vitest-"));
  const templateDbPath = databasePath(path.join(testRoot, "template"));

  const db = createDb(openSqlite(templateDbPath));
  try {
    await migrateToLatest(db);
  } finally {
    // Closing checkpoints the WAL into the main file, so copying store.db alone is enough.
    await db.destroy();
  }

  project.provide("testRoot", testRoot);
  project.provide("templateDbPath", templateDbPath);

  return () => {
    fs.rmSync(testRoot, { recursive: true, force: true });
  };
}
