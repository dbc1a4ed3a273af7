import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewBrand, NewProduct, NewUser } from "../../db/types";

/*
 * Valid, unique rows for tests, written straight through Kysely. They take the database so
 * that integration tests (the app's connection) and e2e tests (the server's file) share them.
 */

const unique = () => crypto.randomBytes(5).toString("hex");

export async function createBrand(db: Kysely<Database>, overrides: Partial<NewBrand> = {}) {
  const suffix = unique();
  return db
    .insertInto("brands")
    .values({ name: `Marca ${suffix}`, slug: `marca-${suffix}`, ...overrides })
    .returning(["id", "name", "slug"])
    .executeTakeFirstOrThrow();
}

export type ProductOverrides = Partial<NewProduct>;

/**
 * An active, unflagged 100 ml perfume at L 2,000.00 sold in 50/100/150 ml, 10 in stock (brand
 * created when not given), unless told otherwise.
 */
export async function createProduct(db: Kysely<Database>, overrides: ProductOverrides = {}) {
  const suffix = unique();
  const brandId = overrides.brandId ?? (await createBrand(db)).id;
  return db
    .insertInto("products")
    .values({
      name: `Perfume ${suffix}`,
      slug: `perfume-${suffix}`,
      description: "Una fragancia de prueba.",
      shortDescription: "Un perfume de prueba.",
      price: 200_000,
      size: "100ml",
      availableSizes: JSON.stringify(["50ml", "100ml", "150ml"]),
      stock: 10,
      ...overrides,
      brandId,
    })
    .returning(["id", "name", "slug", "brandId", "price", "stock", "size"])
    .executeTakeFirstOrThrow();
}

/** A customer without a password (tests sign them in by writing the session). */
export async function createShopper(db: Kysely<Database>, overrides: Partial<NewUser> = {}) {
  const suffix = unique();
  return db
    .insertInto("users")
    .values({
      email: `cliente-${suffix}@example.com`,
      passwordHash: null,
      googleId: null,
      firstName: "Lucía",
      lastName: "Prueba",
      ...overrides,
    })
    .returning(["id", "email", "firstName", "lastName"])
    .executeTakeFirstOrThrow();
}
