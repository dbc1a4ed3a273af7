/**
 * The benchmarks' busy store: the demo seed, then generated products, customers and orders, so
 * that `bench:catalog`, `bench:admin` and `bench:load` measure the same kind of shop. Writes go
 * through a script connection before the server starts (start.mjs then finds a migrated,
 * seeded store and leaves it as it is).
 */
import crypto from "node:crypto";
import { createDb, databasePath, migrateToLatest, openSqlite, type DB } from "../db/connection";
import { createRandom } from "../seed/data/random";
import { seed } from "../seed/seed";
import type { NewOrder, NewOrderItem, NewProduct, NewUser, OrderStatus } from "../db/types";
import { formatOrderNumber } from "../app/models/orders/number";
import type { BenchProduct } from "./bench-lib";

/** The busy shop's size: BENCH_PRODUCTS (10,000) products and BENCH_ORDERS (5,000) orders. */
export const BENCH_STORE_SIZE = {
  products: Number(process.env.BENCH_PRODUCTS ?? 10_000),
  orders: Number(process.env.BENCH_ORDERS ?? 5_000),
};

/** The administrator of every bench store (bench-lib's startServer passes the same password). */
export const BENCH_ADMIN = { email: "admin@perfumeria.hn", password: "bench-admin-1234" };

const VARIANTS = [
  "Intense",
  "Noir",
  "Absolu",
  "Elixir",
  "Sport",
  "Extrême",
  "Privé",
  "Nuit",
  "Aqua",
  "Oud",
  "Blanc",
  "Édition Limitada",
  "Eau Fraîche",
  "Parfum",
  "Cologne",
  "Velours",
];

const STATUSES: OrderStatus[] = [
  "pending",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "delivered",
  "delivered",
  "cancelled",
  "denied",
];

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 500)
    await insert(rows.slice(start, start + 500));
}

/**
 * Variants of the seeded perfumes ('Sauvage Noir 2') up to `total` products, about 2 % of them
 * inactive, with spread prices, dates, sales and ratings so that every sort has work to do.
 */
export async function fillProducts(db: DB, total: number) {
  const templates = await db.selectFrom("products").selectAll().execute();
  const random = createRandom("bench-catalog");
  const rows: NewProduct[] = [];
  for (let i = 0; rows.length + templates.length < total; i++) {
    const { id: _id, ...template } = templates[i % templates.length];
    const variant = VARIANTS[Math.floor(i / templates.length) % VARIANTS.length];
    const edition = Math.floor(i / (templates.length * VARIANTS.length)) + 1;
    const price = Math.round((template.price * random.int(70, 140)) / 100 / 100) * 100;
    rows.push({
      ...template,
      name: `${template.name} ${variant}${edition > 1 ? ` ${edition}` : ""}`.slice(0, 200),
      slug: `${template.slug}-bench-${i}`,
      price,
      originalPrice: random.chance(0.15) ? Math.round(price * 1.25) : null,
      stock: random.chance(0.1) ? 0 : random.int(1, 40),
      isActive: random.chance(0.02) ? 0 : 1,
      isNew: random.chance(0.05) ? 1 : 0,
      isViral: random.chance(0.05) ? 1 : 0,
      salesCount: random.int(0, 500),
      averageRating: random.int(0, 50) / 10,
      reviewCount: random.int(0, 80),
      createdAt: new Date(Date.now() - random.int(0, 730) * 86_400_000).toISOString(),
    });
  }
  await db
    .transaction()
    .execute((trx) =>
      insertInBatches(rows, (batch) => trx.insertInto("products").values(batch).execute()),
    );
}

/**
 * `customers` customers and `orders` orders over the last year (1 to 4 lines each, every
 * status, a fifth by guests), placed on the products already in the store.
 */
export async function fillOrders(
  db: DB,
  { orders, customers }: { orders: number; customers: number },
) {
  const random = createRandom("bench-admin");
  const newUsers: NewUser[] = Array.from({ length: customers }, (_, i) => ({
    email: `cliente-bench-${i}@example.com`,
    firstName: `Cliente${i}`,
    lastName: "Bench",
  }));
  await db
    .transaction()
    .execute((trx) =>
      insertInBatches(newUsers, (batch) => trx.insertInto("users").values(batch).execute()),
    );

  const catalogue = await db
    .selectFrom("products")
    .select(["id", "name", "price", "size", "images"])
    .execute();
  const users = await db.selectFrom("users").select(["id", "email", "firstName"]).execute();
  const rows: NewOrder[] = [];
  const items: NewOrderItem[] = [];
  const now = Date.now();
  for (let i = 0; i < orders; i++) {
    const created = new Date(now - random.int(0, 365 * 86_400) * 1000);
    const user = random.chance(0.2) ? null : random.pick(users);
    const lines = Array.from({ length: random.int(1, 4) }, () => ({
      product: random.pick(catalogue),
      quantity: random.int(1, 3),
    }));
    const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
    const shippingCost = subtotal >= 200_000 ? 0 : 15_000;
    const tax = Math.round(subtotal * 0.15);
    const id = crypto.randomUUID();
    const status = random.pick(STATUSES);
    const paymentMethod = random.chance(0.7) ? "bank_transfer" : "cash_on_delivery";
    const shippingMethod = random.pick(["standard", "standard", "express", "pickup"] as const);
    rows.push({
      id,
      userId: user?.id ?? null,
      orderNumber: formatOrderNumber(created, 1000 + i),
      status,
      paymentMethod,
      shippingMethod,
      subtotal,
      shippingCost,
      tax,
      total: subtotal + shippingCost + tax,
      customerName: `${user?.firstName ?? "Invitado"} Bench`,
      customerEmail: user?.email ?? `invitado-${i}@example.com`,
      customerPhone: "+504 9999-0000",
      shippingAddress: "Colonia Palmira, Calle 3, casa 12",
      shippingCity: random.chance(0.5) ? "Tegucigalpa" : "San Pedro Sula",
      shippingZone: "Francisco Morazán",
      paymentProof:
        paymentMethod === "bank_transfer" ? `/resources/payment-proofs/bench-${i}` : null,
      createdAt: created.toISOString(),
      updatedAt: created.toISOString(),
    });
    for (const line of lines) {
      items.push({
        orderId: id,
        productId: line.product.id,
        size: line.product.size,
        quantity: line.quantity,
        price: line.product.price,
        productName: line.product.name,
        productImage: null,
        createdAt: created.toISOString(),
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertInBatches(rows, (batch) => trx.insertInto("orders").values(batch).execute());
    await insertInBatches(items, (batch) => trx.insertInto("orderItems").values(batch).execute());
  });
}

/**
 * Opens the store of `dataDir` for the script. When it holds no database yet, migrates, seeds and
 * fills it first (`products` in all; `orders` and `customers` when given), so BENCH_DATA_DIR can
 * keep a filled store between runs (migrated to the latest schema on every open).
 */
export async function openBenchStore(
  dataDir: string,
  fill: { products: number; orders?: number; customers?: number },
  { log = console.log } = {},
) {
  const sqlite = openSqlite(databasePath(dataDir));
  const db = createDb(sqlite, { slowQueryMs: 0 });
  const filled = (await db.introspection.getTables()).some((table) => table.name === "products");
  if (filled) {
    await migrateToLatest(db);
  } else {
    log(
      `Filling a temporary store: ${fill.products} products` +
        (fill.orders ? `, ${fill.orders} orders…` : "…"),
    );
    await migrateToLatest(db);
    await seed(db, { dataDir, adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
    await fillProducts(db, fill.products);
    if (fill.orders) {
      await fillOrders(db, { orders: fill.orders, customers: fill.customers ?? 1_000 });
    }
  }
  return db;
}

/**
 * A perfume the checkout benches buy, its stock raised so that no run sells it out: the first
 * active one, or the one `offset` places after it (a bench that spreads buyers over perfumes).
 */
export async function perfumeToBuy(db: DB, offset = 0): Promise<BenchProduct> {
  const product = await db
    .selectFrom("products")
    .select(["id", "slug", "size"])
    .where("isActive", "=", 1)
    .orderBy("id")
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  await db.updateTable("products").set({ stock: 1_000_000 }).where("id", "=", product.id).execute();
  return product;
}
