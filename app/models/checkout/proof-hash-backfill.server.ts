import fs from "node:fs";
import { proofContentHash, proofFilePathIn } from "./proof-files.server";
import type { DB } from "#db/connection";

/*
 * Proofs stored before payment_proofs.content_hash existed (migration 20261220T0000) have no
 * hash, so the duplicate-proof warning could not see a receipt reused across them. At start-up
 * (scripts/setup.ts) their stored bytes are hashed the way storeProof hashes a new upload. Batches
 * walk the ids in order, so a proof whose file is gone is skipped once per run and never blocks
 * the rest. Rows already hashed are never read again: once done, a start costs one query over
 * payment_proofs (a row per order) that finds nothing.
 */

export type ProofHashBackfill = {
  /** Proofs whose hash was written in this run. */
  hashed: number;
  /** Proofs left without a hash because their file is missing or unreadable (ids). */
  missing: string[];
};

export async function backfillProofHashes(
  db: DB,
  { dataDir, batchSize = 100 }: { dataDir: string; batchSize?: number },
): Promise<ProofHashBackfill> {
  const outcome: ProofHashBackfill = { hashed: 0, missing: [] };
  let after = "";
  for (;;) {
    const batch = await db
      .selectFrom("paymentProofs")
      .select(["id", "file"])
      .where("contentHash", "is", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return outcome;
    after = batch[batch.length - 1].id;

    // Files are read before the transaction: it holds the write lock, so it awaits only SQLite.
    const hashes: { id: string; contentHash: string }[] = [];
    for (const proof of batch) {
      const filePath = proofFilePathIn(dataDir, proof.file);
      const bytes = filePath ? await fs.promises.readFile(filePath).catch(() => null) : null;
      if (!bytes) {
        console.warn(
          `[db] comprobante ${proof.id}: no se pudo leer ${proof.file}, queda sin huella`,
        );
        outcome.missing.push(proof.id);
        continue;
      }
      hashes.push({ id: proof.id, contentHash: proofContentHash(bytes) });
    }
    await db.transaction().execute(async (trx) => {
      for (const { id, contentHash } of hashes) {
        await trx
          .updateTable("paymentProofs")
          .set({ contentHash })
          .where("id", "=", id)
          .where("contentHash", "is", null)
          .execute();
      }
    });
    outcome.hashed += hashes.length;
  }
}
