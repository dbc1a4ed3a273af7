import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  catalogSearch,
  clampPriceRange,
  DEFAULT_CATALOG_QUERY,
  type CatalogQuery,
} from "~/models/catalog/catalog";
import { productBadge } from "~/models/catalog/product-badge";
import {
  listCatalog,
  newProducts,
  parseCatalogQuery,
  productsByIds,
  searchSuggestions,
  searchWords,
  viralProducts,
} from "~/models/catalog/catalog.server";
import { loader as catalogLoader } from "~/routes/_store.catalog";
import { loader as suggestionsLoader } from "~/routes/resources.search-suggestions";
import { db } from "~/utils/db.server";
import { createBrand, createProduct } from "../../seed/factories/catalog";

const query = (changes: Partial<CatalogQuery>): CatalogQuery => ({
  ...DEFAULT_CATALOG_QUERY,
  ...changes,
});
const word = () => `zq${crypto.randomBytes(4).toString("hex")}`;
const ids = (products: { id: number }[]) => products.map((product) => product.id);
const DAY = 86_400_000;

/** A brand with 12 varied products (one inactive); the tests compare against these rows. */
async function variedBrand() {
  const brand = await createBrand(db);
  const genders = ["masculine", "feminine", "unisex"] as const;
  for (let i = 0; i < 12; i++) {
    await createProduct(db, {
      brandId: brand.id,
      gender: genders[i % 3],
      perfumeType: i % 2 ? "niche" : "designer",
      catalogType: i % 4 === 0 ? "custom_order" : "normal",
      price: 100_000 + (i % 6) * 50_000,
      originalPrice: i % 3 === 0 ? 400_000 : null,
      stock: i % 5 === 0 ? 0 : i,
      isActive: i === 11 ? 0 : 1,
      isFeatured: i % 4 === 1 ? 1 : 0,
      salesCount: (i * 5) % 7,
      averageRating: ((i * 3) % 10) / 2,
      createdAt: new Date(Date.now() - ((i * 5) % 12) * DAY).toISOString(),
    });
  }
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where("brandId", "=", brand.id)
    .where("isActive", "=", 1)
    .execute();
  return { brand, rows };
}

describe("parseCatalogQuery", () => {
  it("falls back to the defaults on garbage and never throws", () => {
    const parsed = parseCatalogQuery(
      new URLSearchParams(
        "gender=robot&perfumeType=&catalogType=x&brandId=-3&minPrice=abc&maxPrice=&inStock=nope&sortBy=cheapest&page=zero&view=table&search=%20%20",
      ),
    );
    expect(parsed).toEqual(DEFAULT_CATALOG_QUERY);
    expect(parseCatalogQuery(new URLSearchParams("brandId=1.5&page=-2"))).toEqual(
      DEFAULT_CATALOG_QUERY,
    );
  });

  it("reads every filter and sort, with booleans as 1, true or a checkbox's on", () => {
    const parsed = parseCatalogQuery(
      new URLSearchParams(
        "search=%20kenzo%20flor%20&gender=feminine&perfumeType=niche&catalogType=custom_order&brandId=7&minPrice=1000&maxPrice=5000&inStock=on&featured=1&discount=true&sortBy=price-high&page=3&view=list",
      ),
    );
    expect(parsed).toEqual({
      search: "kenzo flor",
      gender: "feminine",
      perfumeType: "niche",
      catalogType: "custom_order",
      brandId: 7,
      minPrice: 1000,
      maxPrice: 5000,
      inStock: true,
      featured: true,
      discount: true,
      sortBy: "price-high",
      page: 3,
      view: "list",
    });
    // The links the page builds read back as the same query.
    expect(parseCatalogQuery(new URLSearchParams(catalogSearch(parsed, { page: 3 })))).toEqual(
      parsed,
    );
  });

  it("clamps the price range: 0..(max−100), (min+100)..50000, swapped when backwards", () => {
    const price = (text: string) => {
      const { minPrice, maxPrice } = parseCatalogQuery(new URLSearchParams(text));
      return [minPrice, maxPrice];
    };
    expect(price("minPrice=-50")).toEqual([0, null]);
    expect(price("minPrice=60000")).toEqual([49_900, null]);
    expect(price("maxPrice=90000")).toEqual([null, 50_000]);
    expect(price("maxPrice=20")).toEqual([null, 100]);
    expect(price("minPrice=3000&maxPrice=1000")).toEqual([1000, 3000]);
    expect(price("minPrice=500&maxPrice=550")).toEqual([500, 600]);
    expect(price("minPrice=50000&maxPrice=50000")).toEqual([49_900, 50_000]);
    expect(price("minPrice=1234.6&maxPrice=-1")).toEqual([0, 1235]);
    expect(clampPriceRange(null, null)).toEqual({ minPrice: null, maxPrice: null });
  });
});

describe("listCatalog filters", () => {
  it("applies each filter alone, only over active products", async () => {
    const { brand, rows } = await variedBrand();
    const inBrand = { brandId: brand.id };
    const cases: [Partial<CatalogQuery>, (row: (typeof rows)[number]) => boolean][] = [
      [{}, () => true],
      [{ gender: "masculine" }, (r) => r.gender === "masculine"],
      [{ gender: "feminine" }, (r) => r.gender === "feminine"],
      [{ gender: "unisex" }, (r) => r.gender === "unisex"],
      [{ perfumeType: "niche" }, (r) => r.perfumeType === "niche"],
      [{ perfumeType: "designer" }, (r) => r.perfumeType === "designer"],
      [{ catalogType: "custom_order" }, (r) => r.catalogType === "custom_order"],
      [{ catalogType: "normal" }, (r) => r.catalogType === "normal"],
      [{ minPrice: 2000 }, (r) => r.price >= 200_000],
      [{ maxPrice: 2000 }, (r) => r.price <= 200_000],
      [{ minPrice: 1500, maxPrice: 2500 }, (r) => r.price >= 150_000 && r.price <= 250_000],
      [{ inStock: true }, (r) => r.stock > 0],
      [{ featured: true }, (r) => r.isFeatured === 1],
      [{ discount: true }, (r) => r.originalPrice !== null && r.originalPrice > r.price],
      [
        { gender: "masculine", inStock: true, perfumeType: "designer" },
        (r) => r.gender === "masculine" && r.stock > 0 && r.perfumeType === "designer",
      ],
    ];
    for (const [filters, keep] of cases) {
      const expected = rows.filter(keep).map((r) => r.id);
      const result = await listCatalog({ query: query({ ...inBrand, ...filters }) });
      expect(new Set(ids(result.products)), JSON.stringify(filters)).toEqual(new Set(expected));
      expect(result.total).toBe(expected.length);
    }
    // Sanity: the fixture exercises each filter both ways.
    expect(rows.length).toBe(11);
    expect(rows.filter((r) => r.stock === 0).length).toBeGreaterThan(0);
  });

  it("filters by brand", async () => {
    const a = await createBrand(db);
    const b = await createBrand(db);
    const [p1, p2] = [
      await createProduct(db, { brandId: a.id }),
      await createProduct(db, { brandId: a.id }),
    ];
    await createProduct(db, { brandId: b.id });
    const result = await listCatalog({ query: query({ brandId: a.id }) });
    expect(ids(result.products).sort()).toEqual([p1.id, p2.id].sort());
  });

  it("hides inactive products from every shopper list", async () => {
    const token = word();
    const inactive = await createProduct(db, {
      name: `Oculto ${token}`,
      isActive: 0,
      isNew: 1,
      isViral: 1,
    });
    const visible = await createProduct(db, { name: `Visible ${token}` });
    expect(ids((await listCatalog({ query: query({ search: token }) })).products)).toEqual([
      visible.id,
    ]);
    expect((await searchSuggestions(token)).map((s) => s.slug)).toEqual([visible.slug]);
    expect(ids(await productsByIds([inactive.id, visible.id]))).toEqual([visible.id]);
    expect(ids(await newProducts(1000))).not.toContain(inactive.id);
    expect(ids(await viralProducts(1000))).not.toContain(inactive.id);
  });
});

describe("listCatalog sorts", () => {
  it("orders by each sort with a stable tie-break on id", async () => {
    const { brand, rows } = await variedBrand();
    const byKey = {
      newest: (r: (typeof rows)[number]) => r.createdAt,
      popular: (r: (typeof rows)[number]) => r.salesCount,
      "price-low": (r: (typeof rows)[number]) => r.price,
      "price-high": (r: (typeof rows)[number]) => r.price,
      rating: (r: (typeof rows)[number]) => r.averageRating,
    } as const;
    for (const sortBy of Object.keys(byKey) as (keyof typeof byKey)[]) {
      const key = byKey[sortBy];
      const sign = sortBy === "price-low" ? 1 : -1;
      const expected = [...rows]
        .sort((x, y) => {
          const a = key(x);
          const b = key(y);
          if (a !== b) return (a < b ? -1 : 1) * sign;
          return (x.id - y.id) * sign;
        })
        .map((r) => r.id);
      const result = await listCatalog({ query: query({ brandId: brand.id, sortBy }) });
      expect(ids(result.products), sortBy).toEqual(expected);
    }
    // Ties exist, so the tie-break is exercised.
    expect(new Set(rows.map((r) => r.price)).size).toBeLessThan(rows.length);
  });
});

describe("listCatalog pages", () => {
  it("shows 24 a page and clamps the page to 1..last", async () => {
    const brand = await createBrand(db);
    for (let i = 0; i < 30; i++) await createProduct(db, { brandId: brand.id, price: 10_000 + i });
    const page = (n: number) =>
      listCatalog({ query: query({ brandId: brand.id, sortBy: "price-low", page: n }) });

    const first = await page(1);
    const second = await page(2);
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2, pageSize: 24 });
    expect(first.products).toHaveLength(24);
    expect(second.products).toHaveLength(6);
    expect(new Set([...ids(first.products), ...ids(second.products)]).size).toBe(30);
    expect(second.products[0].price).toBeGreaterThan(first.products[23].price);

    const beyond = await page(99);
    expect(beyond.page).toBe(2);
    expect(ids(beyond.products)).toEqual(ids(second.products));
    expect((await page(0)).page).toBe(1);

    const empty = await listCatalog({ query: query({ search: word(), page: 5 }) });
    expect(empty).toMatchObject({ total: 0, page: 1, pageCount: 1, products: [] });
  });

  it("walks every page of each sort once, in one order, ties included", async () => {
    const brand = await createBrand(db);
    const term = word();
    // 54 active products over 3 pages, with few distinct values so every page boundary falls in ties.
    for (let i = 0; i < 60; i++) {
      await createProduct(db, {
        brandId: brand.id,
        name: `${term} ${i}`,
        price: 100_000 + (i % 4) * 10_000,
        stock: i % 7 === 0 ? 0 : 3,
        isActive: i % 10 === 9 ? 0 : 1,
        salesCount: i % 3,
        averageRating: (i % 5) / 2,
        createdAt: new Date(Date.now() - (i % 6) * DAY).toISOString(),
      });
    }
    const rows = await db
      .selectFrom("products")
      .selectAll()
      .where("brandId", "=", brand.id)
      .where("isActive", "=", 1)
      .execute();
    const sorts = {
      newest: [(r: (typeof rows)[number]) => r.createdAt, -1],
      popular: [(r: (typeof rows)[number]) => r.salesCount, -1],
      "price-low": [(r: (typeof rows)[number]) => r.price, 1],
      "price-high": [(r: (typeof rows)[number]) => r.price, -1],
      rating: [(r: (typeof rows)[number]) => r.averageRating, -1],
    } as const;
    // The same walk through the brand's index, a search and a filter outside any index.
    const filters: [Partial<CatalogQuery>, (r: (typeof rows)[number]) => boolean][] = [
      [{ brandId: brand.id }, () => true],
      [{ search: term }, () => true],
      [{ brandId: brand.id, inStock: true }, (r) => r.stock > 0],
    ];
    for (const [changes, keep] of filters) {
      for (const sortBy of Object.keys(sorts) as (keyof typeof sorts)[]) {
        const [key, sign] = sorts[sortBy];
        const expected = rows
          .filter(keep)
          .sort((x, y) => {
            const a = key(x);
            const b = key(y);
            if (a !== b) return (a < b ? -1 : 1) * sign;
            return (x.id - y.id) * sign;
          })
          .map((r) => r.id);
        const walked: number[] = [];
        for (let page = 1, pageCount = 1; page <= pageCount; page++) {
          const result = await listCatalog({ query: query({ ...changes, sortBy, page }) });
          expect(result.total).toBe(expected.length);
          pageCount = result.pageCount;
          walked.push(...ids(result.products));
        }
        expect(walked, `${sortBy} ${JSON.stringify(changes)}`).toEqual(expected);
      }
    }
  });
});

describe("search", () => {
  it("splits words, folds case and accents, matches prefixes, and needs every word", async () => {
    const token = word();
    const kenzo = await createBrand(db, { name: `Kenzo ${token}` });
    const flower = await createProduct(db, {
      brandId: kenzo.id,
      name: "Flower by Kenzo",
      description: `La amapola, una flor de limón y rosa. ${token}`,
      gender: "feminine",
    });
    const other = await createProduct(db, {
      brandId: kenzo.id,
      name: "Homme",
      description: `Madera y especias. ${token}`,
      gender: "masculine",
      perfumeType: "niche",
    });
    const search = async (text: string) =>
      ids((await listCatalog({ query: query({ search: text, brandId: kenzo.id }) })).products);

    // The demo's Flower by Kenzo: 'flor' is in its description, 'flo' a prefix of its name.
    expect(await search("kenzo flor")).toEqual([flower.id]);
    expect(await search("flo kenz")).toEqual([flower.id]);
    expect(await search("KENZO   Flor!")).toEqual([flower.id]);
    expect(await search("limon")).toEqual([flower.id]);
    expect(await search("LIMÓN rosa")).toEqual([flower.id]);
    expect(await search("limon madera")).toEqual([]);
    expect((await search("kenzo")).sort()).toEqual([flower.id, other.id].sort());
    // Gender and type, in English and in Spanish.
    expect(await search("masculino")).toEqual([other.id]);
    expect(await search("femenino")).toEqual([flower.id]);
    expect(await search("nicho")).toEqual([other.id]);
    expect(await search("feminine")).toEqual([flower.id]);
    expect(searchWords("  Éclat d'Arpège N°5 ")).toEqual(["eclat", "d", "arpege", "n", "5"]);
  });

  it("keeps the index in sync when a product or its brand changes or goes", async () => {
    const token = word();
    const renamed = word();
    const brand = await createBrand(db);
    const product = await createProduct(db, { brandId: brand.id, name: `Nombre ${token}` });
    const search = async (text: string) =>
      ids((await listCatalog({ query: query({ search: text }) })).products);

    expect(await search(token)).toEqual([product.id]);
    await db
      .updateTable("products")
      .set({ name: "Otro nombre" })
      .where("id", "=", product.id)
      .execute();
    expect(await search(token)).toEqual([]);

    await db
      .updateTable("brands")
      .set({ name: `Marca ${renamed}` })
      .where("id", "=", brand.id)
      .execute();
    expect(await search(`${renamed} otro`)).toEqual([product.id]);

    await db.deleteFrom("products").where("id", "=", product.id).execute();
    expect(await search(renamed)).toEqual([]);
  });

  it("suggests up to 8 active products", async () => {
    const token = word();
    const brand = await createBrand(db);
    for (let i = 0; i < 10; i++)
      await createProduct(db, { brandId: brand.id, name: `${token} ${i}`, price: 123_400 + i });
    const suggestions = await searchSuggestions(token.slice(0, 6));
    expect(suggestions).toHaveLength(8);
    expect(suggestions[0]).toMatchObject({ brand: brand.name, image: null });
    expect(suggestions[0].price).toBe(123_400 + Number(suggestions[0].name.split(" ")[1]));
    expect(await searchSuggestions("   ")).toEqual([]);
  });
});

describe("cards", () => {
  it("badge priority: Agotado, Solo Por Encargo, Nuevo, Viral, Exclusivo", () => {
    const base = {
      stock: 5,
      isActive: true,
      catalogType: "normal" as const,
      isNew: true,
      isViral: true,
      isExclusive: true,
    };
    expect(productBadge({ ...base, stock: 0, catalogType: "custom_order" })).toBe("Agotado");
    expect(productBadge({ ...base, isActive: false })).toBe("Agotado");
    expect(productBadge({ ...base, catalogType: "custom_order" })).toBe("Solo Por Encargo");
    expect(productBadge(base)).toBe("Nuevo");
    expect(productBadge({ ...base, isNew: false })).toBe("Viral");
    expect(productBadge({ ...base, isNew: false, isViral: false })).toBe("Exclusivo");
    expect(productBadge({ ...base, isNew: false, isViral: false, isExclusive: false })).toBeNull();
  });

  it("recently viewed keeps the cookie's order and drops unknown products", async () => {
    const [a, b, c] = [await createProduct(db), await createProduct(db), await createProduct(db)];
    expect(ids(await productsByIds([c.id, a.id, 999_999, b.id]))).toEqual([c.id, a.id, b.id]);
  });
});

describe("routes", () => {
  it("the catalogue loader answers garbage parameters with the defaults and clamps the page", async () => {
    const brand = await createBrand(db);
    await createProduct(db, { brandId: brand.id });
    const response = await catalogLoader({
      request: new Request(`http://localhost/catalog?brandId=${brand.id}&page=50&sortBy=%3Cx%3E`),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.query).toMatchObject({ brandId: brand.id, page: 1, sortBy: "newest" });
    expect(data.catalog.total).toBe(1);
    expect(data.wishlist).toEqual([]);
  });

  it("the suggestions resource returns at most 8 {name, brand, slug, price, image}", async () => {
    const token = word();
    const brand = await createBrand(db);
    for (let i = 0; i < 9; i++)
      await createProduct(db, { brandId: brand.id, name: `${token} ${i}` });
    const response = await suggestionsLoader({
      request: new Request(`http://localhost/resources/search-suggestions?q=${token}`),
      params: {},
      context: {},
    });
    const data = await response.json();
    expect(data.suggestions).toHaveLength(8);
    expect(Object.keys(data.suggestions[0]).sort()).toEqual([
      "brand",
      "image",
      "name",
      "price",
      "slug",
    ]);
    const empty = await suggestionsLoader({
      request: new Request("http://localhost/resources/search-suggestions?q=%20"),
      params: {},
      context: {},
    });
    expect((await empty.json()).suggestions).toEqual([]);
  });
});
