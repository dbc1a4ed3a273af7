import S3rver from "@20minutes/s3rver";
import type { OffsiteConfig } from "~/utils/offsite-backup.server";

/*
 * A real S3-compatible server (s3rver: the S3 REST API over files in `directory`) for the
 * off-site backup tests, never a mock of the SDK. It knows one key pair, S3RVER/S3RVER.
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
