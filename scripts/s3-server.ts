import S3rver from "@20minutes/s3rver";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { OffsiteConfig } from "~/models/backups/offsite.server";

/*
 * A real S3-compatible server (s3rver: the S3 REST API over files in `directory`) for the
 * off-site backup tests and `npm run bench:offsite`, never a mock of the SDK. It lives in
 * scripts/ because the bench runs it and nothing outside tests/ imports from tests/. It knows
 * one key pair, S3RVER/S3RVER.
 */
export const S3_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export async function startS3Server(options: {
  directory: string;
  bucket: string;
  port?: number;
  /**
   * s3rver signs bucket-level requests (ListObjectsV2) over "/bucket" where the SDK signs
   * "/bucket/", so listing needs its signature check off; uploads and downloads keep it on.
   */
  lenientSignatures?: boolean;
}) {
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory: options.directory,
    silent: true,
    allowMismatchedSignatures: options.lenientSignatures ?? false,
    configureBuckets: [{ name: options.bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The BACKUP_S3_* settings for this server, as env.server.ts would parse them. */
    config: (overrides: Partial<OffsiteConfig> = {}): OffsiteConfig => ({
      endpoint,
      region: "us-east-1",
      bucket: options.bucket,
      prefix: "",
      ...S3_KEY,
      ...overrides,
    }),
    close: () => server.close(),
  };
}

/** Runs `work` with a client of the test's own on the server at `endpoint`, to look in a bucket. */
async function withTestClient<T>(endpoint: string, work: (client: S3Client) => Promise<T>) {
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3_KEY,
  });
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

/** An object's bytes and metadata as the server holds them. */
export function readObject(endpoint: string, bucket: string, key: string) {
  return withTestClient(endpoint, async (client) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return {
      bytes: Buffer.from(await object.Body!.transformToByteArray()),
      metadata: object.Metadata,
    };
  });
}

/** Puts an object straight into a bucket, as something other than the store would. */
export function putObject(
  endpoint: string,
  object: { bucket: string; key: string; body: Buffer; metadata?: Record<string, string> },
) {
  return withTestClient(endpoint, (client) =>
    client.send(
      new PutObjectCommand({
        Bucket: object.bucket,
        Key: object.key,
        Body: object.body,
        Metadata: object.metadata,
      }),
    ),
  );
}
