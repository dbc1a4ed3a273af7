import type { Kysely, RawBuilder } from "kysely";
import { sql } from "kysely";
import type {
  Database,
  Gender,
  OrderStatus,
  PaymentMethod,
  ProductCategory,
  ShippingMethod,
} from "#db/types";
import { addDays, dayOfIso, isCalendarDay, startOfDayIso } from "~/utils/dates";
import { db } from "~/utils/db.server";
import { ORDER_STATUSES } from "~/models/orders/status";
import { SOLD_STATUSES, soldOrders } from "./sales.server";
import { monthAtUtcMinus6 } from "~/utils/sql.server";

/*
 * The figures of /admin/analytics (D30), each one SQL aggregate over the orders: nothing here
 * loads the orders into JS, so the page stays fast with thousands of them. A sale is what
 * sales.server.ts says (decision 048); the date range and the cart conversion are decided in
 * docs/decisions/066-analytics.md.
 */

/** Whole Honduras days, both included ("2026-11-01" to "2026-11-30"). */
export type DateRange = { from: string; to: string };

/** The default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

export const RANGE_ERRORS = {
  invalidDate: "Escribe una fecha válida.",
  reversed: "La fecha de inicio no puede ser posterior a la fecha de fin.",
} as const;

export function defaultRange(now = new Date()): DateRange {
  const to = dayOfIso(now.toISOString());
  return { from: addDays(to, 1 - DEFAULT_DAYS), to };
}

/**
 * The range of `?from=&to=` (days as a date input sends them). A missing end is today, a
 * missing start is 30 days before the end. An invalid range answers the default range with
 * its Spanish error, so the page still shows figures under the message.
 */
export function parseRange(
  params: URLSearchParams,
  now = new Date(),
): { range: DateRange; error: string | null } {
  const fallback = defaultRange(now);
  const fromParam = params.get("from")?.trim() ?? "";
  const toParam = params.get("to")?.trim() ?? "";
  if ((fromParam && !isCalendarDay(fromParam)) || (toParam && !isCalendarDay(toParam))) {
    return { range: fallback, error: RANGE_ERRORS.invalidDate };
  }
  const to = toParam || fallback.to;
  const from = fromParam || addDays(to, 1 - DEFAULT_DAYS);
  if (from > to) return { range: fallback, error: RANGE_ERRORS.reversed };
  return { range: { from, to }, error: null };
}

/** The range as instants: from the first day's midnight up to (not including) the next day's. */
function bounds(range: DateRange) {
  return { start: startOfDayIso(range.from), end: startOfDayIso(addDays(range.to, 1)) };
}

/** "2026-11": the month of a day. */
const monthOf = (day: string) => day.slice(0, 7);

/** The first day of the month `offset` months from `month` ("2026-11", -11 → "2025-12-01"). */
function monthStart(month: string, offset = 0) {
  const [year, mon] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, mon - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

/** The Honduras month of an order, in SQL: its UTC instant moved to UTC−6 (D6). */
const orderMonth = (executor: Kysely<Database>) =>
  monthAtUtcMinus6(executor, sql.ref("orders.createdAt"));

const sumOf = (expression: string) => sql<number>`coalesce(sum(${sql.raw(expression)}), 0)`;

/**
 * The four cards of backoffice.md §2. Total sales is the dashboard's figure (every sale so far);
 * the other three are the current Honduras month, as "orders this month" names it.
 */
async function summaryCards(executor: Kysely<Database>, now: Date) {
  const start = startOfDayIso(monthStart(monthOf(dayOfIso(now.toISOString()))));
  const [total, orders, units, customers] = await Promise.all([
    soldOrders(executor).select(sumOf("orders.total").as("sum")).executeTakeFirstOrThrow(),
    executor
      .selectFrom("orders")
      .select((eb) => [
        eb.fn.countAll<number>().as("received"),
        sql<number>`count(*) filter (where ${sql.ref("status")} in (${sql.join(SOLD_STATUSES)}))`.as(
          "sold",
        ),
      ])
      .where("createdAt", ">=", start)
      .executeTakeFirstOrThrow(),
    soldOrders(executor)
      .innerJoin("orderItems", "orderItems.orderId", "orders.id")
      .select(sumOf("order_items.quantity").as("units"))
      .where("orders.createdAt", ">=", start)
      .executeTakeFirstOrThrow(),
    executor
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("role", "=", "customer")
      .where("createdAt", ">=", start)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalSales: Number(total.sum),
    ordersThisMonth: Number(orders.received),
    soldOrdersThisMonth: Number(orders.sold),
    productsSoldThisMonth: Number(units.units),
    newCustomersThisMonth: Number(customers.n),
  };
}

/** Sales of the last 12 Honduras months, the current one included, oldest first (gaps as 0). */
async function monthlySales(executor: Kysely<Database>, now: Date) {
  const current = monthOf(dayOfIso(now.toISOString()));
  const months = Array.from({ length: 12 }, (_, i) => monthOf(monthStart(current, i - 11)));
  const rows = await soldOrders(executor)
    .select([
      orderMonth(executor).as("month"),
      (eb) => eb.fn.countAll<number>().as("orders"),
      sumOf("orders.total").as("sales"),
    ])
    .where("orders.createdAt", ">=", startOfDayIso(`${months[0]}-01`))
    .groupBy(orderMonth(executor))
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((month) => ({
    month,
    orders: Number(byMonth.get(month)?.orders ?? 0),
    sales: Number(byMonth.get(month)?.sales ?? 0),
  }));
}

/** The lines of the sales in the range, with their product (null once it was deleted). */
function soldLines(executor: Kysely<Database>, range: DateRange) {
  const { start, end } = bounds(range);
  return soldOrders(executor)
    .innerJoin("orderItems", "orderItems.orderId", "orders.id")
    .leftJoin("products", "products.id", "orderItems.productId")
    .where("orders.createdAt", ">=", start)
    .where("orders.createdAt", "<", end);
}

const lineUnits = sumOf("order_items.quantity");
/** What the lines sold for: product prices, before shipping, ISV and coupons. */
const lineRevenue = sumOf("order_items.price * order_items.quantity");

/** The five products with the most units sold in the range (ties: the higher revenue). */
async function topProducts(executor: Kysely<Database>, range: DateRange) {
  const rows = await soldLines(executor, range)
    .select([
      "orderItems.productId",
      // A deleted product keeps the name it was sold under.
      sql<string>`coalesce(max(${sql.ref("products.name")}), max(${sql.ref("orderItems.productName")}))`.as(
        "name",
      ),
      lineUnits.as("units"),
      lineRevenue.as("revenue"),
    ])
    .groupBy([
      "orderItems.productId",
      sql`case when ${sql.ref("orderItems.productId")} is null then ${sql.ref("orderItems.productName")} end`,
    ])
    .orderBy("units", "desc")
    .orderBy("revenue", "desc")
    .orderBy("name")
    .limit(5)
    .execute();
  return rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}

/** A product column to group the lines by; null when the product was deleted since. */
const productCategory = sql<ProductCategory | null>`${sql.ref("products.category")}`;
const productGender = sql<Gender | null>`${sql.ref("products.gender")}`;

/** Units and revenue of the range's lines by a product column, the best-selling first. */
async function linesBy<K>(executor: Kysely<Database>, range: DateRange, column: RawBuilder<K>) {
  const rows = await soldLines(executor, range)
    .select([column.as("key"), lineUnits.as("units"), lineRevenue.as("revenue")])
    .groupBy(column)
    .orderBy(lineRevenue, "desc")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}

/** Sales in the range by an order column: every value of `keys` is listed, 0 when unused. */
async function salesBy<K extends string>(
  executor: Kysely<Database>,
  range: DateRange,
  column: "paymentMethod" | "shippingMethod",
  keys: readonly K[],
) {
  const { start, end } = bounds(range);
  const rows = await soldOrders(executor)
    .select([
      `orders.${column} as key` as const,
      (eb) => eb.fn.countAll<number>().as("orders"),
      sumOf("orders.total").as("sales"),
    ])
    .where("orders.createdAt", ">=", start)
    .where("orders.createdAt", "<", end)
    .groupBy(`orders.${column}`)
    .execute();
  const byKey = new Map<string, (typeof rows)[number]>(rows.map((row) => [row.key, row]));
  return keys.map((key) => ({
    key,
    orders: Number(byKey.get(key)?.orders ?? 0),
    sales: Number(byKey.get(key)?.sales ?? 0),
  }));
}

const PAYMENT_METHODS = [
  "bank_transfer",
  "cash_on_delivery",
  "store_pickup",
] as const satisfies readonly PaymentMethod[];
const SHIPPING_METHODS = [
  "standard",
  "express",
  "pickup",
] as const satisfies readonly ShippingMethod[];

/** Every order placed in the range by its status now, sales or not (the workload). */
async function ordersByStatus(executor: Kysely<Database>, range: DateRange) {
  const { start, end } = bounds(range);
  const rows = await executor
    .selectFrom("orders")
    .select(["status", (eb) => eb.fn.countAll<number>().as("orders"), sumOf("total").as("amount")])
    .where("createdAt", ">=", start)
    .where("createdAt", "<", end)
    .groupBy("status")
    .execute();
  const byStatus = new Map<OrderStatus, (typeof rows)[number]>(
    rows.map((row) => [row.status, row]),
  );
  return ORDER_STATUSES.map((status) => ({
    status,
    orders: Number(byStatus.get(status)?.orders ?? 0),
    amount: Number(byStatus.get(status)?.amount ?? 0),
  }));
}

/**
 * Carts to orders in the range (decision 066): placing an order empties its cart, so a
 * cart that became an order is an order placed in the range (any status), and a cart that did
 * not is a cart still holding lines whose last change falls in the range. The rate is null
 * when there was neither.
 */
async function cartConversion(executor: Kysely<Database>, range: DateRange) {
  const { start, end } = bounds(range);
  const [placed, open] = await Promise.all([
    executor
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("createdAt", ">=", start)
      .where("createdAt", "<", end)
      .executeTakeFirstOrThrow(),
    executor
      .selectFrom((eb) =>
        eb
          .selectFrom("cartItems")
          .select(sql<string>`max(${sql.ref("updatedAt")})`.as("lastChange"))
          // One cart per owner: the account's, or the guest session's (D10).
          .groupBy([
            "userId",
            sql`case when ${sql.ref("userId")} is null then ${sql.ref("sessionId")} end`,
          ])
          .as("carts"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("carts.lastChange", ">=", start)
      .where("carts.lastChange", "<", end)
      .executeTakeFirstOrThrow(),
  ]);
  const ordersPlaced = Number(placed.n);
  const openCarts = Number(open.n);
  const carts = ordersPlaced + openCarts;
  return { ordersPlaced, openCarts, rate: carts === 0 ? null : ordersPlaced / carts };
}

/** Sales, their count and the average order value (centavos, rounded) in the range. */
async function salesInRange(executor: Kysely<Database>, range: DateRange) {
  const { start, end } = bounds(range);
  const row = await soldOrders(executor)
    .select([(eb) => eb.fn.countAll<number>().as("orders"), sumOf("orders.total").as("sales")])
    .where("orders.createdAt", ">=", start)
    .where("orders.createdAt", "<", end)
    .executeTakeFirstOrThrow();
  const orders = Number(row.orders);
  const sales = Number(row.sales);
  return { orders, sales, averageOrderValue: orders === 0 ? 0 : Math.round(sales / orders) };
}

/** Everything /admin/analytics shows: the cards and 12 months, then the panels of the range. */
export async function getAnalytics(
  range: DateRange,
  { now = new Date(), executor = db }: { now?: Date; executor?: Kysely<Database> } = {},
) {
  const [cards, months, sales, top, categories, genders, payments, shipping, statuses, carts] =
    await Promise.all([
      summaryCards(executor, now),
      monthlySales(executor, now),
      salesInRange(executor, range),
      topProducts(executor, range),
      linesBy(executor, range, productCategory),
      linesBy(executor, range, productGender),
      salesBy(executor, range, "paymentMethod", PAYMENT_METHODS),
      salesBy(executor, range, "shippingMethod", SHIPPING_METHODS),
      ordersByStatus(executor, range),
      cartConversion(executor, range),
    ]);
  return { cards, months, sales, top, categories, genders, payments, shipping, statuses, carts };
}

export type Analytics = Awaited<ReturnType<typeof getAnalytics>>;

/** The orders placed in the range, oldest first, with their units: the rows of the CSV export. */
export function ordersForExport(range: DateRange, executor: Kysely<Database> = db) {
  const { start, end } = bounds(range);
  return executor
    .selectFrom("orders")
    .select((eb) => [
      "orders.orderNumber",
      "orders.createdAt",
      "orders.status",
      "orders.customerName",
      "orders.customerEmail",
      "orders.customerPhone",
      "orders.shippingCity",
      "orders.shippingZone",
      "orders.paymentMethod",
      "orders.shippingMethod",
      "orders.subtotal",
      "orders.shippingCost",
      "orders.tax",
      "orders.couponDiscount",
      "orders.total",
      "orders.couponCode",
      eb
        .selectFrom("orderItems")
        .select(sumOf("order_items.quantity").as("units"))
        .whereRef("orderItems.orderId", "=", "orders.id")
        .as("units"),
    ])
    .where("orders.createdAt", ">=", start)
    .where("orders.createdAt", "<", end)
    .orderBy("orders.createdAt")
    .orderBy("orders.orderNumber")
    .execute();
}

export type ExportedOrder = Awaited<ReturnType<typeof ordersForExport>>[number];
