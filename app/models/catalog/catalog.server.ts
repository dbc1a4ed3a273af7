import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { z } from "zod/v4";
import type { Database } from "#db/types";
import {
  CATALOG_PAGE_SIZE,
  clampPriceRange,
  DEFAULT_CATALOG_QUERY,
  SORT_OPTIONS,
  type CatalogProduct,
  type CatalogQuery,
  type SortKey,
} from "./catalog";
import { db } from "~/utils/db.server";
import { sharedQuery } from "~/utils/shared-query.server";
import { isProductImageKey } from "~/utils/images";
import { lempirasToCentavos } from "~/utils/money";
import { paginate, requestedPage } from "~/utils/paging";
import { MAX_ID } from "~/utils/invariant";
import { isPostgres } from "#db/connection";
import { firstOfJsonList } from "~/utils/sql.server";

/*
 * The shopper's catalogue: filters, sorts, pages and search over active products only.
 * Pure rules (badges, clamping, links) live in catalog.ts so the browser shares them.
 */

const flag = z.preprocess(
  (value) => value === "1" || value === "true" || value === "on",
  z.boolean(),
);
const lempiras = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : null),
  z.number().finite().nullable().catch(null),
);
const sortKeys = SORT_OPTIONS.map((option) => option.value) as [SortKey, ...SortKey[]];

/** Every field falls back to its default on a missing or malformed value: a URL never throws. */
const CatalogQuerySchema = z.object({
  search: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().slice(0, 100) : ""),
    z.string(),
  ),
  gender: z.enum(["all", "masculine", "feminine", "unisex"]).catch("all"),
  perfumeType: z.enum(["all", "designer", "niche"]).catch("all"),
  catalogType: z.enum(["all", "normal", "custom_order"]).catch("all"),
  brandId: z.coerce.number().int().positive().max(MAX_ID).nullable().catch(null),
  minPrice: lempiras,
  maxPrice: lempiras,
  inStock: flag,
  featured: flag,
  discount: flag,
  sortBy: z.enum(sortKeys).catch(DEFAULT_CATALOG_QUERY.sortBy),
  page: z.unknown().transform(requestedPage),
  view: z.enum(["grid", "list"]).catch("grid"),
});

export function parseCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  const raw = Object.fromEntries(
    Object.keys(DEFAULT_CATALOG_QUERY).map((key) => [key, searchParams.get(key) ?? undefined]),
  );
  const parsed = CatalogQuerySchema.parse(raw);
  return { ...parsed, ...clampPriceRange(parsed.minPrice, parsed.maxPrice) };
}

/**
 * The words of a search, folded like the index folds them (lower case, no accents), split
 * on anything that is not a letter or digit. At most 8 words of 40 characters.
 */
export function searchWords(text: string) {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, 40));
  return [...new Set(words)].slice(0, 8);
}

/**
 * The search in the index's own language: every word, each as a prefix ('flor' finds 'Flower').
 * SQLite's FTS5 (migration 20261201T0000) or PostgreSQL's tsquery over the same folded
 * document; the words are letters and digits only, so neither needs quoting. Null when no words.
 */
function matchExpression(text: string) {
  const words = searchWords(text);
  if (!words.length) return null;
  return isPostgres(db)
    ? words.map((word) => `${word}:*`).join(" & ")
    : words.map((word) => `"${word}"*`).join(" ");
}

/** The ids of the products whose search document matches. */
function matchingIds(match: string) {
  return isPostgres(db)
    ? sql<number>`(SELECT product_id FROM product_search WHERE document @@ to_tsquery('simple', ${match}))`
    : sql<number>`(SELECT rowid FROM product_search WHERE product_search MATCH ${match})`;
}

type ProductsQuery = SelectQueryBuilder<Database & { p: Database["products"] }, "p", object>;

function activeProducts(): ProductsQuery {
  return db.selectFrom("products as p").where("p.isActive", "=", 1);
}

function matching(match: string) {
  return (eb: ExpressionBuilder<Database & { p: Database["products"] }, "p">) =>
    eb("p.id", "in", matchingIds(match));
}

function withCardColumns(query: ProductsQuery) {
  return query
    .innerJoin("brands as b", "b.id", "p.brandId")
    .select([
      "p.id",
      "p.name",
      "p.slug",
      "b.name as brandName",
      "p.price",
      "p.originalPrice",
      "p.stock",
      "p.isActive",
      "p.catalogType",
      "p.isNew",
      "p.isViral",
      "p.isExclusive",
      "p.averageRating",
      "p.reviewCount",
      firstOfJsonList(db, sql.ref("p.images")).as("imageKey"),
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof withCardColumns>["execute"]>>[number];

function toCatalogProduct(row: CardRow): CatalogProduct {
  return {
    ...row,
    isActive: row.isActive === 1,
    isNew: row.isNew === 1,
    isViral: row.isViral === 1,
    isExclusive: row.isExclusive === 1,
    imageKey:
      typeof row.imageKey === "string" && isProductImageKey(row.imageKey) ? row.imageKey : null,
  };
}

function applyFilters(query: ProductsQuery, filters: CatalogQuery): ProductsQuery {
  let q = query;
  if (filters.gender !== "all") q = q.where("p.gender", "=", filters.gender);
  if (filters.perfumeType !== "all") q = q.where("p.perfumeType", "=", filters.perfumeType);
  if (filters.catalogType !== "all") q = q.where("p.catalogType", "=", filters.catalogType);
  if (filters.brandId !== null) q = q.where("p.brandId", "=", filters.brandId);
  if (filters.minPrice !== null) q = q.where("p.price", ">=", lempirasToCentavos(filters.minPrice));
  if (filters.maxPrice !== null) q = q.where("p.price", "<=", lempirasToCentavos(filters.maxPrice));
  if (filters.inStock) q = q.where("p.stock", ">", 0);
  if (filters.featured) q = q.where("p.isFeatured", "=", 1);
  if (filters.discount) q = q.where((eb) => eb("p.originalPrice", ">", eb.ref("p.price")));
  const match = matchExpression(filters.search);
  if (match) q = q.where(matching(match));
  return q;
}

const SORT_COLUMNS = {
  newest: ["p.createdAt", "desc"],
  popular: ["p.salesCount", "desc"],
  "price-low": ["p.price", "asc"],
  "price-high": ["p.price", "desc"],
  rating: ["p.averageRating", "desc"],
} as const satisfies Record<SortKey, readonly [string, "asc" | "desc"]>;

export type CatalogPage = {
  products: CatalogProduct[];
  total: number;
  /** The page shown: the requested one clamped to 1..pageCount. */
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * The catalogue's two queries for `query`: how many products match, and one page of them.
 * Exported so that `npm run bench:load -- --plans` shows the plans SQLite picks for them.
 */
export function catalogQueries(query: CatalogQuery, pageSize = CATALOG_PAGE_SIZE) {
  const filtered = applyFilters(activeProducts(), query);
  const [column, direction] = SORT_COLUMNS[query.sortBy];
  return {
    count: filtered.select((eb) => eb.fn.countAll<number>().as("total")),
    /** The window of `pageSize` cards from `offset` (paginate's). */
    page: (offset: number) => {
      // A late row lookup: the page's ids come from the sort's index alone (the offset skips
      // index entries, not rows joined to their brand), then only those 24 rows are read.
      const pageIds = filtered
        .select("p.id")
        .orderBy(column, direction)
        // Stable across pages: equal prices (or dates, ratings) keep one order.
        .orderBy("p.id", direction)
        .limit(pageSize)
        .offset(offset);
      return withCardColumns(db.selectFrom("products as p").where("p.id", "in", pageIds))
        .orderBy(column, direction)
        .orderBy("p.id", direction);
    },
  };
}

/**
 * One page of the catalogue, the same for every shopper (kept per catalogue version). The
 * made-to-order catalogue reuses it with `{ ...parseCatalogQuery(params), catalogType: "custom_order" }`.
 */
export const listCatalog = sharedQuery(async function listCatalog({
  query,
  pageSize = CATALOG_PAGE_SIZE,
}: {
  query: CatalogQuery;
  pageSize?: number;
}): Promise<CatalogPage> {
  const queries = catalogQueries(query, pageSize);
  const { rows, ...window } = await paginate({
    page: query.page,
    pageSize,
    count: async () => (await queries.count.executeTakeFirstOrThrow()).total,
    rows: ({ offset }) => queries.page(offset).execute(),
  });
  return { products: rows.map(toCatalogProduct), ...window };
});

export type SearchSuggestion = {
  name: string;
  brand: string;
  slug: string;
  price: number;
  image: string | null;
};

/** Header suggestions (storefront §9: up to 8), best matches on the name first. */
export async function searchSuggestions(text: string, limit = 8): Promise<SearchSuggestion[]> {
  const match = matchExpression(text);
  if (!match) return [];
  // Ranked by where the words are: the name weighs 10, the brand 5, the description and
  // keywords 1 (FTS5's bm25 by column; PostgreSQL's ts_rank by weight, listed D, C, B, A).
  const hit = isPostgres(db)
    ? {
        product: sql`product_search.product_id`,
        matches: sql`product_search.document @@ to_tsquery('simple', ${match})`,
        rank: sql`ts_rank('{0.1, 0.1, 0.5, 1.0}', product_search.document, to_tsquery('simple', ${match})) DESC`,
      }
    : {
        product: sql`product_search.rowid`,
        matches: sql`product_search MATCH ${match}`,
        rank: sql`bm25(product_search, 10.0, 5.0, 1.0, 1.0)`,
      };
  const { rows } = await sql<SearchSuggestion>`
    SELECT p.name, b.name AS brand, p.slug, p.price, ${firstOfJsonList(db, sql.ref("p.images"))} AS image
    FROM product_search
    JOIN products p ON p.id = ${hit.product}
    JOIN brands b ON b.id = p.brand_id
    WHERE ${hit.matches} AND p.is_active = 1
    ORDER BY ${hit.rank}, p.sales_count DESC, p.id
    LIMIT ${Math.max(1, Math.min(limit, 8))}`.execute(db);
  return rows.map((row) => ({
    ...row,
    image: typeof row.image === "string" && isProductImageKey(row.image) ? row.image : null,
  }));
}

async function listCards(
  filter: (query: ProductsQuery) => ProductsQuery,
  order: readonly [(typeof SORT_COLUMNS)[SortKey][0], "asc" | "desc"],
  limit: number,
) {
  const rows = await withCardColumns(filter(activeProducts()))
    .orderBy(order[0], order[1])
    .orderBy("p.id", order[1])
    .limit(limit)
    .execute();
  return rows.map(toCatalogProduct);
}

/** 'Novedades': products marked new, newest first. */
export const newProducts = sharedQuery(function newProducts(limit: number = 4) {
  return listCards((q) => q.where("p.isNew", "=", 1), SORT_COLUMNS.newest, limit);
});

/** 'Más Buscados': products marked viral, best sellers first. */
export const viralProducts = sharedQuery(function viralProducts(limit: number = 4) {
  return listCards((q) => q.where("p.isViral", "=", 1), SORT_COLUMNS.popular, limit);
});

export const featuredProducts = sharedQuery(function featuredProducts(limit: number = 8) {
  return listCards((q) => q.where("p.isFeatured", "=", 1), SORT_COLUMNS.popular, limit);
});

/** The query of discountedProducts (exported for the plans of `npm run bench:load`). */
export function discountedProductsQuery(limit = 8) {
  return (
    withCardColumns(activeProducts().where((eb) => eb("p.originalPrice", ">", eb.ref("p.price"))))
      // The expression of the products_discount_idx index (migration 20261223T0100).
      .orderBy(sql`(p.original_price - p.price) * 1.0 / p.original_price`, "desc")
      .orderBy("p.id", "desc")
      .limit(limit)
  );
}

/** Products sold below their original price, the biggest saving first. */
export const discountedProducts = sharedQuery(async function discountedProducts(limit: number = 8) {
  const rows = await discountedProductsQuery(limit).execute();
  return rows.map(toCatalogProduct);
});

/** Active products in the order of `ids` (recently viewed); unknown or inactive ids drop out. */
export async function productsByIds(ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await withCardColumns(activeProducts().where("p.id", "in", [...ids])).execute();
  const byId = new Map(rows.map((row) => [row.id, toCatalogProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Other active products of the same brand, best sellers first (the product page). */
export const relatedProducts = sharedQuery(function relatedProducts({
  productId,
  brandId,
  limit = 4,
}: {
  productId: number;
  brandId: number;
  limit?: number;
}) {
  return listCards(
    (q) => q.where("p.brandId", "=", brandId).where("p.id", "!=", productId),
    SORT_COLUMNS.popular,
    limit,
  );
});

/** The brand filter: active brands by name. */
export const listBrands = sharedQuery(function listBrands() {
  return db
    .selectFrom("brands")
    .select(["id", "name"])
    .where("isActive", "=", 1)
    .orderBy("name")
    .execute();
});
