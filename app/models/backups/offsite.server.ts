import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { parseArchiveName } from "./retention";
import type { OffsiteConfig } from "~/utils/env.server";

// The store is configured in env.server.ts (the one reader of process.env), which owns its shape.
export type { OffsiteConfig };

/*
 * Off-site copies of the backups (issue 12, decision 077): each archive `createBackup` writes is
 * also uploaded to S3 or an S3-compatible store (Backblaze B2, MinIO, Cloudflare R2) with the
 * official AWS SDK, and `npm run restore -- --offsite` brings one back after the machine is lost.
 * The SDK is imported when a copy is shipped, not when the server starts: a store without
 * BACKUP_S3_* never loads it. Nothing here deletes in the bucket: how long copies live there is
 * the bucket's lifecycle rule, so a mistaken or compromised machine cannot erase its history.
 */

/** An upload, listing or download that failed; the message is Spanish, for the operator. */
export class OffsiteError extends Error {}

/** The last attempt to ship an archive, as `BACKUP_DIR/offsite.json` keeps it. */
export type OffsiteRecord = {
  archive: string;
  /** `s3://bucket/key`, and the endpoint's host when it is not AWS. */
  location: string;
  startedAt: string;
} & (
  | {
      status: "uploading";
      /** The process uploading: dead means the upload was cut. */ pid: number;
    }
  | { status: "uploaded"; at: string; sizeBytes: number; sha256: string }
  | { status: "failed"; at: string; error: string }
);

const RECORD_FILE = "offsite.json";
/** Parts of a large archive in flight at once: 2 × 8 MB of memory, whatever the archive's size. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function keyOf(config: OffsiteConfig, archiveName: string) {
  return `${config.prefix}${archiveName}`;
}

/** Where an archive (its name or its local path) goes: `s3://bucket/key (endpoint host)`. */
export function offsiteLocation(config: OffsiteConfig, archive: string) {
  const where = `s3://${config.bucket}/${keyOf(config, path.basename(archive))}`;
  return config.endpoint ? `${where} (${new URL(config.endpoint).host})` : where;
}

async function clientFor(config: OffsiteConfig): Promise<S3Client> {
  const { S3Client } = await import("@aws-sdk/client-s3");
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    // MinIO and most self-hosted stores have no bucket subdomains; B2 and R2 accept both.
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // A dead endpoint fails in seconds (after the SDK's 3 attempts), not when TCP gives up.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  });
}

/** The SDK's errors, said so that the operator knows which setting to look at. */
function describeS3Error(error: unknown, config: OffsiteConfig): string {
  if (error instanceof OffsiteError) return error.message;
  const name = (error as { name?: string }).name ?? "";
  const code = (error as { code?: string }).code ?? "";
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"].includes(name)) {
    return `El almacenamiento externo rechazó las credenciales (${name}): revisa BACKUP_S3_ACCESS_KEY_ID y BACKUP_S3_SECRET_ACCESS_KEY.`;
  }
  if (name === "NoSuchKey" || (name === "NotFound" && status === 404)) {
    return `Esa copia no está en el almacenamiento externo (${name}): npm run restore -- --offsite --list muestra las que hay.`;
  }
  if (name === "NoSuchBucket") {
    return `El bucket «${config.bucket}» no existe en el almacenamiento externo (BACKUP_S3_BUCKET).`;
  }
  if (
    ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNRESET"].includes(code) ||
    name === "TimeoutError"
  ) {
    const where = config.endpoint ?? `S3 (${config.region})`;
    return `No se pudo conectar con el almacenamiento externo ${where} (${code || name}).`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `El almacenamiento externo respondió ${name || "un error"}${status ? ` (HTTP ${status})` : ""}: ${detail}`;
}

async function withClient<T>(config: OffsiteConfig, work: (client: S3Client) => Promise<T>) {
  let client: S3Client | undefined;
  try {
    client = await clientFor(config);
    return await work(client);
  } catch (error) {
    throw new OffsiteError(describeS3Error(error, config));
  } finally {
    client?.destroy();
  }
}

function hashTap(hash: crypto.Hash) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

async function sha256Of(file: string) {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Uploads an archive (in parts, so memory stays flat however large the uploads folder grows),
 * with its sha256 in the object's metadata, then asks the store for the object's size: an
 * upload counts only when the store holds every byte.
 */
export async function uploadArchive(config: OffsiteConfig, archivePath: string) {
  const archive = path.basename(archivePath);
  const key = keyOf(config, archive);
  const sizeBytes = fs.statSync(archivePath).size;
  const sha256 = await sha256Of(archivePath);
  await withClient(config, async (client) => {
    const [{ HeadObjectCommand }, { Upload }] = await Promise.all([
      import("@aws-sdk/client-s3"),
      import("@aws-sdk/lib-storage"),
    ]);
    await new Upload({
      client,
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      params: {
        Bucket: config.bucket,
        Key: key,
        Body: fs.createReadStream(archivePath),
        ContentType: "application/gzip",
        Metadata: { sha256 },
      },
    }).done();
    const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
    if (head.ContentLength !== sizeBytes) {
      throw new OffsiteError(
        `El almacenamiento externo guardó ${head.ContentLength ?? "?"} bytes de ${sizeBytes}.`,
      );
    }
  });
  return { key, location: offsiteLocation(config, archive), sizeBytes, sha256 };
}

export type OffsiteArchive = { name: string; key: string; takenAt: Date; sizeBytes: number };

/** The archives under the prefix in the bucket, oldest first; other objects are ignored. */
export async function listOffsiteArchives(config: OffsiteConfig): Promise<OffsiteArchive[]> {
  return withClient(config, async (client) => {
    const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const found: (OffsiteArchive & { repeat: number })[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: config.bucket,
          Prefix: config.prefix || undefined,
          ContinuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(config.prefix.length) ?? "";
        const parsed = parseArchiveName(name);
        if (!parsed || !object.Key) continue;
        found.push({ name, key: object.Key, sizeBytes: object.Size ?? 0, ...parsed });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found
      .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.repeat - b.repeat)
      .map(({ repeat: _repeat, ...archive }) => archive);
  });
}

/**
 * Downloads one archive (the newest when `name` is not given) into `targetDir`, owner-only, and
 * checks it against the sha256 recorded at upload; returns its local path. A download that does
 * not match is deleted, never left for a restore to pick up.
 */
export async function downloadArchive(config: OffsiteConfig, targetDir: string, name?: string) {
  let archive = name;
  if (archive === undefined) {
    archive = (await listOffsiteArchives(config)).at(-1)?.name;
    if (!archive) {
      throw new OffsiteError(`No hay copias en s3://${config.bucket}/${config.prefix}.`);
    }
  }
  if (!parseArchiveName(archive)) {
    throw new OffsiteError(
      `«${archive}» no es el nombre de una copia (perfumeria-AAAAMMDDTHHMMSSZ.tar.gz).`,
    );
  }
  fs.mkdirSync(targetDir, { recursive: true, mode: 0o700 });
  const target = path.join(targetDir, archive);
  const partial = `${target}.download`;
  const key = keyOf(config, archive);
  try {
    await withClient(config, async (client) => {
      const { GetObjectCommand } = await import("@aws-sdk/client-s3");
      const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      const hash = crypto.createHash("sha256");
      await pipeline(
        object.Body as Readable,
        hashTap(hash),
        fs.createWriteStream(partial, { mode: 0o600 }),
      );
      const expected = object.Metadata?.sha256;
      if (expected && hash.digest("hex") !== expected) {
        throw new OffsiteError(
          `La copia descargada de ${offsiteLocation(config, archive)} no coincide con la subida (sha256): no se usa.`,
        );
      }
    });
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { path: target, location: offsiteLocation(config, archive) };
}

/** The last attempt to ship an archive, or null when none was made in this folder. */
export function readOffsiteRecord(backupDir: string): OffsiteRecord | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(backupDir, RECORD_FILE), "utf8")) as OffsiteRecord;
  } catch {
    return null;
  }
}

function writeOffsiteRecord(backupDir: string, record: OffsiteRecord) {
  const file = path.join(backupDir, RECORD_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(record, null, 2), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Ships a verified archive off-site and records it next to the archives, for the dashboard:
 * "uploading" before the promise is returned (so a page loaded meanwhile says so), then the
 * outcome. It never rejects: the local backup stands whatever the network does, and a failure is
 * in the record it resolves to. The dashboard does not wait for it; the commands do.
 */
export function shipOffsite(config: OffsiteConfig, archivePath: string): Promise<OffsiteRecord> {
  const backupDir = path.dirname(archivePath);
  const archive = path.basename(archivePath);
  const base = {
    archive,
    location: offsiteLocation(config, archive),
    startedAt: new Date().toISOString(),
  };
  writeOffsiteRecord(backupDir, { ...base, status: "uploading", pid: process.pid });
  const finish = (record: OffsiteRecord) => {
    writeOffsiteRecord(backupDir, record);
    return record;
  };
  return uploadArchive(config, archivePath).then(
    ({ sizeBytes, sha256 }) =>
      finish({ ...base, status: "uploaded", at: new Date().toISOString(), sizeBytes, sha256 }),
    (error: unknown) =>
      finish({
        ...base,
        status: "failed",
        at: new Date().toISOString(),
        error: error instanceof OffsiteError ? error.message : String(error),
      }),
  );
}
