import crypto from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_CATALOG_QUERY } from "~/models/catalog/catalog";
import {
  discountedProducts,
  featuredProducts,
  listBrands,
  listCatalog,
  newProducts,
  relatedProducts,
  viralProducts,
} from "~/models/catalog/catalog.server";
import { updateBrand } from "~/models/catalog/brands.server";
import { getProductBySlug } from "~/models/catalog/products.server";
import { listApprovedReviews } from "~/models/reviews/reviews.server";
import { db } from "~/utils/db.server";
import { currentPageVersion, MAX_AGE_MS } from "~/utils/page-cache.server";
import { sharedQuery } from "~/utils/shared-query.server";
import { createBrand, createProduct } from "../../seed/factories/catalog";
import { approveReview, createReview } from "../../seed/factories/reviews";
import { createUser } from "../../seed/factories/users";
import { secondConnection } from "../setup/database";

/*
 * The shared query results of decision 071: kept per catalogue version, so
 * every kind of write the result depends on is seen by the next read, whoever wrote it.
 * Each test first proves the result is kept (a second read returns the very same object), so
 * that seeing the change afterwards proves the invalidation, not the absence of a cache.
 */

const word = () => `zq${crypto.randomBytes(4).toString("hex")}`;
const search = (text: string) => ({ query: { ...DEFAULT_CATALOG_QUERY, search: text } });

describe("sharedQuery", () => {
  it("answers from memory while nothing is written, and reads again after any write", async () => {
    let loads = 0;
    const count = sharedQuery(async (n: number) => ({ n, loads: ++loads }));
    const first = await count(1);
    expect(await count(1)).toBe(first);
    expect(await count(2)).not.toBe(first);
    expect(loads).toBe(2);

    await createBrand(db);
    expect(await count(1)).toEqual({ n: 1, loads: 3 });
  });

  it("shares one query between concurrent callers and forgets a failure", async () => {
    let loads = 0;
    const flaky = sharedQuery(async (fail: boolean) => {
      loads++;
      if (fail) throw new Error("boom");
      return { ok: true };
    });
    const [a, b] = await Promise.all([flaky(false), flaky(false)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    await expect(flaky(true)).rejects.toThrow("boom");
    await expect(flaky(true)).rejects.toThrow("boom");
    expect(loads).toBe(3);
  });

  it("freezes what it shares, so no caller can change another's result", async () => {
    const cards = sharedQuery(async () => [{ name: "a" }]);
    const result = await cards();
    expect(() => result.push({ name: "b" })).toThrow(TypeError);
    expect(() => {
      result[0].name = "b";
    }).toThrow(TypeError);
  });

  it("reads a result again once it is older than its maximum age", async () => {
    let loads = 0;
    const count = sharedQuery(async () => ++loads);
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    try {
      expect(await count()).toBe(1);
      clock.mockReturnValue(now + MAX_AGE_MS - 1);
      expect(await count()).toBe(1);
      clock.mockReturnValue(now + MAX_AGE_MS);
      expect(await count()).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it("keeps at most its bound of results, least recently used first out", async () => {
    let loads = 0;
    const bounded = sharedQuery(async (n: number) => ({ n, loads: ++loads }), 2);
    const one = await bounded(1);
    await bounded(2);
    expect(await bounded(1)).toBe(one);
    await bounded(3);
    expect(await bounded(1)).toBe(one);
    expect((await bounded(2)).loads).toBe(4);
  });
});

describe("the catalogue's shared queries see every write", () => {
  it("a catalogue page: a product added, changed, deactivated", async () => {
    const name = word();
    const brand = await createBrand(db);
    const product = await createProduct(db, { name: `${name} uno`, brandId: brand.id });
    const before = await listCatalog(search(name));
    expect(await listCatalog(search(name))).toBe(before);
    expect(before.products.map((card) => card.price)).toEqual([200_000]);

    await db.updateTable("products").set({ price: 150_000 }).where("id", "=", product.id).execute();
    expect((await listCatalog(search(name))).products.map((card) => card.price)).toEqual([150_000]);

    await createProduct(db, { name: `${name} dos`, brandId: brand.id });
    expect((await listCatalog(search(name))).total).toBe(2);

    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", product.id).execute();
    expect((await listCatalog(search(name))).total).toBe(1);
  });

  it("a brand renamed through the back office's model shows on the cards and in the filter", async () => {
    const name = word();
    const brand = await createBrand(db);
    await createProduct(db, { name, brandId: brand.id });
    const brands = await listBrands();
    expect(await listBrands()).toBe(brands);
    const [card] = (await listCatalog(search(name))).products;
    expect(card.brandName).toBe(brand.name);

    const renamed = `Marca ${word()}`;
    const result = await updateBrand(brand.id, {
      name: renamed,
      description: null,
      country: null,
      isActive: true,
    });
    expect(result.ok).toBe(true);
    expect((await listCatalog(search(name))).products[0].brandName).toBe(renamed);
    expect((await listBrands()).find((row) => row.id === brand.id)?.name).toBe(renamed);
  });

  it("a write by another connection (another worker, a script) is seen", async () => {
    const name = word();
    const product = await createProduct(db, { name });
    expect((await getProductBySlug(product.slug))?.stock).toBe(10);
    const other = secondConnection();
    try {
      await other.updateTable("products").set({ stock: 3 }).where("id", "=", product.id).execute();
    } finally {
      await other.destroy();
    }
    expect((await getProductBySlug(product.slug))?.stock).toBe(3);
  });

  it("a product page: its details, related products and approved reviews", async () => {
    const brand = await createBrand(db);
    const product = await createProduct(db, { brandId: brand.id });
    const related = () => relatedProducts({ productId: product.id, brandId: brand.id });
    expect(await related()).toEqual([]);
    expect(await listApprovedReviews(product.id)).toEqual([]);

    await db
      .updateTable("products")
      .set({ description: "Notas nuevas." })
      .where("id", "=", product.id)
      .execute();
    expect((await getProductBySlug(product.slug))?.description).toBe("Notas nuevas.");

    const sibling = await createProduct(db, { brandId: brand.id });
    expect((await related()).map((card) => card.id)).toEqual([sibling.id]);

    const author = await createUser(db, { firstName: "Ana" });
    const review = await createReview(db, { productId: product.id, userId: author.id });
    expect(await listApprovedReviews(product.id)).toEqual([]);
    await approveReview(db, review.id);
    const reviews = await listApprovedReviews(product.id);
    expect(reviews.map((row) => row.authorFirstName)).toEqual(["Ana"]);

    await db
      .updateTable("users")
      .set({ firstName: "Anabel" })
      .where("id", "=", author.id)
      .execute();
    expect((await listApprovedReviews(product.id)).map((row) => row.authorFirstName)).toEqual([
      "Anabel",
    ]);
  });

  it("the home page's sections follow their flags", async () => {
    const product = await createProduct(db, { salesCount: 1_000_000 });
    const sections = async () =>
      [await featuredProducts(4), await newProducts(4), await viralProducts(4)].map((cards) =>
        cards.some((card) => card.id === product.id),
      );
    expect(await sections()).toEqual([false, false, false]);
    await db
      .updateTable("products")
      .set({ isFeatured: 1, isNew: 1, isViral: 1, createdAt: "2999-01-01T00:00:00.000Z" })
      .where("id", "=", product.id)
      .execute();
    expect(await sections()).toEqual([true, true, true]);

    const deals = async () => (await discountedProducts(4)).some((card) => card.id === product.id);
    expect(await deals()).toBe(false);
    await db
      .updateTable("products")
      .set({ originalPrice: 100_000_000 })
      .where("id", "=", product.id)
      .execute();
    expect(await deals()).toBe(true);
  });
});

describe("what a sale changes (decision 115)", () => {
  const sell = (id: number, units: number) =>
    db
      .updateTable("products")
      .set((eb) => ({
        stock: eb("stock", "-", units),
        salesCount: eb("salesCount", "+", units),
        updatedAt: new Date().toISOString(),
      }))
      .where("id", "=", id)
      .execute();

  it("a sale that leaves stock keeps the shared pages; the product page reads its stock", async () => {
    const name = word();
    const product = await createProduct(db, { name, stock: 5 });
    const page = await listCatalog(search(name));
    const version = await currentPageVersion();

    await sell(product.id, 2);
    expect(await currentPageVersion()).toBe(version);
    expect(await listCatalog(search(name))).toBe(page);
    expect((await getProductBySlug(product.slug))?.stock).toBe(3);
  });

  it("selling out, and coming back, change every shared page", async () => {
    const name = word();
    const product = await createProduct(db, { name, stock: 2 });
    expect((await listCatalog(search(name))).products[0].stock).toBe(2);

    await sell(product.id, 2);
    expect((await listCatalog(search(name))).products[0].stock).toBe(0);

    const version = await currentPageVersion();
    // A denied order gives its units back (models/orders/transitions.server.ts).
    await db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", 3) }))
      .where("id", "=", product.id)
      .execute();
    expect(await currentPageVersion()).toBe(version + 1);
    expect((await listCatalog(search(name))).products[0].stock).toBe(3);
  });

  it("every other column of products bumps the version, even one added later", async () => {
    const product = await createProduct(db);
    const quiet = ["stock", "sales_count", "view_count", "updated_at"];
    const tables = await db.introspection.getTables();
    const columns = tables.find((table) => table.name === "products")!.columns.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(quiet));
    for (const column of columns) {
      const version = await currentPageVersion();
      await sql`UPDATE products SET ${sql.ref(column)} = ${sql.ref(column)} WHERE id = ${product.id}`.execute(
        db,
      );
      expect(await currentPageVersion(), column).toBe(
        quiet.includes(column) ? version : version + 1,
      );
    }
  });
});
