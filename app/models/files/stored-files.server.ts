import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import type { S3Client } from "@aws-sdk/client-s3";
import { getEnv, type BucketConfig } from "~/utils/env.server";
import { writeFileDurably } from "~/utils/uploads.server";

/*
 * Where the store keeps the files it was sent (decision 120): payment proofs (private), product
 * pictures and brand logos (public), each kind in its own folder. Without UPLOADS_S3_BUCKET
 * they are files under DATA_DIR/uploads/<kind>/ as they always were; with it, objects
 * `UPLOADS_S3_PREFIX<kind>/<name>` in that S3-compatible bucket, so that any server of the shop
 * reads what another received and nothing depends on the disk of the one that took the upload.
 * Who may read a file is the caller's rule (the routes), the same for both.
 */

export type FileKind = "proofs" | "products" | "brands";

/** A stored file's bytes as a stream for a response, and their count. */
export type StoredFile = { body: ReadableStream<Uint8Array>; size: number };

export type FileStore = {
  /** Writes the whole file, or nothing under its name (a crash never leaves half of one). */
  write(kind: FileKind, name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none by that name. */
  read(kind: FileKind, name: string): Promise<StoredFile | null>;
  exists(kind: FileKind, name: string): Promise<boolean>;
  /** Removes it; a file already gone is not an error. */
  remove(kind: FileKind, name: string): Promise<void>;
  /** `s3://bucket/prefix` for the bucket, null for the local folder. */
  bucketLocation: string | null;
};

/** DATA_DIR/uploads: the local folder of the uploads (and of uploads/tmp, always local). */
export function uploadsDirIn(dataDir: string) {
  return path.join(dataDir, "uploads");
}

/** A file's bytes as a web stream, read as the reader pulls (the store knows no HTTP). */
function webStreamOf(readable: fs.ReadStream): ReadableStream<Uint8Array> {
  const chunks = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value as Buffer));
    },
    cancel(reason) {
      readable.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}

function localStore(dataDir: string): FileStore {
  const fileOf = (kind: FileKind, name: string) => path.join(uploadsDirIn(dataDir), kind, name);
  return {
    bucketLocation: null,
    write: (kind, name, bytes) => writeFileDurably(fileOf(kind, name), bytes),
    async read(kind, name) {
      const file = fileOf(kind, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        body: webStreamOf(fs.createReadStream(file)),
        size: stat.size,
      };
    },
    exists: async (kind, name) => fs.existsSync(fileOf(kind, name)),
    remove: async (kind, name) => fs.rmSync(fileOf(kind, name), { force: true }),
  };
}

/** One client per process and bucket: its connections are kept alive between requests. */
const clients = new Map<string, Promise<S3Client>>();

function clientFor(config: BucketConfig) {
  const id = JSON.stringify(config);
  let client = clients.get(id);
  if (!client) {
    // Imported on first use, as the off-site copies do: a store without a bucket never loads it.
    client = import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: config.endpoint,
          region: config.region,
          // MinIO and most self-hosted stores have no bucket subdomains; B2 and R2 accept both.
          forcePathStyle: Boolean(config.endpoint),
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
          // A shopper waits on these: a dead endpoint fails in seconds.
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
        }),
    );
    clients.set(id, client);
  }
  return client;
}

function isMissing(error: unknown) {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === "NoSuchKey" || name === "NotFound" || status === 404;
}

function bucketStore(config: BucketConfig): FileStore {
  const Bucket = config.bucket;
  const keyOf = (kind: FileKind, name: string) => `${config.prefix}${kind}/${name}`;
  const sdk = () => import("@aws-sdk/client-s3");
  const where = `s3://${config.bucket}/${config.prefix}`;
  return {
    bucketLocation: config.endpoint ? `${where} (${new URL(config.endpoint).host})` : where,
    async write(kind, name, bytes, contentType) {
      const { PutObjectCommand } = await sdk();
      // One PUT: the object exists whole or not at all, which is what writeFileDurably gives
      // the local folder.
      await (
        await clientFor(config)
      ).send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(kind, name),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
        }),
      );
    },
    async read(kind, name) {
      const { GetObjectCommand } = await sdk();
      try {
        const object = await (
          await clientFor(config)
        ).send(new GetObjectCommand({ Bucket, Key: keyOf(kind, name) }));
        if (!object.Body || object.ContentLength === undefined) return null;
        return { body: object.Body.transformToWebStream(), size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(kind, name) {
      const { HeadObjectCommand } = await sdk();
      try {
        await (
          await clientFor(config)
        ).send(new HeadObjectCommand({ Bucket, Key: keyOf(kind, name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(kind, name) {
      const { DeleteObjectCommand } = await sdk();
      // S3 answers 204 for a key that is not there: removing twice is fine.
      await (
        await clientFor(config)
      ).send(new DeleteObjectCommand({ Bucket, Key: keyOf(kind, name) }));
    },
  };
}

/** The store of `dataDir`'s uploads: the bucket when one is configured, else the local folder. */
export function fileStoreFor(dataDir: string, bucket: BucketConfig | null): FileStore {
  return bucket ? bucketStore(bucket) : localStore(dataDir);
}

/** This server's store of uploaded files, as configured (UPLOADS_S3_*, else DATA_DIR/uploads). */
export function fileStore(): FileStore {
  const { DATA_DIR, uploadsBucket } = getEnv();
  return fileStoreFor(DATA_DIR, uploadsBucket);
}

const KINDS: readonly FileKind[] = ["proofs", "products", "brands"];

/** A few transfers at a time: a backup of thousands of small files is not one round trip each. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>, size = 8) {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(work));
  }
}

/**
 * A backup of a store whose uploads are in a bucket: the files the database names are copied
 * from `store` into `uploadsDir` (a backup's staging folder), in the layout of DATA_DIR/uploads,
 * so the archive holds them as it always did. A name the store does not have is skipped (the
 * backup's verification counts the proofs missing).
 */
export async function copyStoreToFolder(
  store: FileStore,
  files: readonly { kind: FileKind; name: string }[],
  uploadsDir: string,
) {
  let copied = 0;
  for (const kind of KINDS)
    fs.mkdirSync(path.join(uploadsDir, kind), { recursive: true, mode: 0o700 });
  await inBatches(files, async ({ kind, name }) => {
    const stored = await store.read(kind, name);
    if (!stored) return;
    const target = fs.createWriteStream(path.join(uploadsDir, kind, name), { mode: 0o600 });
    await pipeline(Readable.fromWeb(stored.body as NodeWebStream<Uint8Array>), target);
    copied++;
  });
  return copied;
}

/**
 * The other way: every file of a local uploads folder (proofs/, products/, brands/; never tmp/)
 * written into `store`. A restore into a store that uses a bucket puts the archive's files
 * there; an existing store that starts using a bucket moves its files with it
 * (`npm run uploads:to-bucket`). Writing a file that is already there rewrites the same bytes.
 */
export async function copyFolderToStore(uploadsDir: string, store: FileStore) {
  const files = KINDS.flatMap((kind) => {
    const dir = path.join(uploadsDir, kind);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".webp"))
      .map((entry) => ({ kind, name: entry.name }));
  });
  await inBatches(files, async ({ kind, name }) => {
    const bytes = await fs.promises.readFile(path.join(uploadsDir, kind, name));
    await store.write(kind, name, bytes, "image/webp");
  });
  return files.length;
}
