import { describe, expect, it } from "vitest";
import { sizeOptions } from "~/models/catalog/products.server";
import { loader } from "~/routes/_store.product.$slug/route";
import { db } from "~/utils/db.server";
import { createBrand, createProduct, createShopper } from "../../seed/factories/catalog";
import { get, settle } from "../setup/route-helpers";

const load = (slug: string, cookie?: string) =>
  settle(() => loader({ request: get(`/product/${slug}`, cookie), params: { slug }, context: {} }));

describe("size options (storefront.md §9)", () => {
  it("prices every listed size from the main size's price, in the store's size order", () => {
    expect(
      sizeOptions({
        price: 250_000,
        originalPrice: 300_000,
        size: "125ml",
        availableSizes: ["150ml", "30ml", "125ml"],
      }),
    ).toEqual([
      { size: "30ml", price: 120_000, originalPrice: 144_000 },
      { size: "125ml", price: 250_000, originalPrice: 300_000 },
      { size: "150ml", price: 300_000, originalPrice: 360_000 },
    ]);
  });

  it("always sells the main size, and drops sizes without a multiplier", () => {
    expect(
      sizeOptions({ price: 100_000, originalPrice: null, size: "100ml", availableSizes: ["75ml"] }),
    ).toEqual([{ size: "100ml", price: 100_000, originalPrice: null }]);
    // A main size the store has no multiplier for is sold alone at the stored price.
    expect(
      sizeOptions({
        price: 90_000,
        originalPrice: null,
        size: "90ml",
        availableSizes: ["50ml", "90ml"],
      }),
    ).toEqual([{ size: "90ml", price: 90_000, originalPrice: null }]);
  });
});

describe("the product page loader", () => {
  it("answers 404 'Producto no encontrado' for an unknown or inactive product", async () => {
    const inactive = await createProduct(db, { isActive: 0 });
    for (const slug of ["no-existe-este-perfume", inactive.slug]) {
      const response = await load(slug);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Producto no encontrado" });
    }
  });

  it("sends the product with its size prices and records it as recently viewed", async () => {
    const product = await createProduct(db, {
      price: 200_000,
      originalPrice: 250_000,
      images: JSON.stringify(["0123456789abcdef"]),
    });
    const response = await load(product.slug);
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.product.sizes).toEqual([
      { size: "50ml", price: 160_000, originalPrice: 200_000 },
      { size: "100ml", price: 200_000, originalPrice: 250_000 },
      { size: "150ml", price: 300_000, originalPrice: 375_000 },
    ]);
    expect(data.share).toEqual({
      url: `http://tienda.test/product/${product.slug}`,
      image: "http://tienda.test/images/products/0123456789abcdef-640.webp",
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/^recently_viewed=/);
  });

  it("does not count a hover prefetch as a visit", async () => {
    const product = await createProduct(db);
    const request = new Request(`http://tienda.test/product/${product.slug}`, {
      headers: { "Sec-Purpose": "prefetch" },
    });
    const response = await settle(() =>
      loader({ request, params: { slug: product.slug }, context: {} }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows approved reviews only, with the author's first name and nothing more", async () => {
    const product = await createProduct(db);
    const author = await createShopper(db, { firstName: "Marta", lastName: "Secreta" });
    const other = await createShopper(db, { firstName: "Pedro" });
    const pending = await createShopper(db, { firstName: "Oculta" });
    await db
      .insertInto("reviews")
      .values([
        {
          productId: product.id,
          userId: author.id,
          rating: 5,
          comment: "Excelente",
          isApproved: 1,
        },
        { productId: product.id, userId: other.id, rating: 4, comment: "Bueno", isApproved: 1 },
        {
          productId: product.id,
          userId: pending.id,
          rating: 1,
          comment: "Pendiente",
          isApproved: 0,
        },
      ])
      .execute();
    const data = await (await load(product.slug)).json();
    expect(data.rating).toEqual({ average: 4.5, count: 2 });
    expect(data.reviews.map((review: { comment: string }) => review.comment).sort()).toEqual([
      "Bueno",
      "Excelente",
    ]);
    const marta = data.reviews.find(
      (review: { comment: string }) => review.comment === "Excelente",
    );
    expect(marta.authorFirstName).toBe("Marta");
    expect(JSON.stringify(data)).not.toContain("Secreta");
    expect(JSON.stringify(data)).not.toContain(author.email);
  });

  it("relates up to 4 other active products of the same brand", async () => {
    const brand = await createBrand(db);
    const product = await createProduct(db, { brandId: brand.id });
    const siblings = [];
    for (let i = 0; i < 5; i++) siblings.push(await createProduct(db, { brandId: brand.id }));
    await createProduct(db, { brandId: brand.id, isActive: 0, salesCount: 1000 });
    await createProduct(db, { salesCount: 1000 }); // another brand
    const data = await (await load(product.slug)).json();
    expect(data.related).toHaveLength(4);
    const ids = data.related.map((item: { id: number }) => item.id);
    expect(ids).not.toContain(product.id);
    for (const id of ids) expect(siblings.map((sibling) => sibling.id)).toContain(id);
  });
});
