import { z } from "zod/v4";
import { centavos, defineCall, idQuery } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { productImageUrl } from "~/utils/images";
import { adminBrandSchema, adminProductPageSchema } from "./catalog-admin.server";
import { CATEGORY_LABELS } from "~/models/catalog/product-form";
import {
  clampPriceRange,
  DEFAULT_CATALOG_QUERY,
  SORT_OPTIONS,
  type CatalogProduct,
  type CatalogQuery,
  type SortKey,
} from "~/models/catalog/catalog";
import type { ProductDetail } from "~/models/catalog/products.server";

/*
 * The public catalogue's calls (storefront.md §7): the same queries as the catalogue, the home
 * page's rows and the product page, answered with ETags. Money is in centavos (L 1 = 100).
 */

const TAG = "Catálogo";
const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
const sortKeys = SORT_OPTIONS.map((option) => option.value) as [SortKey, ...SortKey[]];

export const productCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brandName: z.string(),
    price: centavos,
    originalPrice: centavos.nullable(),
    stock: z.number().int(),
    catalogType: z.enum(["normal", "custom_order"]),
    isNew: z.boolean(),
    isViral: z.boolean(),
    isExclusive: z.boolean(),
    averageRating: z.number(),
    reviewCount: z.number().int(),
    image: z.string().nullable().describe("Ruta de la imagen principal (640 px), o null."),
  })
  .meta({ id: "ProductCard" });

export function toProductCard({ imageKey, isActive: _active, ...card }: CatalogProduct) {
  return { ...card, image: imageKey ? productImageUrl(imageKey) : null };
}

export const productQuerySchema = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Palabras buscadas (nombre, marca, notas)."),
  brandId: idQuery().optional(),
  gender: z.enum(["masculine", "feminine", "unisex"]).optional(),
  perfumeType: z.enum(["designer", "niche"]).optional(),
  catalogType: z.enum(["normal", "custom_order"]).optional(),
  minPrice: z.coerce.number().min(0).max(1_000_000).optional().describe("Lempiras."),
  maxPrice: z.coerce.number().min(0).max(1_000_000).optional().describe("Lempiras."),
  inStock: flag.optional(),
  featured: flag.optional(),
  discount: flag.optional(),
  sortBy: z.enum(sortKeys).optional(),
  admin: flag
    .optional()
    .describe(
      "`true` (solo administradores): la lista de /admin/products, inactivos incluidos, con sus filtros `search`, `brandId`, `category` y `lowStock`.",
    ),
  category: z
    .enum(Object.keys(CATEGORY_LABELS) as [keyof typeof CATEGORY_LABELS])
    .optional()
    .describe("Solo con `admin=true`."),
  lowStock: flag.optional().describe("Solo con `admin=true`: stock en el umbral o por debajo."),
});

export type ProductQuery = z.output<typeof productQuerySchema>;

/** The catalogue's filters from the API's query (the page reads the same from its URL). */
export function catalogQueryOf(query: ProductQuery): CatalogQuery {
  return {
    ...DEFAULT_CATALOG_QUERY,
    search: query.search ?? "",
    brandId: query.brandId ?? null,
    gender: query.gender ?? "all",
    perfumeType: query.perfumeType ?? "all",
    catalogType: query.catalogType ?? "all",
    ...clampPriceRange(query.minPrice ?? null, query.maxPrice ?? null),
    inStock: query.inStock ?? false,
    featured: query.featured ?? false,
    discount: query.discount ?? false,
    sortBy: query.sortBy ?? DEFAULT_CATALOG_QUERY.sortBy,
    page: query.page,
  };
}

const sizeSchema = z.object({
  size: z.string(),
  price: centavos,
  originalPrice: centavos.nullable(),
});

export const productDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brandId: z.number().int(),
    brandName: z.string(),
    gender: z.enum(["masculine", "feminine", "unisex"]),
    perfumeType: z.enum(["designer", "niche"]),
    catalogType: z.enum(["normal", "custom_order"]),
    description: z.string().nullable(),
    shortDescription: z.string().nullable(),
    price: centavos,
    originalPrice: centavos.nullable(),
    stock: z.number().int(),
    size: z.string().nullable(),
    sizes: z.array(sizeSchema),
    concentration: z.string().nullable(),
    topNotes: z.array(z.string()),
    middleNotes: z.array(z.string()),
    baseNotes: z.array(z.string()),
    longevity: z.string().nullable(),
    sillage: z.string().nullable(),
    seasons: z.array(z.string()),
    occasions: z.array(z.string()),
    images: z.array(z.string()).describe("Rutas de las imágenes (640 px)."),
    isNew: z.boolean(),
    isViral: z.boolean(),
    isExclusive: z.boolean(),
    isFeatured: z.boolean(),
  })
  .meta({ id: "ProductDetail" });

export function toProductDetail(product: ProductDetail) {
  return { ...product, images: product.images.map((key) => productImageUrl(key)) };
}

const brandSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "Brand" });

export const catalogCalls = {
  products: defineCall({
    method: "GET",
    path: "/api/products",
    tag: TAG,
    summary: "Productos del catálogo, filtrados y paginados",
    description:
      "Los mismos filtros y el mismo orden que /catalog. Con `admin=true` (solo administradores) la lista de administración.",
    access: "public",
    query: productQuerySchema,
    response: z.union([adminProductPageSchema, pageSchema(productCardSchema)]),
    errors: [401, 403],
    etag: true,
  }),
  all: defineCall({
    method: "GET",
    path: "/api/products/all",
    tag: TAG,
    summary: "Todos los productos activos, paginados",
    access: "public",
    query: pageQuery,
    response: pageSchema(productCardSchema),
    etag: true,
  }),
  newProducts: defineCall({
    method: "GET",
    path: "/api/products/new",
    tag: TAG,
    summary: "Novedades",
    access: "public",
    query: z.object({ limit: z.coerce.number().int().min(1).max(24).default(4) }),
    response: z.array(productCardSchema),
    etag: true,
  }),
  viral: defineCall({
    method: "GET",
    path: "/api/products/viral",
    tag: TAG,
    summary: "Más Buscados",
    access: "public",
    query: z.object({ limit: z.coerce.number().int().min(1).max(24).default(4) }),
    response: z.array(productCardSchema),
    etag: true,
  }),
  customOrders: defineCall({
    method: "GET",
    path: "/api/products/custom-orders",
    tag: TAG,
    summary: "Productos por encargo, paginados",
    access: "public",
    query: pageQuery,
    response: pageSchema(productCardSchema),
    etag: true,
  }),
  bySlug: defineCall({
    method: "GET",
    path: "/api/products/slug/{slug}",
    tag: TAG,
    summary: "Un producto, como lo muestra su página",
    access: "public",
    params: { slug: "string" },
    response: productDetailSchema,
    errors: [404],
    etag: true,
  }),
  brands: defineCall({
    method: "GET",
    path: "/api/brands",
    tag: TAG,
    summary: "Marcas activas, por nombre (todas, con sus datos, para administradores)",
    description:
      "Para un administrador, todas las marcas (activas o no) con descripción, logo, slug y número de productos, como /admin/brands; `search` filtra por nombre.",
    access: "public",
    query: z.object({
      search: z.string().trim().max(100).optional().describe("Solo para administradores."),
    }),
    response: z.union([z.array(adminBrandSchema), z.array(brandSchema)]),
    etag: true,
  }),
};
