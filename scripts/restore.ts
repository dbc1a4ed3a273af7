/**
 * `npm run restore -- ARCHIVE [--force]`: restores a backup archive into DATA_DIR. Refuses while
 * a server uses DATA_DIR (its DATA_DIR/server.pid names a live process) and, without --force,
 * when DATA_DIR already holds a store; the archive is checked before anything is touched, and
 * the restored database is migrated to the current schema.
 */
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "~/utils/backup.server";
import { getEnv } from "~/utils/env.server";
import { printVerification } from "./backup-report";

const USAGE = "Uso: npm run restore -- ARCHIVO.tar.gz [--force]";

let archive: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  [archive] = positionals;
  force = values.force;
  if (positionals.length !== 1) throw new Error(USAGE);
} catch {
  console.error(USAGE);
  process.exit(2);
}

const env = getEnv();
try {
  const result = await restoreBackup({ archive: archive!, dataDir: env.DATA_DIR, force });
  printVerification("restore", result.verification);
  for (const name of result.migrationsApplied) console.log(`[restore] migración aplicada: ${name}`);
  if (result.replacedDir)
    console.log(`[restore] la tienda anterior quedó en ${result.replacedDir}`);
  console.log(`[restore] tienda restaurada en ${env.DATA_DIR}`);
} catch (error) {
  // A BackupError is a refusal or a bad archive, found before the store was touched.
  console.error(
    error instanceof BackupError
      ? `[restore] no se restauró nada: ${error.message}`
      : `[restore] la restauración falló: ${String(error)}`,
  );
  process.exitCode = 1;
}
