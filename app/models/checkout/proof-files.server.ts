import crypto from "node:crypto";
import path from "node:path";

/*
 * Where payment proofs are stored and how their bytes are fingerprinted, without the app's
 * database connection: the upload code (checkout/proofs.server.ts) and the start-up backfill
 * (proof-hash-backfill.server.ts, run by scripts/setup.ts before the server opens the database)
 * must agree on both, or the duplicate-proof warning compares hashes of different things.
 */

export function proofsDirIn(dataDir: string) {
  return path.join(dataDir, "uploads", "proofs");
}

/** Whether `file` is a proof's name as storeProof gives them (so no path or key can escape). */
export function isProofFileName(file: string) {
  return /^[0-9a-f]{32}\.webp$/.test(file);
}

/** A stored proof's path, or null. The name is checked to be one of ours, so no path can escape. */
export function proofFilePathIn(dataDir: string, file: string) {
  if (!isProofFileName(file)) return null;
  return path.join(proofsDirIn(dataDir), file);
}

/** `payment_proofs.content_hash`: the sha256 (hex) of the stored WebP bytes. */
export function proofContentHash(bytes: Uint8Array) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}
