import crypto from "node:crypto";
import type { Insertable } from "kysely";
import type { BrandsTable, ProductsTable, UsersTable } from "#db/types";
import { db } from "~/utils/db.server";

/* Valid, unique rows for integration tests, written straight through Kysely. */

const unique = () => crypto.randomBytes(5).toString("hex");

export async function createBrand(overrides: Partial<Insertable<BrandsTable>> = {}) {
  const suffix = unique();
  return db
    .insertInto("brands")
    .values({ name: `Marca ${suffix}`, slug: `marca-${suffix}`, ...overrides })
    .returning(["id", "name", "slug"])
    .executeTakeFirstOrThrow();
}

/** An active 100 ml perfume at L 2,000.00 sold in 50/100/150 ml, 10 in stock, unless told. */
export async function createProduct(overrides: Partial<Insertable<ProductsTable>> = {}) {
  const suffix = unique();
  const brandId = overrides.brandId ?? (await createBrand()).id;
  return db
    .insertInto("products")
    .values({
      name: `Perfume ${suffix}`,
      slug: `perfume-${suffix}`,
      brandId,
      price: 200_000,
      size: "100ml",
      availableSizes: JSON.stringify(["50ml", "100ml", "150ml"]),
      stock: 10,
      shortDescription: "Un perfume de prueba.",
      ...overrides,
    })
    .returning(["id", "name", "slug", "brandId", "price", "stock", "size"])
    .executeTakeFirstOrThrow();
}

/** A customer without a password (tests sign them in by writing the session). */
export async function createShopper(overrides: Partial<Insertable<UsersTable>> = {}) {
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
