import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup, restoreBackup } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import type { BucketConfig } from "~/utils/env.server";
import { createProduct } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { pngBytes, postCheckout, putInCart, userCookie } from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";
import { signedInCookie } from "../setup/route-helpers";
import { readObject, S3_KEY, startS3Server } from "../../scripts/s3-server";
import { testingOnPostgres } from "../setup/database";

/*
 * Decision 120: with UPLOADS_S3_* the built server keeps payment proofs, product pictures and
 * brand logos in a real S3-compatible server (s3rver, started here), not in DATA_DIR/uploads,
 * and serves them at the same addresses under the same rules: a proof to its owner and the
 * admins only. A backup copies the files the database names out of the bucket, and a restore
 * puts them back in one.
 */

const dataDir = process.env.DATA_DIR!;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-uploads-bucket-"));
const bucket = "perfumeria-archivos";
const prefix = "tienda/";
let s3: Awaited<ReturnType<typeof startS3Server>>;
let server: Awaited<ReturnType<typeof startServer>>;
let config: BucketConfig;
let admin: string;

beforeAll(async () => {
  s3 = await startS3Server({ directory: path.join(scratch, "s3"), bucket });
  config = s3.config({ prefix });
  server = await startServer({
    UPLOADS_S3_ENDPOINT: s3.endpoint,
    UPLOADS_S3_BUCKET: bucket,
    UPLOADS_S3_ACCESS_KEY_ID: S3_KEY.accessKeyId,
    UPLOADS_S3_SECRET_ACCESS_KEY: S3_KEY.secretAccessKey,
    UPLOADS_S3_PREFIX: prefix,
  });
  admin = await signedInCookie((await createUser(db, { role: "admin" })).id);
});

afterAll(async () => {
  await server?.stop();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Whether the bucket holds `key` (HEAD, as the store itself asks). */
async function inBucket(key: string) {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_KEY,
  });
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

const localFile = (kind: string, name: string) => path.join(dataDir, "uploads", kind, name);

function multipart(url: string, cookie: string, fields: Record<string, string>, file?: File) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set(file.name.startsWith("logo") ? "logo" : "newImages", file);
  return fetch(`${server.baseUrl}${url}`, {
    method: "POST",
    headers: { Origin: server.origin, Cookie: cookie },
    body,
    redirect: "manual",
  });
}

describe("payment proofs in the bucket", () => {
  let proof: { id: string; file: string };
  let owner: string;

  beforeAll(async () => {
    const customer = await createUser(db);
    const product = await createProduct(db, { stock: 5 });
    await putInCart(db, { userId: customer.id }, product.id);
    owner = (await userCookie(customer.id)).cookie;
    const placed = await postCheckout(server.baseUrl, {
      cookie: owner,
      clientIp: "203.0.113.41",
      png: await pngBytes(64, 48),
    });
    expect(placed.status).toBe(302);
    proof = await db
      .selectFrom("paymentProofs")
      .select(["id", "file"])
      .where("userId", "=", customer.id)
      .executeTakeFirstOrThrow();
  });

  const download = (cookie?: string) =>
    fetch(`${server.baseUrl}/resources/payment-proofs/${proof.id}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });

  it("is stored in the bucket, not on the disk, and served to its owner and to an admin", async () => {
    const stored = await readObject(s3.endpoint, bucket, `${prefix}proofs/${proof.file}`);
    expect(fs.existsSync(localFile("proofs", proof.file))).toBe(false);
    for (const cookie of [owner, admin]) {
      const response = await download(cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Content-Length")).toBe(String(stored.bytes.length));
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(Buffer.from(await response.arrayBuffer()).equals(stored.bytes)).toBe(true);
    }
  });

  it("answers another customer and a guest the 404 of a proof that does not exist", async () => {
    const other = (await userCookie((await createUser(db)).id)).cookie;
    for (const cookie of [other, undefined]) {
      const response = await download(cookie);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("answers 404 when its object is missing from the bucket", async () => {
    const customer = await createUser(db);
    const file = `${crypto.randomBytes(16).toString("hex")}.webp`;
    const id = crypto.randomBytes(16).toString("hex");
    await db
      .insertInto("paymentProofs")
      .values({ id, file, userId: customer.id, sessionId: null, orderId: null, size: 10 })
      .execute();
    const response = await fetch(`${server.baseUrl}/resources/payment-proofs/${id}`, {
      headers: { Cookie: (await userCookie(customer.id)).cookie },
    });
    expect(response.status).toBe(404);
  });

  it("'Quitar comprobante' deletes the object", async () => {
    const shopper = await userCookie((await createUser(db)).id);
    const body = new FormData();
    body.set("proofFile", new File([new Uint8Array(await pngBytes(40, 30))], "pago.png"));
    const uploaded = await fetch(`${server.baseUrl}/resources/checkout-proof`, {
      method: "POST",
      headers: { Origin: server.origin, Cookie: shopper.cookie, "X-Forwarded-For": "203.0.113.42" },
      body,
    });
    const { id } = (await uploaded.json()) as { id: string };
    const { file } = await db
      .selectFrom("paymentProofs")
      .select("file")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(await inBucket(`${prefix}proofs/${file}`)).toBe(true);

    const removed = await multipart("/resources/checkout-proof", shopper.cookie, {
      intent: "remove",
      id,
    });
    expect(removed.status).toBe(200);
    expect(await inBucket(`${prefix}proofs/${file}`)).toBe(false);
  });
});

describe("product pictures and brand logos in the bucket", () => {
  it("stores an uploaded product picture's widths in the bucket and serves them publicly", async () => {
    const png = await pngBytes(700, 500);
    const key = crypto.createHash("sha256").update(png).digest("hex").slice(0, 16);
    // 'Subir imágenes' stores the picture at once; the product is saved later (decision 049).
    const response = await multipart(
      "/admin/products/new",
      admin,
      { imageAction: "upload" },
      new File([new Uint8Array(png)], "foto.png"),
    );
    expect(response.status).toBe(200);
    for (const width of [160, 320, 640]) {
      const name = `${key}-${width}.webp`;
      expect(fs.existsSync(localFile("products", name))).toBe(false);
      const stored = await readObject(s3.endpoint, bucket, `${prefix}products/${name}`);
      const served = await fetch(`${server.baseUrl}/images/products/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe("image/webp");
      expect(served.headers.get("Content-Length")).toBe(String(stored.bytes.length));
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(Buffer.from(await served.arrayBuffer()).equals(stored.bytes)).toBe(true);
    }
    const missing = await fetch(`${server.baseUrl}/images/products/${"0".repeat(16)}-640.webp`);
    expect(missing.status).toBe(404);
  });

  it("stores a brand's logo in the bucket and serves it from the brand's logo address", async () => {
    const name = `Marca en bucket ${crypto.randomBytes(3).toString("hex")}`;
    const response = await multipart(
      "/admin/brands/new",
      admin,
      { name, isActive: "on" },
      new File([new Uint8Array(await pngBytes(300, 100))], "logo.png"),
    );
    expect(response.status).toBe(302);
    const { logoUrl } = await db
      .selectFrom("brands")
      .select("logoUrl")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    const file = logoUrl!.split("/").pop()!;
    expect(fs.existsSync(localFile("brands", file))).toBe(false);
    expect(await inBucket(`${prefix}brands/${file}`)).toBe(true);
    expect((await fetch(`${server.baseUrl}${logoUrl}`)).status).toBe(200);
  });
});

describe("the dashboard, backups and restore with the bucket", () => {
  it("says the uploads are in the bucket instead of adding up a folder", async () => {
    const page = await (
      await fetch(`${server.baseUrl}/admin`, { headers: { Cookie: admin } })
    ).text();
    expect(page).toContain(`En el bucket s3://${bucket}/${prefix}`);
  });

  // A SQLite store's archive (a PostgreSQL one's files from the bucket: postgres-backup.test.ts).
  it.skipIf(testingOnPostgres)(
    "backs up the files the database names from the bucket, and a restore puts them in a bucket",
    async () => {
      const proofs = await db.selectFrom("paymentProofs").select("file").execute();
      const backup = await createBackup({
        dataDir,
        backupDir: path.join(scratch, "backups"),
        uploadsBucket: config,
      });
      const entries: string[] = [];
      await tar.list({ file: backup.path, onReadEntry: (entry) => entries.push(entry.path) });
      const inArchive = (name: string) => entries.some((entry) => entry.endsWith(name));
      // Every proof whose object exists is in the archive; the others (the 404 test's, and any a
      // test before this file left in the local folder) are counted as missing, as a proof file
      // missing from a folder is.
      const stored = await Promise.all(
        proofs.map(
          async (proof) => (await inBucket(`${prefix}proofs/${proof.file}`)) && proof.file,
        ),
      );
      const present = stored.filter((file): file is string => Boolean(file));
      expect(present.length).toBeGreaterThan(0);
      for (const file of present) expect(inArchive(`uploads/proofs/${file}`)).toBe(true);
      expect(backup.verification.missingProofFiles).toBe(proofs.length - present.length);

      // A new machine, its own empty bucket: the restore writes the archive's files into it.
      const target = path.join(scratch, "restored");
      const freshBucket = "perfumeria-restaurada";
      const fresh = await startS3Server({
        directory: path.join(scratch, "s3-fresh"),
        bucket: freshBucket,
      });
      try {
        const restored = await restoreBackup({
          archive: backup.path,
          dataDir: target,
          uploadsBucket: fresh.config({ prefix }),
        });
        expect(restored.bucket).toEqual({ copied: backup.verification.uploadFiles });
        const sample = present[0]!;
        const copy = await readObject(fresh.endpoint, freshBucket, `${prefix}proofs/${sample}`);
        const original = await readObject(s3.endpoint, bucket, `${prefix}proofs/${sample}`);
        expect(copy.bytes.equals(original.bytes)).toBe(true);
      } finally {
        await fresh.close();
      }
    },
  );

  it.skipIf(testingOnPostgres)(
    "takes no backup when the bucket cannot be read, rather than an archive without its files",
    async () => {
      const backupDir = path.join(scratch, "backups-unreachable");
      const closed = await startS3Server({ directory: path.join(scratch, "s3-closed"), bucket });
      const unreachable = closed.config({ prefix });
      await closed.close();
      await expect(
        createBackup({ dataDir, backupDir, uploadsBucket: unreachable }),
      ).rejects.toThrow(
        /No se pudieron copiar los archivos subidos desde s3:\/\/perfumeria-archivos\/tienda\//,
      );
      expect(fs.readdirSync(backupDir).filter((name) => name.endsWith(".tar.gz"))).toEqual([]);
    },
  );
});
