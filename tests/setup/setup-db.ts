import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import type { DB } from "#db/connection";

/*
 * Runs before each test file imports anything from app/. app/utils/db.server.ts opens
 * `${DATA_DIR}/store.db` when it is first imported, so DATA_DIR must point at this
 * worker's own copy of the migrated template by then.
 *
 * The node project runs its files without isolation (decision 143): a fork runs file after
 * file, its modules and its open connection (cached on globalThis) kept. The first file of a
 * fork copies the template; each later one finds the connection open and gets the template's
 * rows back in the same file, so every file still starts from the freshly migrated store.
 */
const MARKER = "PERFUMERIA_TEST_DB_READY";

/**
 * The template's rows in place of this connection's, table by table, in one transaction (the
 * foreign keys off meanwhile). The page-cache triggers write as the rows go in, so the tables
 * they write are copied once more at the end.
 */
async function restoreTemplateRows(db: DB, templatePath: string) {
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')`.execute(db);
  // A full-text index (a virtual table and its shadow tables) follows its rows' triggers.
  const virtual = objects.rows.filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql ?? ""));
  const copied = (name: string) =>
    !name.startsWith("sqlite_") &&
    !virtual.some((v) => name === v.name || name.startsWith(`${v.name}_`));
  const tables = objects.rows
    .filter((o) => o.type === "table" && copied(o.name))
    .map((o) => o.name);
  const writtenByTriggers = new Set(
    objects.rows
      .filter((o) => o.type === "trigger")
      // The statements of the trigger's body, after its BEGIN (before it, UPDATE OF names columns).
      .map((o) => (o.sql ?? "").split(/\bBEGIN\b/i)[1] ?? "")
      .flatMap((body) => [...body.matchAll(/\b(?:UPDATE|INSERT INTO|DELETE FROM)\s+(\w+)/gi)])
      .map((match) => match[1])
      .filter(copied),
  );
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  await sql`ATTACH DATABASE ${templatePath} AS template`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    const sequences = objects.rows.some((o) => o.name === "sqlite_sequence");
    for (const table of [
      ...tables,
      ...(sequences ? ["sqlite_sequence"] : []),
      ...writtenByTriggers,
    ]) {
      await sql`DELETE FROM main.${sql.id(table)}`.execute(db);
      await sql`INSERT INTO main.${sql.id(table)} SELECT * FROM template.${sql.id(table)}`.execute(
        db,
      );
    }
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  } finally {
    await sql`DETACH DATABASE template`.execute(db);
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

const ours = process.env[MARKER] === String(process.pid);
if (ours) {
  // The last file may have given the app an environment of its own (vi.stubEnv).
  (await import("~/utils/env.server")).forgetEnv();
  // What the last file's servers kept beside the database (uploads, backups) goes too.
  const dataDir = process.env.DATA_DIR!;
  for (const entry of fs.readdirSync(dataDir)) {
    if (!entry.startsWith("store.db")) fs.rmSync(path.join(dataDir, entry), { recursive: true });
  }
}
if (ours && globalThis.__perfumeriaDb) {
  await restoreTemplateRows(globalThis.__perfumeriaDb, inject("templateDbPath"));
} else if (ours) {
  // No connection in this fork yet, but a server of the last file may have written the file.
  const file = path.join(process.env.DATA_DIR!, "store.db");
  for (const journal of ["-wal", "-shm"]) fs.rmSync(file + journal, { force: true });
  fs.copyFileSync(inject("templateDbPath"), file);
} else {
  const workerId = process.env.VITEST_POOL_ID ?? "0";
  const dataDir = path.join(
    inject("testRoot"),
    `worker-${workerId}-${process.pid}-${crypto.randomBytes(4).toString("hex")}`,
  );
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(inject("templateDbPath"), path.join(dataDir, "store.db"));

  // `npm run test:pg`: the file's own copy of the migrated template database.
  const templateUrl = inject("postgresTemplateUrl");
  if (templateUrl) {
    const database = `store_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: templateUrl.replace(/[^/]+$/, "postgres") });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database} TEMPLATE store_template`);
    await admin.end();
    process.env.DATABASE_URL = templateUrl.replace(/[^/]+$/, database);
  }

  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "test";
  process.env.SESSION_SECRET = "test-session-secret-0123456789-abcdefghij";
  process.env[MARKER] = String(process.pid);
}
