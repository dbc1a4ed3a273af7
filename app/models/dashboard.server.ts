import { sql } from "kysely";
import { db } from "~/utils/db.server";
import { getSettings } from "./settings.server";

/** Sales count orders that were paid (not pending, cancelled or denied). */
const SOLD_STATUSES = ["paid", "processing", "shipped", "delivered"] as const;

export async function getDashboardStats() {
  const threshold = (await getSettings()).stockThreshold;
  // "Today" in Honduras (UTC-6, no daylight saving).
  const startOfToday = new Date();
  startOfToday.setUTCHours(6, 0, 0, 0);
  if (startOfToday.getTime() > Date.now()) startOfToday.setUTCDate(startOfToday.getUTCDate() - 1);

  const [sales, today, pending, products, users, lowStock] = await Promise.all([
    db
      .selectFrom("orders")
      .select(sql<number>`coalesce(sum(total), 0)`.as("sum"))
      .where("status", "in", SOLD_STATUSES)
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .select(sql<number>`coalesce(sum(total), 0)`.as("sum"))
      .where("status", "in", SOLD_STATUSES)
      .where("createdAt", ">=", startOfToday.toISOString())
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirst(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("isActive", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("isActive", "=", 1)
      .where("stock", "<=", threshold)
      .executeTakeFirst(),
  ]);
  return {
    totalSales: Number(sales?.sum ?? 0),
    todaySales: Number(today?.sum ?? 0),
    pendingOrders: Number(pending?.n ?? 0),
    activeProducts: Number(products?.n ?? 0),
    totalUsers: Number(users?.n ?? 0),
    lowStockProducts: Number(lowStock?.n ?? 0),
  };
}
