import type { Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 41 (decision 166): cash on delivery, pay at the shop, and orders the shop takes.
 * - `orders.cash_collected_amount`: the cash an admin recorded as received ('Cobrado'), in
 *   centavos; `cash_collected_by` the admin (or courier) who collected it, as its name.
 * - `orders.created_by`: the administrator who entered the order for a customer (a sale agreed
 *   on WhatsApp or by phone); null for a shopper's own order.
 * - `orders.payment_surcharge`: cash on delivery's surcharge (its own line), in centavos; 0 else.
 * - `orders.payment_note`: why an order the shop took has its payment method (a cash-on-delivery
 *   order outside the settings' limits says so).
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE orders ADD COLUMN cash_collected_amount INTEGER`);
  await run(db, `ALTER TABLE orders ADD COLUMN cash_collected_by TEXT`);
  await run(
    db,
    `ALTER TABLE orders ADD COLUMN created_by INTEGER REFERENCES users (id) ON DELETE SET NULL`,
  );
  await run(db, `ALTER TABLE orders ADD COLUMN payment_note TEXT`);
  await run(
    db,
    `ALTER TABLE orders ADD COLUMN payment_surcharge INTEGER NOT NULL DEFAULT 0 CHECK (payment_surcharge >= 0)`,
  );
}

export async function down(db: Kysely<unknown>) {
  for (const column of [
    "payment_note",
    "created_by",
    "cash_collected_by",
    "cash_collected_amount",
  ]) {
    await run(db, `ALTER TABLE orders DROP COLUMN ${column}`);
  }
}
