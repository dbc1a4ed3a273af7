import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, NewBrand, NewProduct } from "../../db/types";

/*
 * Valid, unique catalogue rows, written straight through Kysely. They take the database so
 * that integration tests (the app's connection), e2e tests (the server's file) and the demo
 * seed (its transaction) share them.
 */

export { createShopper } from "./users";

const unique = () => crypto.randomBytes(5).toString("hex");

export async function createBrand(db: Kysely<Database>, overrides: Partial<NewBrand> = {}) {
  const suffix = unique();
  return db
    .insertInto("brands")
    .values({ name: `Marca ${suffix}`, slug: `marca-${suffix}`, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ProductOverrides = Partial<NewProduct>;

/**
 * An active, unflagged 100 ml perfume at L 2,000.00 sold in 50/100/150 ml, 10 in stock, of a
 * brand of its own (created when `brandId` is not given), unless told otherwise.
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
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type CreatedProduct = Awaited<ReturnType<typeof createProduct>>;

/**
 * Removes products a test made (their cart and wishlist rows cascade), and their brands once
 * no product is left in them: a shared store (the e2e server's) keeps no trace of the test.
 */
export async function deleteProducts(
  db: Kysely<Database>,
  products: readonly { id: number; brandId: number }[],
) {
  if (products.length === 0) return;
  await db
    .deleteFrom("products")
    .where(
      "id",
      "in",
      products.map((product) => product.id),
    )
    .execute();
  await db
    .deleteFrom("brands")
    .where(
      "id",
      "in",
      products.map((product) => product.brandId),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom("products").select("id").whereRef("products.brandId", "=", "brands.id")),
      ),
    )
    .execute();
}

/** A product's stock as the store holds it now: what an order takes and a cancellation gives back. */
export async function stockOf(db: Kysely<Database>, productId: number) {
  const row = await db
    .selectFrom("products")
    .select("stock")
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();
  return row.stock;
}
