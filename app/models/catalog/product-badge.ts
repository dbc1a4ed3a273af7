import type { CatalogProduct } from "./catalog";

/*
 * What a product card works out from its product (client-safe). Apart from catalog.ts so that a
 * page of cards (the home page, a product's related perfumes) does not download the catalogue's
 * filters and sorts with them (issue 11).
 */

export type ProductBadge = "Agotado" | "Solo Por Encargo" | "Nuevo" | "Viral" | "Exclusivo";

/** Storefront §2: one badge per card, in this priority. */
export function productBadge(
  product: Pick<
    CatalogProduct,
    "stock" | "isActive" | "catalogType" | "isNew" | "isViral" | "isExclusive"
  >,
): ProductBadge | null {
  if (product.stock <= 0 || !product.isActive) return "Agotado";
  if (product.catalogType === "custom_order") return "Solo Por Encargo";
  if (product.isNew) return "Nuevo";
  if (product.isViral) return "Viral";
  if (product.isExclusive) return "Exclusivo";
  return null;
}

/** Whole percent off the original price, or null when there is no real discount. */
export function discountPercent(price: number, originalPrice: number | null) {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
