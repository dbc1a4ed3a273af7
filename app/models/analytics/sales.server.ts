import type { Kysely } from "kysely";
import type { Database, OrderStatus } from "#db/types";
import { db } from "~/utils/db.server";

/**
 * What counts as a sale (docs/decisions/048-dashboard-sales.md): an order whose payment the
 * store has confirmed, from 'paid' onwards. Pending orders are promises, cancelled and denied
 * ones were given back. The dashboard and the analytics read sales through this one module.
 */
export const SOLD_STATUSES = [
  "paid",
  "processing",
  "shipped",
  "delivered",
] as const satisfies readonly OrderStatus[];

/** The orders that are sales, dated by `createdAt` (048): chain filters and aggregates on it. */
export function soldOrders(executor: Kysely<Database> = db) {
  return executor.selectFrom("orders").where("orders.status", "in", SOLD_STATUSES);
}
