import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod/v4";

/**
 * The one place that reads process.env. Parsed once; a bad value stops the
 * process with a message that names the variable.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    // PostgreSQL instead of DATA_DIR/store.db (issue 24): postgres://user:password@host/database.
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "debe ser una URL postgres://usuario:clave@servidor/base")
      .optional(),
    // Where pg_dump and pg_restore are, for backups of a PostgreSQL store (decision 121); else
    // PATH, else the newest /usr/lib/postgresql/<version>/bin.
    PG_BIN_DIR: z.string().min(1).optional(),
    // Where `npm run backup` writes its archives; DATA_DIR/backups when unset (backup.server.ts).
    BACKUP_DIR: z.string().min(1).optional(),
    // The hour (0–23, America/Tegucigalpa) of the daily backup, or "off" (backups/schedule.server.ts).
    BACKUP_HOUR: z.union([z.literal("off"), z.coerce.number().int().min(0).max(23)]).default(3),
    // Off-site copies (backups/offsite.server.ts): S3 or an S3-compatible store (B2, MinIO, R2).
    BACKUP_S3_ENDPOINT: z.string().url("debe ser una URL").optional(),
    BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
    BACKUP_S3_BUCKET: z.string().min(1).optional(),
    BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    BACKUP_S3_PREFIX: z.string().default(""),
    // Shared files (models/files/stored-files.server.ts): proofs, product images and brand logos
    // in an S3-compatible bucket instead of DATA_DIR/uploads, so several servers see them all.
    UPLOADS_S3_ENDPOINT: z.string().url("debe ser una URL").optional(),
    UPLOADS_S3_REGION: z.string().min(1).default("us-east-1"),
    UPLOADS_S3_BUCKET: z.string().min(1).optional(),
    UPLOADS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    UPLOADS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    UPLOADS_S3_PREFIX: z.string().default(""),
    SESSION_SECRET: z.string().min(32, "debe tener al menos 32 caracteres").optional(),
    ADMIN_EMAIL: z.string().email("debe ser un correo válido").default("admin@perfumeria.hn"),
    ADMIN_PASSWORD: z.string().min(8, "debe tener al menos 8 caracteres").optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    // Only for tests and staging: an OpenID provider that stands in for Google.
    GOOGLE_ISSUER_URL: z.string().url("debe ser una URL").optional(),
    LOG_SLOW_QUERIES_MS: z.coerce.number().int().min(0).default(100),
    // Sign-ins, sign-ups and password changes that may wait for a password hash in each server
    // process, two hashing at a time; past them 503 (password.server.ts, decisions 082 and 155).
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
    // The shop's address as customers reach it: the links in its e-mails (decision 102).
    APP_URL: z
      .string()
      .url("debe ser una URL, por ejemplo https://perfumeria.hn")
      .refine((url) => /^https?:\/\//.test(url), "debe empezar con http:// o https://")
      .optional(),
    // E-mail (models/mail/sender.server.ts): without SMTP_URL e-mails wait in /admin/correos.
    SMTP_URL: z
      .string()
      .url("debe ser una URL smtp:// o smtps://")
      .refine((url) => /^smtps?:\/\//.test(url), "debe empezar con smtp:// o smtps://")
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>]+<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        "debe ser un correo, por ejemplo «Perfumería de Lujo <tienda@perfumeria.hn>»",
      )
      .optional(),
    // How long a worker holds an e-mail it is sending before another may take it (seconds).
    MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  })
  .superRefine((env, ctx) => {
    // Half an off-site configuration is a mistake, not "off": say which variable is missing.
    const s3 = [
      "BACKUP_S3_ENDPOINT",
      "BACKUP_S3_BUCKET",
      "BACKUP_S3_ACCESS_KEY_ID",
      "BACKUP_S3_SECRET_ACCESS_KEY",
    ] as const;
    // E-mail needs both: a server to send through and who the e-mails come from.
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "falta: con SMTP_URL, los correos necesitan un remitente (MAIL_FROM)",
      });
    }
    // The same for the uploads' bucket: half of it would store files nobody else can find.
    const uploads = [
      "UPLOADS_S3_ENDPOINT",
      "UPLOADS_S3_BUCKET",
      "UPLOADS_S3_ACCESS_KEY_ID",
      "UPLOADS_S3_SECRET_ACCESS_KEY",
    ] as const;
    if (uploads.some((name) => env[name])) {
      for (const name of uploads.slice(1)) {
        if (!env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              "falta: los archivos subidos en un bucket necesitan UPLOADS_S3_BUCKET y sus credenciales",
          });
        }
      }
    }
    if (!s3.some((name) => env[name])) return;
    for (const name of s3.slice(1)) {
      if (!env[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "falta: las copias externas necesitan BACKUP_S3_BUCKET y sus credenciales",
        });
      }
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    /** The store's PostgreSQL server, for its backups (decision 121); null on SQLite. */
    postgres: env.DATABASE_URL ? { url: env.DATABASE_URL, binDir: env.PG_BIN_DIR } : null,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    offsite: bucketConfigOf({
      endpoint: env.BACKUP_S3_ENDPOINT,
      region: env.BACKUP_S3_REGION,
      bucket: env.BACKUP_S3_BUCKET,
      accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
      secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
      prefix: env.BACKUP_S3_PREFIX,
    }),
    uploadsBucket: bucketConfigOf({
      endpoint: env.UPLOADS_S3_ENDPOINT,
      region: env.UPLOADS_S3_REGION,
      bucket: env.UPLOADS_S3_BUCKET,
      accessKeyId: env.UPLOADS_S3_ACCESS_KEY_ID,
      secretAccessKey: env.UPLOADS_S3_SECRET_ACCESS_KEY,
      prefix: env.UPLOADS_S3_PREFIX,
    }),
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    smtp: env.SMTP_URL && env.MAIL_FROM ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null,
  }));

/** An S3-compatible bucket: the off-site copies' (BACKUP_S3_*) or the uploads' (UPLOADS_S3_*). */
export type BucketConfig = {
  /** Unset for AWS itself; the provider's URL otherwise (path-style requests then). */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Prepended to every key: "tienda/" puts the objects in that folder of the bucket. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** Where the off-site copies go (models/backups/offsite.server.ts ships them). */
export type OffsiteConfig = BucketConfig;

/** A bucket's settings, or null when its bucket is not set (the all-or-nothing check is above). */
function bucketConfigOf(values: Partial<BucketConfig> & { region: string; prefix: string }) {
  const { bucket, accessKeyId, secretAccessKey } = values;
  if (!bucket || !accessKeyId || !secretAccessKey) return null;
  return {
    endpoint: values.endpoint,
    region: values.region,
    bucket,
    prefix: values.prefix,
    accessKeyId,
    secretAccessKey,
  } satisfies BucketConfig;
}

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRETS: string[] };

export class EnvError extends Error {}

/** Pure parse, for tests: returns the env or throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Configuración inválida en las variables de entorno:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** SESSION_SECRET may be a comma-separated list (newest first) for rotation. */
function resolveSessionSecrets(dataDir: string, configured: string | undefined) {
  if (configured) return configured.split(",").map((s) => s.trim());
  const file = path.join(dataDir, ".session-secret");
  try {
    return [fs.readFileSync(file, "utf8").trim()];
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return [secret];
  }
}

/**
 * The environment as the system gave it, unparsed: not the store's configuration but what a
 * child process inherits (pg_dump, pg_restore) and where PATH finds it. Read here, so this file
 * stays the one reader of process.env.
 */
export function processEnvironment(): Readonly<NodeJS.ProcessEnv> {
  return process.env;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  try {
    const env = parseEnv(process.env);
    cached = { ...env, SESSION_SECRETS: resolveSessionSecrets(env.DATA_DIR, env.SESSION_SECRET) };
    return cached;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
