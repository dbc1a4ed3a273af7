import crypto from "node:crypto";
import type { Insertable } from "kysely";
import type { DB } from "../../db/connection";
import type { ProductsTable } from "../../db/types";

export type TestProduct = { id: number; name: string; slug: string };

/**
 * A product of its own for one test (the demo store's are shared by every test and both
 * projects): an active 100 ml perfume at L 2,000.00 in 50/100/150 ml, 5 in stock.
 */
export async function insertProduct(
  db: DB,
  overrides: Partial<Insertable<ProductsTable>> = {},
): Promise<TestProduct> {
  const suffix = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;
  const brand = await db.selectFrom("brands").select("id").orderBy("id").executeTakeFirstOrThrow();
  return db
    .insertInto("products")
    .values({
      name: `Perfume Prueba ${suffix}`,
      slug: `perfume-prueba-${suffix}`,
      brandId: brand.id,
      price: 200_000,
      size: "100ml",
      availableSizes: JSON.stringify(["50ml", "100ml", "150ml"]),
      stock: 5,
      shortDescription: "Un perfume creado por las pruebas.",
      ...overrides,
    })
    .returning(["id", "name", "slug"])
    .executeTakeFirstOrThrow();
}

/** Removes the products a test made (their cart and wishlist rows cascade). */
export async function deleteProducts(db: DB, products: TestProduct[]) {
  if (products.length === 0) return;
  await db
    .deleteFrom("products")
    .where(
      "id",
      "in",
      products.map((product) => product.id),
    )
    .execute();
}
