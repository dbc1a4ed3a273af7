import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Checkout (issue 4): uploaded payment proofs and double-submit protection.
 *
 * payment_proofs: a proof is uploaded before its order exists (D8, with JS on selection,
 * without JS together with the form), so the uploader (user or guest session) owns it until
 * an order takes it. Only that owner may attach it to an order; only the order's owner and
 * admins may view it. `id` is random and is also the file's name under DATA_DIR.
 *
 * orders.checkout_key: the random key the checkout form carries; the same form posted twice
 * finds the order the first post created instead of creating a second one.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const now = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const statements = [
  `CREATE TABLE payment_proofs (
  id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 16 AND 64),
  file TEXT NOT NULL UNIQUE CHECK (length(file) <= 100),
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  session_id TEXT CHECK (length(session_id) <= 128),
  order_id TEXT REFERENCES orders (id) ON DELETE SET NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  created_at TEXT NOT NULL DEFAULT ${now},
  CHECK (user_id IS NOT NULL OR session_id IS NOT NULL)
)`,
  `CREATE INDEX payment_proofs_order_idx ON payment_proofs (order_id)`,
  `ALTER TABLE orders ADD COLUMN checkout_key TEXT CHECK (length(checkout_key) <= 64)`,
  `CREATE UNIQUE INDEX orders_checkout_key_idx ON orders (checkout_key) WHERE checkout_key IS NOT NULL`,
];

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await run(db, statement);
}

export async function down(db: Kysely<unknown>) {
  await sql.raw(`DROP INDEX IF EXISTS orders_checkout_key_idx`).execute(db);
  await sql.raw(`ALTER TABLE orders DROP COLUMN checkout_key`).execute(db);
  await sql.raw(`DROP TABLE IF EXISTS payment_proofs`).execute(db);
}
