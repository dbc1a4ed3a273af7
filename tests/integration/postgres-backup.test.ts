import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDb,
  createPostgresDb,
  databasePath,
  migrateToLatest,
  openSqlite,
  type DB,
} from "#db/connection";
import {
  createBackup,
  restoreBackup,
  verifyArchive,
  type PostgresStore,
} from "~/models/backups/backup.server";
import { runScheduledBackup } from "~/models/backups/schedule.server";
import { sampleContent } from "../setup/fiscal-samples";
import { issueDocument } from "~/models/invoicing/numbering.server";
import { addRange } from "~/models/invoicing/ranges.server";
import { copyFolderToStore, fileStoreFor } from "~/models/files/stored-files.server";
import { startS3Server } from "../../scripts/s3-server";
import { createProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import {
  postgresInstalled,
  startPostgres,
  type PostgresServer,
} from "../../scripts/postgres-server";
import { runScript } from "../setup/run-script";

/*
 * Decision 121: backups of a store on PostgreSQL, on a real server started here (as
 * postgres-schema.test.ts does), whatever database the rest of the run uses. The store's role is
 * an ordinary one with CREATEDB, as a hosted database gives, and its URL carries a password.
 */

// Skipped only on a developer's machine without PostgreSQL; on CI a missing server fails.
const skip = !postgresInstalled() && !process.env.CI;
if (skip) {
  console.warn(
    "[postgres-backup] PostgreSQL is not installed: these tests are skipped " +
      "(bash scripts/ensure-postgres.sh installs it).",
  );
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-backup-"));
const dataDir = path.join(scratch, "data");
const proofBytes = crypto.randomBytes(2048);
let server: PostgresServer;
let superuser: DB;
let store: PostgresStore;
let db: DB;
let orderIds: string[];
let archive: string;

/** A URL for `database` as the store's role, password included. */
function roleUrl(database: string) {
  const url = new URL(server.url(database));
  url.username = "tienda";
  url.password = "clave secreta";
  return url.toString();
}

async function createStoreDatabase(name: string) {
  await sql`CREATE DATABASE ${sql.id(name)} OWNER tienda`.execute(superuser);
  return roleUrl(name);
}

async function databases() {
  const { rows } = await sql<{ datname: string }>`SELECT datname FROM pg_database`.execute(
    superuser,
  );
  return rows.map((row) => row.datname);
}

const TABLES = ["orders", "order_items", "users", "products", "payment_proofs"] as const;

async function countsOf(executor: DB) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(
      table,
    )}`.execute(executor);
    counts[table] = Number(rows[0].n);
  }
  return counts;
}

async function sampleOrder(executor: DB) {
  return executor
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderIds[0])
    .executeTakeFirstOrThrow();
}

async function archiveEntries(file: string) {
  const entries: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => void entries.push(entry.path) });
  return entries;
}

beforeAll(async () => {
  if (skip) return;
  // Its own folder: as root the server runs as `postgres`, who cannot enter `scratch` (0700).
  server = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
  superuser = createPostgresDb(server.url("postgres"), { slowQueryMs: 0 });
  await sql`CREATE ROLE tienda LOGIN CREATEDB PASSWORD 'clave secreta'`.execute(superuser);
  store = { url: await createStoreDatabase("store") };
  db = createPostgresDb(store.url, { slowQueryMs: 0 });
  await migrateToLatest(db);
  const product = await createProduct(db, { stock: 500 });
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await createOrder(db, { lines: [{ product }] }));
  orderIds = orders.map((order) => order.id);
  await attachProof(db, { orderId: orderIds[0], file: { bytes: proofBytes, dataDir } });
  // Decision 173: an invoice and its range, which the dump carries like any other row.
  const range = await addRange(
    {
      kind: "invoice",
      cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
      prefix: "000-001-01-",
      first: 1,
      last: 100,
      deadline: new Date(Date.now() + 365 * 86_400_000),
      createdBy: null,
    },
    new Date(),
    db,
  );
  if (!range.ok) throw new Error(range.message);
  const invoice = await issueDocument(db, {
    orderId: orderIds[0],
    content: sampleContent({ order: { id: orderIds[0]!, number: "-" } }),
  });
  if (!invoice.ok) throw new Error(invoice.message);
}, 120_000);

/** The fiscal documents with their range, as issued. */
async function fiscalRows(executor: DB) {
  return executor
    .selectFrom("fiscalDocuments")
    .innerJoin("fiscalRanges", "fiscalRanges.id", "fiscalDocuments.rangeId")
    .select(["number", "orderId", "snapshot", "cai", "nextNumber"])
    .orderBy("fiscalDocuments.id")
    .execute();
}

afterAll(async () => {
  await db?.destroy();
  await superuser?.destroy();
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(skip)("backups of a store on PostgreSQL", () => {
  it("dumps the database while orders keep coming, with the files and a manifest", async () => {
    const product = await createProduct(db, { stock: 500 });
    const before = await countsOf(db);
    let selling = true;
    const sales = (async () => {
      while (selling) await createOrder(db, { lines: [{ product }] });
    })();
    let result;
    try {
      result = await createBackup({
        dataDir,
        backupDir: path.join(scratch, "busy"),
        postgres: store,
      });
    } finally {
      selling = false;
      await sales;
    }
    const after = await countsOf(db);
    expect(after.orders).toBeGreaterThan(before.orders); // the shop sold during the backup
    expect(result.verification.integrity).toBe("ok");
    expect(result.verification.counts.orders).toBeGreaterThanOrEqual(before.orders);
    expect(result.verification.counts.orders).toBeLessThanOrEqual(after.orders);
    expect(result.verification.counts.order_items).toBe(result.verification.counts.orders);
    expect(result.verification.missingProofFiles).toBe(0);

    const entries = await archiveEntries(result.path);
    expect(entries).toContain("store.pgdump");
    expect(entries).toContain("backup.json");
    expect(entries).not.toContain("store.db");
    expect(entries.some((entry) => entry.startsWith("uploads/proofs/"))).toBe(true);
    const extracted = path.join(scratch, "manifest");
    fs.mkdirSync(extracted);
    await tar.extract({ file: result.path, cwd: extracted, filter: (p) => p === "backup.json" });
    const manifest = JSON.parse(fs.readFileSync(path.join(extracted, "backup.json"), "utf8"));
    expect(manifest).toMatchObject({ format: 1, database: "postgres" });
    expect(manifest.migration).toEqual(expect.any(String));
    // The verification's scratch database is gone.
    expect((await databases()).filter((name) => name.startsWith("perfumeria_verify_"))).toEqual([]);
  });

  it("verifies an archive by restoring it into a scratch database: the source's counts", async () => {
    const result = await createBackup({
      dataDir,
      backupDir: path.join(scratch, "quiet"),
      postgres: store,
    });
    archive = result.path;
    const source = await countsOf(db);
    const verification = await verifyArchive(archive, scratch, store);
    expect(verification).toMatchObject({
      integrity: "ok",
      counts: { ...source, brands: expect.any(Number) },
      missingProofFiles: 0,
    });
    expect(verification.uploadFiles).toBeGreaterThanOrEqual(1);
    expect(result.verification).toEqual(verification);
  });

  it("restores into an empty database the same rows, and new ids follow the old ones", async () => {
    const url = await createStoreDatabase("restored");
    const target = path.join(scratch, "restored-data");
    const result = await restoreBackup({ archive, dataDir: target, postgres: { url } });
    expect(result.replacedDir).toBeNull();
    expect(result.verification.integrity).toBe("ok");
    const restored = createPostgresDb(url, { slowQueryMs: 0 });
    try {
      expect(await countsOf(restored)).toEqual(await countsOf(db));
      expect(await sampleOrder(restored)).toEqual(await sampleOrder(db));
      const invoices = await fiscalRows(restored);
      expect(invoices).toHaveLength(1);
      expect(invoices).toEqual(await fiscalRows(db));
      const [proof] = fs.readdirSync(path.join(target, "uploads", "proofs"));
      expect(fs.readFileSync(path.join(target, "uploads", "proofs", proof))).toEqual(proofBytes);

      const { maxId } = await restored
        .selectFrom("products")
        .select((eb) => eb.fn.max("id").as("maxId"))
        .executeTakeFirstOrThrow();
      const product = await createProduct(restored, { stock: 5 });
      expect(product.id).toBeGreaterThan(Number(maxId));
      const order = await createOrder(restored, { lines: [{ product }] });
      expect(order.id).toEqual(expect.any(String));
    } finally {
      await restored.destroy();
    }
  });

  it("refuses a database that holds a store without --force, or one in use; keeps the old one", async () => {
    const url = roleUrl("restored");
    const target = path.join(scratch, "restored-data");
    await expect(restoreBackup({ archive, dataDir: target, postgres: { url } })).rejects.toThrow(
      /Ya hay una tienda en la base restored en .*--force/,
    );
    const open = createPostgresDb(url);
    try {
      await sql`SELECT 1`.execute(open);
      await expect(
        restoreBackup({ archive, dataDir: target, postgres: { url }, force: true }),
      ).rejects.toThrow(/conexión\(es\) abiertas a la base restored/);
    } finally {
      await open.destroy();
    }
    const result = await restoreBackup({
      archive,
      dataDir: target,
      postgres: { url },
      force: true,
    });
    expect(fs.readdirSync(result.replacedDir!).sort()).toEqual(["store.pgdump", "uploads"]);
    const restored = createPostgresDb(url, { slowQueryMs: 0 });
    try {
      // The order placed after the first restore is gone: the archive's rows are back.
      expect(await countsOf(restored)).toEqual(await countsOf(db));
    } finally {
      await restored.destroy();
    }
  });

  it("refuses an archive of the other database, pointing to npm run db:copy", async () => {
    const sqliteDir = path.join(scratch, "sqlite-store");
    const sqlite = createDb(openSqlite(databasePath(sqliteDir)));
    await migrateToLatest(sqlite);
    await sqlite.destroy();
    const sqliteArchive = (await createBackup({ dataDir: sqliteDir })).path;

    const url = await createStoreDatabase("empty");
    const target = path.join(scratch, "never-pg");
    await expect(
      restoreBackup({ archive: sqliteArchive, dataDir: target, postgres: { url } }),
    ).rejects.toThrow(/copia de una tienda en SQLite .*npm run db:copy/);
    expect(fs.existsSync(target)).toBe(false);

    const sqliteTarget = path.join(scratch, "never-sqlite");
    await expect(restoreBackup({ archive, dataDir: sqliteTarget })).rejects.toThrow(
      /copia de una tienda en PostgreSQL .*npm run db:copy/,
    );
    expect(fs.existsSync(sqliteTarget)).toBe(false);
  });

  it("fails to verify a truncated dump or archive, in Spanish, and leaves no scratch database", async () => {
    const unpacked = path.join(scratch, "tampered");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    const dump = path.join(unpacked, "store.pgdump");
    fs.truncateSync(dump, Math.floor(fs.statSync(dump).size / 2));
    const tampered = path.join(scratch, "tampered.tar.gz");
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, fs.readdirSync(unpacked));
    await expect(verifyArchive(tampered, scratch, store)).rejects.toThrow(
      /La base de datos del archivo está dañada: pg_restore falló/,
    );

    const truncated = path.join(scratch, "truncated.tar.gz");
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyArchive(truncated, scratch, store)).rejects.toThrow(/no se puede leer/);
    expect((await databases()).filter((name) => name.startsWith("perfumeria_verify_"))).toEqual([]);
  });

  it("with UPLOADS_S3_*, copies from the bucket the files the dump's rows name", async () => {
    const s3 = await startS3Server({ directory: path.join(scratch, "s3"), bucket: "archivos" });
    try {
      const bucket = s3.config({ prefix: "tienda/" });
      // The store's files moved into the bucket, as `npm run uploads:to-bucket` does.
      await copyFolderToStore(path.join(dataDir, "uploads"), fileStoreFor(dataDir, bucket));
      const [proof] = await db.selectFrom("paymentProofs").select("file").execute();
      const result = await createBackup({
        dataDir: path.join(scratch, "bucket-data"),
        backupDir: path.join(scratch, "bucket-backups"),
        postgres: store,
        uploadsBucket: bucket,
      });
      expect(await archiveEntries(result.path)).toContain(`uploads/proofs/${proof.file}`);
      expect(result.verification.missingProofFiles).toBe(0);
    } finally {
      await s3.close();
    }
  });

  it("takes the daily backup once a day, claimed in the store's own job_runs", async () => {
    const options = {
      now: new Date(),
      hour: 0,
      dataDir,
      backupDir: path.join(scratch, "daily"),
      postgres: store,
      db,
    };
    const first = await runScheduledBackup(options);
    expect(first?.verification.integrity).toBe("ok");
    expect(await archiveEntries(first!.path)).toContain("store.pgdump");
    expect(await runScheduledBackup(options)).toBeNull();
  });

  it("says which tool is missing when PG_BIN_DIR has no pg_dump", async () => {
    await expect(
      createBackup({
        dataDir,
        backupDir: path.join(scratch, "no-tools"),
        postgres: { ...store, binDir: path.join(scratch, "nowhere") },
      }),
    ).rejects.toThrow(/No se encontró pg_dump en PG_BIN_DIR/);
  });

  it("npm run backup and npm run restore take the store from DATABASE_URL", async () => {
    const backups = path.join(scratch, "cli-backups");
    const backup = await runScript("backup.ts", [], {
      DATA_DIR: dataDir,
      DATABASE_URL: store.url,
      BACKUP_DIR: backups,
    });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("[backup] integrity_check: ok");
    const made = backup.stdout.trim().split("\n").at(-1)!;
    expect(path.dirname(made)).toBe(backups);

    const url = await createStoreDatabase("cli");
    const target = path.join(scratch, "cli-data");
    const restore = await runScript("restore.ts", [made], { DATA_DIR: target, DATABASE_URL: url });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("[restore] tienda restaurada en la base cli en 127.0.0.1:");
    expect(restore.stdout + restore.stderr).not.toContain("clave");
    const again = await runScript("restore.ts", [made], { DATA_DIR: target, DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");
  });
});
