import type { Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 39, point 5 (decision 158): an order's delivery is a window of days by its department's
 * zone. `orders.estimated_delivery` stays its last day; `estimated_delivery_from` is its first
 * (ISO-8601 UTC text, noon in Honduras). Null for store pickup and for orders placed before.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */
export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE orders ADD COLUMN estimated_delivery_from TEXT`);
}

export async function down(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE orders DROP COLUMN estimated_delivery_from`);
}
