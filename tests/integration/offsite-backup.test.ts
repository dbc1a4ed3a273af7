import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, databasePath, openSqlite } from "#db/connection";
import { backupStatus } from "~/models/backups/status.server";
import { createBackup } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import {
  downloadArchive,
  OffsiteError,
  shipOffsite,
  uploadArchive,
  type OffsiteConfig,
} from "~/models/backups/offsite.server";
import { createProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { runScript } from "../setup/run-script";
import { putObject, readObject, startS3Server } from "../../scripts/s3-server";
import { testingOnPostgres } from "../setup/database";

/*
 * Off-site copies (decision 077) against a real S3-compatible server started here, over this
 * worker's store. Two servers share one bucket folder: `s3` checks every signature; `lenient`
 * serves the listing, which s3rver cannot verify (see startS3Server).
 */

const dataDir = process.env.DATA_DIR!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-offsite-test-"));
const bucket = "perfumeria-copias";
let s3: Awaited<ReturnType<typeof startS3Server>>;
let lenient: Awaited<ReturnType<typeof startS3Server>>;
let product: Awaited<ReturnType<typeof createProduct>>;

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** The S3 settings of `config` as the commands read them from the environment. */
function envOf(config: OffsiteConfig) {
  return {
    BACKUP_S3_ENDPOINT: config.endpoint!,
    BACKUP_S3_BUCKET: config.bucket,
    BACKUP_S3_ACCESS_KEY_ID: config.accessKeyId,
    BACKUP_S3_SECRET_ACCESS_KEY: config.secretAccessKey,
    BACKUP_S3_PREFIX: config.prefix,
  };
}

/** A backup of this worker's store, then its off-site copy, as `npm run backup` takes them. */
async function backUp(backupDir: string, config: OffsiteConfig, now?: Date) {
  const backup = await createBackup({ dataDir, backupDir, now });
  return { ...backup, offsite: await shipOffsite(config, backup.path) };
}

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const directory = path.join(scratch, "s3");
  [s3, lenient] = await Promise.all([
    startS3Server({ directory, bucket }),
    startS3Server({ directory, bucket, lenientSignatures: true }),
  ]);
  product = await createProduct(db, { stock: 50 });
  const order = await createOrder(db, { lines: [{ product }] });
  await attachProof(db, { orderId: order.id, file: { bytes: crypto.randomBytes(1024), dataDir } });
});

afterAll(async () => {
  await Promise.all([s3?.close(), lenient?.close()]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("createBackup with BACKUP_S3_*", () => {
  it("uploads the verified archive byte for byte, with its sha256, and records where", async () => {
    const backupDir = path.join(scratch, "ok");
    const config = s3.config({ prefix: "tienda/" });
    const result = await backUp(backupDir, config);
    const name = path.basename(result.path);
    const host = new URL(s3.endpoint).host;
    expect(result.offsite).toMatchObject({
      status: "uploaded",
      archive: name,
      location: `s3://${bucket}/tienda/${name} (${host})`,
      sizeBytes: result.sizeBytes,
    });

    const local = fs.readFileSync(result.path);
    const remote = await readObject(s3.endpoint, bucket, `tienda/${name}`);
    expect(sha256(remote.bytes)).toBe(sha256(local));
    expect(remote.metadata).toEqual({ sha256: sha256(local) });

    const status = backupStatus(backupDir, { offsiteConfigured: true });
    expect(status.offsite).toEqual({ last: result.offsite, behind: false });
    // Without BACKUP_S3_* the dashboard says nothing of a record left from before.
    expect(backupStatus(backupDir).offsite).toBeNull();
  });

  it("keeps the local archive when the upload fails, and says which setting to check", async () => {
    const backupDir = path.join(scratch, "failed");
    const result = await backUp(backupDir, s3.config({ secretAccessKey: "no-es-la-clave" }));
    expect(fs.existsSync(result.path)).toBe(true);
    expect(result.offsite).toMatchObject({
      status: "failed",
      archive: path.basename(result.path),
    });
    expect(result.offsite.status === "failed" && result.offsite.error).toMatch(
      /rechazó las credenciales \(SignatureDoesNotMatch\).*BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    expect(backupStatus(backupDir, { offsiteConfigured: true }).offsite).toEqual({
      last: result.offsite,
      behind: true,
    });

    // The other ways it goes wrong, each named for the operator.
    const cases: [Partial<OffsiteConfig>, RegExp][] = [
      [{ accessKeyId: "NADIE" }, /rechazó las credenciales \(InvalidAccessKeyId\)/],
      [{ bucket: "no-existe" }, /El bucket «no-existe» no existe.*BACKUP_S3_BUCKET/],
      [
        { endpoint: `http://127.0.0.1:${await closedPort()}` },
        /No se pudo conectar con el almacenamiento externo http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
      ],
    ];
    for (const [overrides, message] of cases) {
      const record = await shipOffsite(s3.config(overrides), result.path);
      expect(record.status === "failed" && record.error, JSON.stringify(overrides)).toMatch(
        message,
      );
    }
  });

  it("records the upload while it runs; one cut short by a restart shows as failed", async () => {
    const backupDir = path.join(scratch, "en-curso");
    const backup = await createBackup({ dataDir, backupDir });
    const shipping = shipOffsite(s3.config(), backup.path);
    // What a dashboard loaded right after 'Crear copia de seguridad' sees.
    const during = backupStatus(backupDir, { offsiteConfigured: true }).offsite;
    expect(during).toMatchObject({
      last: { status: "uploading", pid: process.pid },
      behind: false,
    });
    expect((await shipping).status).toBe("uploaded");

    // The same record left by a process that no longer exists.
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"]);
    const record = JSON.parse(fs.readFileSync(path.join(backupDir, "offsite.json"), "utf8"));
    fs.writeFileSync(
      path.join(backupDir, "offsite.json"),
      JSON.stringify({ ...record, status: "uploading", pid: Number(dead.stdout.toString()) }),
    );
    expect(backupStatus(backupDir, { offsiteConfigured: true }).offsite).toMatchObject({
      last: { status: "failed", error: expect.stringContaining("se interrumpió") },
      behind: true,
    });
  });

  it("uploads a large archive in parts", async () => {
    // 20 MB of noise under an archive's name: three parts of 8 MB or less.
    const big = path.join(scratch, "perfumeria-20261101T090000Z.tar.gz");
    const bytes = crypto.randomBytes(20 * 1024 * 1024);
    fs.writeFileSync(big, bytes);
    const config = s3.config({ prefix: "grande/" });
    const uploaded = await uploadArchive(config, big);
    expect(uploaded).toMatchObject({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(sha256((await readObject(s3.endpoint, bucket, uploaded.key)).bytes)).toBe(sha256(bytes));
  });
});

describe("the commands with BACKUP_S3_*", () => {
  it("npm run backup prints the off-site copy, and exits 1 when it failed (the archive still last)", async () => {
    const [ok, failed] = await Promise.all([
      runScript("backup.ts", [], {
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(scratch, "cli-ok"),
        ...envOf(s3.config({ prefix: "cli/" })),
      }),
      runScript("backup.ts", [], {
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(scratch, "cli-failed"),
        ...envOf(s3.config({ bucket: "no-existe" })),
      }),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /\[backup\] copia externa: s3:\/\/perfumeria-copias\/cli\/perfumeria-/,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("[backup] la copia externa falló: El bucket «no-existe»");
    const last = failed.stdout.trim().split("\n").at(-1)!;
    expect(path.dirname(last)).toBe(path.join(scratch, "cli-failed"));
    expect(fs.existsSync(last)).toBe(true);
  });

  // "A new machine" is an empty SQLite folder; on PostgreSQL this file's own connections hold the
  // store, and postgres-backup.test.ts restores through the command there.
  it.skipIf(testingOnPostgres)(
    "npm run restore -- --offsite brings the newest copy back onto a new machine",
    async () => {
      const config = lenient.config({ prefix: "maquina/" });
      const shipped = path.join(scratch, "maquina");
      const older = await backUp(shipped, config, new Date("2026-11-20T09:00:00Z"));
      // An order placed after the older copy: only the newest copy has it.
      const later = await createOrder(db, { lines: [{ product }] });
      const newer = await backUp(shipped, config);
      expect([older.offsite.status, newer.offsite.status]).toEqual(["uploaded", "uploaded"]);

      const env = { ...envOf(config), DATA_DIR: path.join(scratch, "nueva") };
      const listed = await runScript("restore.ts", ["--offsite", "--list"], env);
      expect(listed.code).toBe(0);
      expect(
        listed.stdout
          .trim()
          .split("\n")
          .map((line) => line.split(" ")[0]),
      ).toEqual([path.basename(older.path), path.basename(newer.path)]);

      const restored = await runScript("restore.ts", ["--offsite"], env);
      expect(restored.stderr).not.toContain("[restore]");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain(
        `descargada de s3://${bucket}/maquina/${path.basename(newer.path)}`,
      );
      expect(restored.stdout).toContain("[restore] integrity_check: ok");
      const downloaded = path.join(env.DATA_DIR, "backups", path.basename(newer.path));
      expect(fs.statSync(downloaded).mode & 0o777).toBe(0o600);
      const store = createDb(openSqlite(databasePath(env.DATA_DIR)));
      try {
        const found = await store
          .selectFrom("orders")
          .select("id")
          .where("id", "=", later.id)
          .executeTakeFirst();
        expect(found?.id).toBe(later.id);
      } finally {
        await store.destroy();
      }

      // Asked again, the store there is refused before anything is downloaded.
      fs.rmSync(downloaded);
      const again = await runScript("restore.ts", ["--offsite"], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("--force");
      expect(fs.existsSync(downloaded)).toBe(false);
    },
  );

  it("refuses a download whose bytes differ from the upload's sha256, and keeps nothing of it", async () => {
    const config = s3.config({ prefix: "alterada/" });
    const name = "perfumeria-20261102T090000Z.tar.gz";
    await putObject(s3.endpoint, {
      bucket,
      key: `alterada/${name}`,
      body: crypto.randomBytes(512),
      metadata: { sha256: sha256(Buffer.from("otro contenido")) },
    });
    const target = path.join(scratch, "descargas");
    await expect(downloadArchive(config, target, name)).rejects.toThrow(OffsiteError);
    await expect(downloadArchive(config, target, name)).rejects.toThrow(/no coincide/);
    expect(fs.readdirSync(target)).toEqual([]);
    await expect(
      downloadArchive(config, target, "perfumeria-20200101T000000Z.tar.gz"),
    ).rejects.toThrow(/Esa copia no está en el almacenamiento externo \(NoSuchKey\)/);
    await expect(downloadArchive(config, target, "../../etc/passwd")).rejects.toThrow(
      /no es el nombre de una copia/,
    );
  });
});
