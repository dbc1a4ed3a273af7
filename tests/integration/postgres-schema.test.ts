import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresDb, migrateToLatest, type DB } from "#db/connection";
import { startPostgres, type PostgresServer } from "../../scripts/postgres-server";

/*
 * Issue 24: one set of migrations for SQLite and PostgreSQL (db/migrations/dialect.ts). On a
 * real PostgreSQL server started here: the migrated schema has the SQLite schema's tables and
 * columns, its defaults and triggers do what SQLite's do, and a transaction that collides with
 * another is run again rather than failing (db/connection.ts).
 */

let server: PostgresServer;
let db: DB;

beforeAll(async () => {
  server = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-pg-")));
  const admin = createPostgresDb(server.url("postgres"));
  await sql`CREATE DATABASE store`.execute(admin);
  await admin.destroy();
  db = createPostgresDb(server.url("store"), { slowQueryMs: 0 });
  await migrateToLatest(db);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

/** Search has its own shape on each database (FTS5 there, a tsvector here). */
const NOT_COMPARED = new Set(["product_search", "kysely_migration", "kysely_migration_lock"]);

function sqliteColumns() {
  const sqlite = new SQLite(inject("templateDbPath"), { readonly: true });
  try {
    const tables = sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_search%'",
      )
      .all() as Array<{ name: string }>;
    return Object.fromEntries(
      tables
        .filter(({ name }) => !NOT_COMPARED.has(name))
        .map(({ name }) => {
          const columns = sqlite.prepare(`PRAGMA table_info(${name})`).all() as Array<{
            name: string;
          }>;
          return [name, columns.map((column) => column.name).sort()];
        }),
    );
  } finally {
    sqlite.close();
  }
}

async function postgresColumns() {
  const { rows } = await sql<{ tableName: string; columnName: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public'`.execute(db);
  const tables: Record<string, string[]> = {};
  for (const { tableName, columnName } of rows) {
    if (NOT_COMPARED.has(tableName)) continue;
    (tables[tableName] ??= []).push(columnName);
  }
  for (const columns of Object.values(tables)) columns.sort();
  return tables;
}

async function pageCacheVersion() {
  const row = await db
    .selectFrom("pageCacheVersion")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return row.version;
}

async function createBrandAndProduct(name: string, stock: number) {
  const brand = await db
    .insertInto("brands")
    .values({ name: `Casa ${name}`, slug: `casa-${name.toLowerCase()}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return db
    .insertInto("products")
    .values({
      name,
      slug: `${name.toLowerCase()}-${brand.id}`,
      brandId: brand.id,
      price: 250_000,
      stock,
      description: "Notas de azahar",
    })
    .returning(["id", "brandId", "createdAt"])
    .executeTakeFirstOrThrow();
}

async function searchIds(words: string) {
  const { rows } = await sql<{ productId: number }>`
    SELECT product_id FROM product_search
    WHERE document @@ to_tsquery('simple', unaccent(${words}))`.execute(db);
  return rows.map((row) => row.productId);
}

describe("the schema on PostgreSQL", () => {
  it("has the SQLite schema's tables and columns", async () => {
    expect(await postgresColumns()).toEqual(sqliteColumns());
  });

  it("stores times, ids and case-insensitive e-mails as the app reads them on SQLite", async () => {
    const product = await createBrandAndProduct("Limón", 3);
    expect(product.id).toEqual(expect.any(Number));
    expect(product.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await db.insertInto("users").values({ email: "Ana@Example.com" }).execute();
    const found = await db
      .selectFrom("users")
      .select("email")
      .where("email", "=", "ana@example.com")
      .executeTakeFirst();
    expect(found?.email).toBe("Ana@Example.com");
    await expect(
      db.insertInto("users").values({ email: "ANA@example.com" }).execute(),
    ).rejects.toThrow(/unique/);
    const { count } = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(count).toEqual(expect.any(Number));
  });

  it("indexes a product's words without accents, and again when its brand is renamed", async () => {
    const product = await createBrandAndProduct("Flor de Azahar", 2);
    expect(await searchIds("flor:* & azahar:*")).toContain(product.id);
    expect(await searchIds("Azáhar:*")).toContain(product.id);
    expect(await searchIds("masculino:*")).not.toContain(product.id); // unisex by default
    await db
      .updateTable("brands")
      .set({ name: "Maison Océane" })
      .where("id", "=", product.brandId)
      .execute();
    expect(await searchIds("oceane:*")).toContain(product.id);
    await db.deleteFrom("products").where("id", "=", product.id).execute();
    expect(await searchIds("oceane:*")).not.toContain(product.id);
  });

  it("bumps the storefront's version when a product changes, and for stock only at zero", async () => {
    const product = await createBrandAndProduct("Ámbar", 2);
    const before = await pageCacheVersion();
    await db.updateTable("products").set({ stock: 1 }).where("id", "=", product.id).execute();
    expect(await pageCacheVersion()).toBe(before);
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", product.id).execute();
    expect(await pageCacheVersion()).toBe(before + 1);
    await db.updateTable("products").set({ price: 260_000 }).where("id", "=", product.id).execute();
    expect(await pageCacheVersion()).toBe(before + 2);
  });

  it("runs a transaction that collided with another again, so both take effect", async () => {
    const product = await createBrandAndProduct("Vetiver", 10);
    let attempts = 0;
    // Each reads the stock, waits for the other to read it too, then writes what it read - 1:
    // under SERIALIZABLE one of them fails at its write and is run again from the start.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const sell = () =>
      db.transaction().execute(async (trx) => {
        attempts++;
        const { stock } = await trx
          .selectFrom("products")
          .select("stock")
          .where("id", "=", product.id)
          .executeTakeFirstOrThrow();
        if (++arrived === 2) release();
        await Promise.race([bothRead, new Promise((resolve) => setTimeout(resolve, 500))]);
        await trx
          .updateTable("products")
          .set({ stock: stock - 1 })
          .where("id", "=", product.id)
          .execute();
      });
    await Promise.all([sell(), sell()]);
    const { stock } = await db
      .selectFrom("products")
      .select("stock")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stock).toBe(8);
    expect(attempts).toBe(3);
  });

  it("lets every one of many colliding transactions through: a retry runs alone", async () => {
    // Each reads the whole list, then adds to it: under SERIALIZABLE nearly every pair of them
    // collides, and without the writers' lock the same ones collided again on every retry.
    const product = await createBrandAndProduct("Oud", 100);
    let attempts = 0;
    const buyers = Array.from({ length: 30 }, (_, i) => i);
    await Promise.all(
      buyers.map((i) =>
        db.transaction().execute(async (trx) => {
          attempts++;
          const reviews = await trx.selectFrom("reviews").select("id").execute();
          const user = await trx
            .insertInto("users")
            .values({
              email: `comprador${i}-${reviews.length}-${attempts}@example.com`,
              passwordHash: "x",
              firstName: "Ana",
              lastName: "López",
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await trx
            .insertInto("reviews")
            .values({ productId: product.id, userId: user.id, rating: 5, comment: "Bueno" })
            .execute();
        }),
      ),
    );
    const { count } = await db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("productId", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(count).toBe(30);
    expect(attempts).toBeGreaterThan(30);
  }, 60_000);
});
