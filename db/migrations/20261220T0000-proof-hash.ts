import { sql, type Kysely } from "kysely";

/*
 * Admin orders (issue 8): the same transfer receipt attached to two orders is a common fraud.
 * payment_proofs.content_hash is the sha256 (hex) of the stored WebP bytes; storeProof
 * re-encodes every upload the same way, so the same picture uploaded twice stores the same
 * bytes. Null for proofs stored before this migration. The index serves "which other order
 * carries this hash" in the proof queue and the order detail.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

export async function up(db: Kysely<unknown>) {
  await sql
    .raw(
      `ALTER TABLE payment_proofs ADD COLUMN content_hash TEXT CHECK (length(content_hash) = 64)`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE INDEX payment_proofs_content_hash_idx ON payment_proofs (content_hash) WHERE content_hash IS NOT NULL`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DROP INDEX IF EXISTS payment_proofs_content_hash_idx`).execute(db);
  await sql.raw(`ALTER TABLE payment_proofs DROP COLUMN content_hash`).execute(db);
}
