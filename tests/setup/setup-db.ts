import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

/*
 * Runs before each test file imports anything from app/. app/utils/db.server.ts opens
 * `${DATA_DIR}/store.db` when it is first imported, so DATA_DIR must point at this
 * worker's own copy of the migrated template by then.
 *
 * With the forks pool each test file runs in a fresh child process, so every file gets
 * its own database; the marker below keeps one copy per process should isolation ever
 * be turned off (the open connection is cached on globalThis and must keep its file).
 */
const MARKER = "PERFUMERIA_TEST_DB_READY";

if (process.env[MARKER] !== String(process.pid)) {
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
