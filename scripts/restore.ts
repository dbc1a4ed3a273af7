/**
 * `npm run restore -- ARCHIVE [--force]`: restores a backup archive into DATA_DIR. Refuses while
 * a server uses DATA_DIR (its DATA_DIR/server.pid names a live process) and, without --force,
 * when DATA_DIR already holds a store; the archive is checked before anything is touched, and
 * the restored database is migrated to the current schema. With DATABASE_URL the archive's
 * pg_dump is restored into that PostgreSQL database (decision 121), its files into DATA_DIR.
 *
 * `npm run restore -- --offsite [NAME] [--force]` first downloads the newest archive (or NAME)
 * from the BACKUP_S3_* bucket into BACKUP_DIR, checked against the sha256 recorded at upload;
 * `npm run restore -- --offsite --list` lists what the bucket holds (decision 077).
 *
 * With UPLOADS_S3_*, the archive's files (proofs, pictures, logos) are written into that bucket,
 * where the store reads them (decision 120).
 */
import { parseArgs } from "node:util";
import {
  assertRestorable,
  backupDirFor,
  BackupError,
  restoreBackup,
} from "~/models/backups/backup.server";
import { describeDatabase } from "~/models/backups/postgres.server";
import { getEnv } from "~/utils/env.server";
import {
  downloadArchive,
  listOffsiteArchives,
  OffsiteError,
} from "~/models/backups/offsite.server";
import { formatSize, printVerification } from "./backup-report";

const USAGE = [
  "Uso: npm run restore -- ARCHIVO.tar.gz [--force]",
  "     npm run restore -- --offsite [perfumeria-….tar.gz] [--force]",
  "     npm run restore -- --offsite --list",
].join("\n");

let args: { name?: string; force: boolean; offsite: boolean; list: boolean };
try {
  const { values, positionals } = parseArgs({
    options: {
      force: { type: "boolean", default: false },
      offsite: { type: "boolean", default: false },
      list: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  args = { ...values, name: positionals[0] };
  const count = positionals.length;
  const fits = values.offsite
    ? count === 0 || (count === 1 && !values.list)
    : count === 1 && !values.list;
  if (!fits) throw new Error(USAGE);
} catch {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
try {
  let archive = args.name!;
  if (args.offsite) {
    if (!env.offsite) {
      throw new OffsiteError("No hay copia externa configurada: faltan las variables BACKUP_S3_*.");
    }
    if (args.list) {
      for (const found of await listOffsiteArchives(env.offsite)) {
        console.log(`${found.name}  ${formatSize(found.sizeBytes)}`);
      }
      process.exit(0);
    }
    // Refused now rather than after a download of the whole store.
    await assertRestorable(env.DATA_DIR, args.force, env.postgres);
    const downloaded = await downloadArchive(
      env.offsite,
      backupDirFor(env.DATA_DIR, env.BACKUP_DIR),
      args.name,
    );
    console.log(`[restore] descargada de ${downloaded.location}: ${downloaded.path}`);
    archive = downloaded.path;
  }
  const result = await restoreBackup({
    archive,
    dataDir: env.DATA_DIR,
    force: args.force,
    uploadsBucket: env.uploadsBucket,
    postgres: env.postgres,
  });
  printVerification("restore", result.verification);
  for (const name of result.migrationsApplied) console.log(`[restore] migración aplicada: ${name}`);
  if (result.replacedDir)
    console.log(`[restore] la tienda anterior quedó en ${result.replacedDir}`);
  console.log(
    env.postgres
      ? `[restore] tienda restaurada en la base ${describeDatabase(env.postgres.url)} (archivos en ${env.DATA_DIR})`
      : `[restore] tienda restaurada en ${env.DATA_DIR}`,
  );
  if (result.bucket && "copied" in result.bucket) {
    console.log(
      `[restore] ${result.bucket.copied} archivo(s) copiados al bucket de los archivos subidos`,
    );
  }
  if (result.bucket && "error" in result.bucket) {
    console.error(
      `[restore] los archivos subidos no se pudieron copiar a ${result.bucket.location}: ${result.bucket.error}. ` +
        `Están en ${env.DATA_DIR}/uploads; npm run uploads:to-bucket los copia.`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  // A BackupError or OffsiteError is a refusal, a bad archive or a failed download, found
  // before the store was touched.
  console.error(
    error instanceof BackupError || error instanceof OffsiteError
      ? `[restore] no se restauró nada: ${error.message}`
      : `[restore] la restauración falló: ${String(error)}`,
  );
  process.exitCode = 1;
}
