import { sql, type Kysely } from "kysely";

/*
 * Issue 10, decision 062: the store has one set of public contact details. The footer's keys
 * (`address`, `phone`, `email`, `whatsapp`, from storefront.md) held the same facts as the contact
 * keys (`contactAddress`, `contactPhone`, `contactEmail`, `contactWhatsapp`, from backoffice.md),
 * so an owner who changed the phone in one place left the old one showing in the other. The
 * footer now reads the contact keys. No screen could edit the footer keys before this migration,
 * so they still held the seeded defaults: nothing is lost.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const FOOTER_KEYS = ["address", "phone", "email", "whatsapp"];

export async function up(db: Kysely<unknown>) {
  await sql`DELETE FROM settings WHERE key IN (${sql.join(FOOTER_KEYS)})`.execute(db);
}

export async function down() {
  // Nothing to restore: the reader gives every missing key its default (decision 042).
}
