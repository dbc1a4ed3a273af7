import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewBrand, NewProduct } from "../../db/types";

/*
 * Valid, unique brands and products for tests. They take the database so that integration
 * tests (the app's connection) and e2e tests (the server's file) can both use them.
 */

const unique = () => crypto.randomBytes(5).toString("hex");

export async function createBrand(db: Kysely<Database>, overrides: Partial<NewBrand> = {}) {
  const suffix = unique();
  return db
    .insertInto("brands")
    .values({ name: `Marca ${suffix}`, slug: `marca-${suffix}`, ...overrides })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
}

export type ProductOverrides = Partial<NewProduct>;

/** A product (brand created when not given): L 1,000, 10 in stock, active, unflagged. */
export async function createProduct(db: Kysely<Database>, overrides: ProductOverrides = {}) {
  const suffix = unique();
  const brandId = overrides.brandId ?? (await createBrand(db)).id;
  const name = overrides.name ?? `Perfume ${suffix}`;
  return db
    .insertInto("products")
    .values({
      slug: `perfume-${suffix}`,
      description: "Una fragancia de prueba.",
      price: 100_000,
      stock: 10,
      ...overrides,
      name,
      brandId,
    })
    .returning(["id", "name", "slug", "price", "brandId"])
    .executeTakeFirstOrThrow();
}
