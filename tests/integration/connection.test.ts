import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, databasePath, migrateToLatest, openSqlite } from "#db/connection";
import { migrations } from "#db/migrations/index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-connection-"));
const file = databasePath(dir);
const sqlite = openSqlite(file);
const db = createDb(sqlite);

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the store's SQLite connection", () => {
  it("opens with WAL, enforced foreign keys, a busy timeout and synchronous=FULL", () => {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(sqlite.pragma("synchronous", { simple: true })).toBe(2); // FULL
  });

  it("migrates idempotently", async () => {
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(
      Object.keys(migrations).map((name) => [name, "Success"]),
    );
    const second = await migrateToLatest(db);
    expect(second.results).toEqual([]);
  });

  it("begins every transaction IMMEDIATE: the write lock is taken at BEGIN", async () => {
    const other = new SQLite(file);
    other.pragma("busy_timeout = 0");
    try {
      await db.transaction().execute(async (trx) => {
        // Only a read inside the transaction: a deferred BEGIN would hold no write lock yet.
        await sql`select count(*) from users`.execute(trx);
        expect(() => other.exec("BEGIN IMMEDIATE")).toThrow(/locked|busy/i);
      });
      // Once committed, the other connection may write.
      other.exec("BEGIN IMMEDIATE; COMMIT;");
    } finally {
      other.close();
    }
  });

  it("enforces the schema's CHECK and foreign-key constraints", async () => {
    const brand = await db
      .insertInto("brands")
      .values({ name: "Marca", slug: "marca", description: null, logoUrl: null, country: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const product = {
      name: "Perfume",
      slug: "perfume",
      brandId: brand.id,
      price: 150000,
      originalPrice: null,
      shortDescription: null,
      concentration: null,
      longevity: null,
      sillage: null,
      videoUrl: null,
    };
    await expect(
      db
        .insertInto("products")
        .values({ ...product, stock: -1 })
        .execute(),
    ).rejects.toThrow(/CHECK constraint/);
    await expect(
      db
        .insertInto("products")
        .values({ ...product, gender: "otro" as never })
        .execute(),
    ).rejects.toThrow(/CHECK constraint/);
    await expect(
      db
        .insertInto("products")
        .values({ ...product, brandId: 9999 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    // A brand with products cannot be deleted (ON DELETE RESTRICT).
    await db.insertInto("products").values(product).execute();
    await expect(db.deleteFrom("brands").where("id", "=", brand.id).execute()).rejects.toThrow(
      /FOREIGN KEY/,
    );
  });
});
