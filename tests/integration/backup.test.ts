import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, databasePath, openSqlite } from "#db/connection";
import {
  BackupError,
  createBackup,
  listBackups,
  restoreBackup,
  SERVER_LOCK_FILE,
  verifyArchive,
} from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import { sampleContent } from "../setup/fiscal-samples";
import { issueDocument } from "~/models/invoicing/numbering.server";
import { addRange } from "~/models/invoicing/ranges.server";
import { createProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { runScript } from "../setup/run-script";
import { testingOnPostgres } from "../setup/database";

/*
 * Backups of this worker's store (real SQLite file, real upload files) and restores into fresh
 * folders; the restore drill under continuous checkouts is restore-drill.test.ts.
 */

const dataDir = process.env.DATA_DIR!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-backup-test-"));
const backupDir = path.join(scratch, "backups");
const proofBytes = crypto.randomBytes(2048);
let archive: string;
let orderIds: string[];
let proofId: string;
let invoiceNumber: string;

/** Every file under a folder with its sha256: what "nothing changed" means for a store. */
function snapshotOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        files[path.relative(dir, full)] = crypto
          .createHash("sha256")
          .update(fs.readFileSync(full))
          .digest("hex");
      }
    }
  };
  walk(dir);
  return files;
}

function freshDir(name: string) {
  return path.join(scratch, name);
}

beforeAll(async () => {
  const product = await createProduct(db, { stock: 50 });
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await createOrder(db, { lines: [{ product }] }));
  orderIds = orders.map((order) => order.id);
  proofId = await attachProof(db, {
    orderId: orderIds[0],
    file: { bytes: proofBytes, dataDir },
  });
  // Decision 173: the fiscal tables are the store's like any other, and go with it.
  await addRange({
    kind: "invoice",
    cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
    prefix: "000-001-01-",
    first: 1,
    last: 100,
    deadline: new Date(Date.now() + 365 * 86_400_000),
    createdBy: null,
  });
  const invoice = await issueDocument(db, {
    orderId: orderIds[0],
    content: sampleContent({ order: { id: orderIds[0]!, number: "-" } }),
  });
  if (!invoice.ok) throw new Error(invoice.message);
  invoiceNumber = invoice.number;
  // A folder of its own: the retention rule keeps one archive a day in `backupDir`.
  archive = (await createBackup({ dataDir, backupDir: path.join(scratch, "fixture") })).path;
});

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

// SQLite stores' archives (store.db); postgres-backup.test.ts covers PostgreSQL's (decision 121).
describe.skipIf(testingOnPostgres)("createBackup", () => {
  it("writes one owner-only archive in an owner-only folder, verified, with the right counts", async () => {
    const result = await createBackup({ dataDir, backupDir });
    expect(fs.statSync(result.path).mode & 0o777).toBe(0o600);
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    expect(path.basename(result.path)).toMatch(/^perfumeria-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/);
    expect(result.verification.integrity).toBe("ok");
    const count = async (table: "orders" | "orderItems" | "paymentProofs" | "products") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(result.verification.counts).toMatchObject({
      orders: await count("orders"),
      order_items: await count("orderItems"),
      payment_proofs: await count("paymentProofs"),
      products: await count("products"),
    });
    expect(result.verification.counts.orders).toBeGreaterThanOrEqual(3);
    expect(result.verification.missingProofFiles).toBe(0);
    expect(result.sizeBytes).toBe(fs.statSync(result.path).size);
    // Nothing but archives is left in the folder (no staging, no partial file).
    expect(fs.readdirSync(backupDir).every((name) => name.endsWith(".tar.gz"))).toBe(true);
    expect(listBackups(backupDir).map((backup) => backup.path)).toContain(result.path);
  });

  it("holds the database, the proofs and nothing of uploads/tmp", async () => {
    fs.mkdirSync(path.join(dataDir, "uploads", "tmp"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "tmp", "a-medias.bin"), "x");
    const result = await createBackup({ dataDir, backupDir });
    const entries: string[] = [];
    await tar.list({ file: result.path, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain("store.db");
    expect(entries).toContain("backup.json");
    expect(entries).toContain(`uploads/proofs/${proofId}.webp`);
    expect(entries.some((entry) => entry.startsWith("uploads/tmp"))).toBe(false);
  });

  it("refuses a folder without a store", async () => {
    await expect(createBackup({ dataDir: freshDir("nada"), backupDir })).rejects.toThrow(
      BackupError,
    );
  });
});

describe.skipIf(testingOnPostgres)("restoreBackup", () => {
  it("restores into a fresh folder: the app's database opens with the orders, items and proof", async () => {
    const target = freshDir("restored");
    const result = await restoreBackup({ archive, dataDir: target });
    expect(result.verification.integrity).toBe("ok");
    expect(result.replacedDir).toBeNull();

    const restored = createDb(openSqlite(databasePath(target)));
    try {
      const orders = await restored
        .selectFrom("orders")
        .select("id")
        .where("id", "in", orderIds)
        .execute();
      expect(orders).toHaveLength(3);
      const items = await restored
        .selectFrom("orderItems")
        .select("orderId")
        .where("orderId", "in", orderIds)
        .execute();
      expect(new Set(items.map((item) => item.orderId))).toEqual(new Set(orderIds));
      const proof = await restored
        .selectFrom("paymentProofs")
        .select("file")
        .where("id", "=", proofId)
        .executeTakeFirstOrThrow();
      expect(fs.readFileSync(path.join(target, "uploads", "proofs", proof.file))).toEqual(
        proofBytes,
      );
      // The invoice, its range and its snapshot, as issued.
      const [original, copy] = await Promise.all(
        [db, restored].map((store) =>
          store
            .selectFrom("fiscalDocuments")
            .innerJoin("fiscalRanges", "fiscalRanges.id", "fiscalDocuments.rangeId")
            .select(["number", "orderId", "snapshot", "cai", "nextNumber"])
            .where("number", "=", invoiceNumber)
            .executeTakeFirstOrThrow(),
        ),
      );
      expect(copy).toEqual(original);
      expect(copy.orderId).toBe(orderIds[0]);
    } finally {
      await restored.destroy();
    }
  });

  it("refuses an existing store without --force, and with it keeps the old one aside", async () => {
    const target = freshDir("existing");
    await restoreBackup({ archive, dataDir: target });
    const before = snapshotOf(target);
    await expect(restoreBackup({ archive, dataDir: target })).rejects.toThrow(/--force/);
    expect(snapshotOf(target)).toEqual(before);

    const result = await restoreBackup({ archive, dataDir: target, force: true });
    expect(result.replacedDir).not.toBeNull();
    expect(fs.statSync(result.replacedDir!).mode & 0o777).toBe(0o700);
    expect(fs.existsSync(path.join(result.replacedDir!, "store.db"))).toBe(true);
    expect(fs.existsSync(databasePath(target))).toBe(true);
  });

  it("refuses while a live server holds the folder's lock, not for a dead one's", async () => {
    const target = freshDir("locked");
    fs.mkdirSync(target, { recursive: true });
    // This test's own process stands for the running server.
    fs.writeFileSync(path.join(target, SERVER_LOCK_FILE), `${process.pid}\n`);
    await expect(restoreBackup({ archive, dataDir: target })).rejects.toThrow(
      `Un servidor (pid ${process.pid})`,
    );
    expect(fs.existsSync(databasePath(target))).toBe(false);

    // A server killed without removing its file: the pid names no process any more.
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"]);
    fs.writeFileSync(path.join(target, SERVER_LOCK_FILE), dead.stdout.toString());
    await restoreBackup({ archive, dataDir: target });
    expect(fs.existsSync(databasePath(target))).toBe(true);
  });

  it("refuses an unreadable or corrupt archive without changing the store", async () => {
    const target = freshDir("kept");
    await restoreBackup({ archive, dataDir: target });
    const before = snapshotOf(target);

    const garbage = path.join(scratch, "basura.tar.gz");
    fs.writeFileSync(garbage, crypto.randomBytes(4096));
    await expect(restoreBackup({ archive: garbage, dataDir: target, force: true })).rejects.toThrow(
      BackupError,
    );

    // A well-formed archive whose database has damaged pages.
    const work = fs.mkdtempSync(path.join(scratch, "corrupt-"));
    await tar.extract({ file: archive, cwd: work });
    const file = path.join(work, "store.db");
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    crypto.randomBytes(pageSize * 4).copy(bytes, pageSize * 2);
    fs.writeFileSync(file, bytes);
    const corrupt = path.join(scratch, "dañado.tar.gz");
    await tar.create({ gzip: true, file: corrupt, cwd: work }, fs.readdirSync(work));
    await expect(verifyArchive(corrupt, scratch)).rejects.toThrow(BackupError);
    await expect(restoreBackup({ archive: corrupt, dataDir: target, force: true })).rejects.toThrow(
      BackupError,
    );

    expect(snapshotOf(target)).toEqual(before);
    expect(fs.readdirSync(target).some((name) => name.startsWith("replaced-"))).toBe(false);

    // Into a folder that did not exist, a refused archive leaves no folder behind.
    await expect(restoreBackup({ archive: corrupt, dataDir: freshDir("nunca") })).rejects.toThrow(
      BackupError,
    );
    expect(fs.existsSync(freshDir("nunca"))).toBe(false);
  });
});

describe.skipIf(testingOnPostgres)("the commands", () => {
  it("npm run backup prints the verification and the archive's path last; fails on no store", async () => {
    const cliBackups = freshDir("cli-backups");
    const [ok, failed] = await Promise.all([
      runScript("backup.ts", [], { DATA_DIR: dataDir, BACKUP_DIR: cliBackups }),
      runScript("backup.ts", [], { DATA_DIR: freshDir("cli-empty"), BACKUP_DIR: cliBackups }),
    ]);
    expect(ok.code).toBe(0);
    const lines = ok.stdout.trim().split("\n");
    expect(lines).toContain("[backup] integrity_check: ok");
    expect(ok.stdout).toMatch(/\[backup\] orders: \d+ filas/);
    expect(ok.stdout).toMatch(/\[backup\] tamaño: /);
    const last = lines.at(-1)!;
    expect(path.dirname(last)).toBe(cliBackups);
    expect(fs.statSync(last).mode & 0o777).toBe(0o600);

    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("No hay tienda");
  });

  it("npm run restore restores, then refuses the same folder without --force", async () => {
    const target = freshDir("cli-restored");
    const first = await runScript("restore.ts", [archive], { DATA_DIR: target });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`[restore] tienda restaurada en ${target}`);
    const again = await runScript("restore.ts", [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("--force");
  });
});
