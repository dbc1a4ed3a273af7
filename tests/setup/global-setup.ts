import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TestProject } from "vitest/node";
import {
  createDb,
  createPostgresDb,
  databasePath,
  migrateToLatest,
  openSqlite,
} from "#db/connection";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's temporary root; workers put their copies under it. */
    testRoot: string;
    /** A store.db migrated to the latest schema, never opened by tests. */
    templateDbPath: string;
    /**
     * `npm run test:pg`: the URL of a migrated template database on the run's own PostgreSQL
     * server, which setup-db copies for each test file; empty on SQLite.
     */
    postgresTemplateUrl: string;
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

  let postgres: PostgresServer | null = null;
  let postgresTemplateUrl = "";
  if (process.env.TEST_DATABASE === "postgres") {
    // Its own folder: the server runs as another user when we are root (postgres-server.ts).
    postgres = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
    postgresTemplateUrl = postgres.url("store_template");
    const admin = createPostgresDb(postgres.url("postgres"));
    await sql`CREATE DATABASE store_template`.execute(admin);
    await admin.destroy();
    const template = createPostgresDb(postgresTemplateUrl);
    try {
      await migrateToLatest(template);
    } finally {
      await template.destroy();
    }
  }

  project.provide("testRoot", testRoot);
  project.provide("templateDbPath", templateDbPath);
  project.provide("postgresTemplateUrl", postgresTemplateUrl);

  return async () => {
    await postgres?.stop();
    fs.rmSync(testRoot, { recursive: true, force: true });
  };
}
