/** What `npm run backup` and `npm run restore` print about an archive they checked. */
import type { Verification } from "~/models/backups/backup.server";

export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function printVerification(tag: string, verification: Verification) {
  console.log(`[${tag}] integrity_check: ${verification.integrity}`);
  for (const [table, count] of Object.entries(verification.counts)) {
    console.log(`[${tag}] ${table}: ${count} filas`);
  }
  console.log(`[${tag}] archivos subidos: ${verification.uploadFiles}`);
  if (verification.missingProofFiles > 0) {
    console.warn(
      `[${tag}] aviso: ${verification.missingProofFiles} comprobantes sin su archivo (borrados durante la copia)`,
    );
  }
}
