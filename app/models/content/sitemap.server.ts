import { db } from "~/utils/db.server";
import { listBrands } from "~/models/catalog/catalog.server";

/*
 * The public pages search engines may index (issue 10: sitemap.xml). Paths only: the route
 * makes them absolute from the request's origin.
 */

export type SitemapEntry = { path: string; lastModified?: string };

/** The content pages of backoffice.md §2, under their canonical paths (the aliases redirect). */
export const CONTENT_PAGE_PATHS = [
  "/returns",
  "/faq",
  "/authenticity",
  "/terms",
  "/privacy",
  "/cookies",
  "/contact",
  "/track-order",
] as const;

export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const [products, brands] = await Promise.all([
    db
      .selectFrom("products")
      .select(["slug", "updatedAt"])
      .where("isActive", "=", 1)
      .orderBy("id")
      .execute(),
    listBrands(),
  ]);
  return [
    { path: "/" },
    { path: "/catalog" },
    // As the home page and the product page link a brand: the catalogue filtered by it.
    ...brands.map((brand) => ({ path: `/catalog?brandId=${brand.id}` })),
    ...products.map((product) => ({
      path: `/product/${encodeURIComponent(product.slug)}`,
      lastModified: product.updatedAt,
    })),
    ...CONTENT_PAGE_PATHS.map((path) => ({ path })),
  ];
}
