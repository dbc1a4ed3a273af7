import type { Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 42 (decision 171): who the order's invoice is made out to ("Factura a nombre de"), as
 * the buyer gave it at checkout or later on the order page, until the invoice is issued:
 * `orders.invoice_rtn` (the RTN's 14 digits) and `orders.invoice_name`. Both null: the invoice
 * says "Consumidor Final".
 * - `outbox_emails.attachment`: what an e-mail carries (JSON, e.g. the fiscal document whose PDF
 *   goes with the 'pago aprobado' e-mail), made when it is sent, like its link (decision 130).
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE orders ADD COLUMN invoice_rtn TEXT CHECK (length(invoice_rtn) = 14)`);
  await run(db, `ALTER TABLE orders ADD COLUMN invoice_name TEXT`);
  await run(
    db,
    `ALTER TABLE outbox_emails ADD COLUMN attachment TEXT CHECK (attachment IS NULL OR json_valid(attachment))`,
  );
}

export async function down(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE outbox_emails DROP COLUMN attachment`);
  await run(db, `ALTER TABLE orders DROP COLUMN invoice_name`);
  await run(db, `ALTER TABLE orders DROP COLUMN invoice_rtn`);
}
