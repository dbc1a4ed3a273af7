import type { Selectable } from "kysely";
import type { ProductsTable } from "#db/types";
import { db } from "~/utils/db.server";
import { isSize, priceForSize, SIZE_MULTIPLIERS, type Size } from "~/models/checkout/pricing";

/** JSON list columns hold arrays of strings; anything else reads as an empty list. */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export type SizeOption = { size: string; price: number; originalPrice: number | null };

/**
 * The sizes a shopper can choose and what each costs (storefront.md §9 multipliers over the
 * price of the main size). Sizes the store has no multiplier for are dropped; a product whose
 * main size has none is sold in that one size at its stored price.
 */
export function sizeOptions(product: {
  price: number;
  originalPrice: number | null;
  size: string;
  availableSizes: string[];
}): SizeOption[] {
  const listed = new Set([...product.availableSizes, product.size]);
  const sizes = (Object.keys(SIZE_MULTIPLIERS) as Size[]).filter((size) => listed.has(size));
  if (!isSize(product.size) || sizes.length === 0) {
    return [{ size: product.size, price: product.price, originalPrice: product.originalPrice }];
  }
  return sizes.map((size) => ({
    size,
    price: priceForSize(product.price, product.size, size)!,
    originalPrice:
      product.originalPrice === null
        ? null
        : priceForSize(product.originalPrice, product.size, size),
  }));
}

type ProductRow = Pick<
  Selectable<ProductsTable>,
  | "id"
  | "name"
  | "slug"
  | "brandId"
  | "gender"
  | "perfumeType"
  | "catalogType"
  | "description"
  | "shortDescription"
  | "price"
  | "originalPrice"
  | "stock"
  | "size"
  | "availableSizes"
  | "concentration"
  | "topNotes"
  | "middleNotes"
  | "baseNotes"
  | "longevity"
  | "sillage"
  | "seasonRecommendation"
  | "occasionRecommendation"
  | "images"
  | "isNew"
  | "isViral"
  | "isExclusive"
  | "isFeatured"
> & { brandName: string };

function toProduct(row: ProductRow) {
  const availableSizes = parseList(row.availableSizes);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brandId: row.brandId,
    brandName: row.brandName,
    gender: row.gender,
    perfumeType: row.perfumeType,
    catalogType: row.catalogType,
    description: row.description,
    shortDescription: row.shortDescription,
    price: row.price,
    originalPrice: row.originalPrice,
    stock: row.stock,
    size: row.size,
    sizes: sizeOptions({ ...row, availableSizes }),
    concentration: row.concentration,
    topNotes: parseList(row.topNotes),
    middleNotes: parseList(row.middleNotes),
    baseNotes: parseList(row.baseNotes),
    longevity: row.longevity,
    sillage: row.sillage,
    seasons: parseList(row.seasonRecommendation),
    occasions: parseList(row.occasionRecommendation),
    images: parseList(row.images),
    isNew: row.isNew === 1,
    isViral: row.isViral === 1,
    isExclusive: row.isExclusive === 1,
    isFeatured: row.isFeatured === 1,
  };
}

export type ProductDetail = ReturnType<typeof toProduct>;

/**
 * The product page: active products only (an inactive one is "not found" for shoppers). Read for
 * every request, not shared: the page shows its exact stock, which a sale changes without
 * bumping the catalogue version (decision 115).
 */
export async function getProductBySlug(slug: string): Promise<ProductDetail | null> {
  const row = await db
    .selectFrom("products")
    .innerJoin("brands", "brands.id", "products.brandId")
    .select([
      "products.id",
      "products.name",
      "products.slug",
      "products.brandId",
      "products.gender",
      "products.perfumeType",
      "products.catalogType",
      "products.description",
      "products.shortDescription",
      "products.price",
      "products.originalPrice",
      "products.stock",
      "products.size",
      "products.availableSizes",
      "products.concentration",
      "products.topNotes",
      "products.middleNotes",
      "products.baseNotes",
      "products.longevity",
      "products.sillage",
      "products.seasonRecommendation",
      "products.occasionRecommendation",
      "products.images",
      "products.isNew",
      "products.isViral",
      "products.isExclusive",
      "products.isFeatured",
      "brands.name as brandName",
    ])
    .where("products.slug", "=", slug)
    .where("products.isActive", "=", 1)
    .executeTakeFirst();
  return row ? toProduct(row) : null;
}

/** storefront.md §2: other active products of the same brand, up to 4, best sellers first. */
