import type { CatalogType, Gender, PerfumeType } from "#db/types";
import { formatMoney, lempirasToCentavos } from "~/utils/money";

/*
 * Catalogue logic the browser also needs (client-safe: no server imports, no zod, so the
 * catalogue's JavaScript stays small). The server side is catalog.server.ts.
 */

export const CATALOG_PAGE_SIZE = 24;

/** Storefront §5/§9: the price filter, in lempiras. */
export const PRICE_FILTER = { min: 0, max: 50_000, step: 100, gap: 100 } as const;

export const SORT_OPTIONS = [
  { value: "newest", label: "Más recientes" },
  { value: "popular", label: "Más populares" },
  { value: "price-low", label: "Precio: menor a mayor" },
  { value: "price-high", label: "Precio: mayor a menor" },
  { value: "rating", label: "Mejor calificados" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortKey = "newest";

export const GENDER_OPTIONS = [
  { value: "all", label: "Todas" },
  { value: "masculine", label: "Masculinos" },
  { value: "feminine", label: "Femeninos" },
  { value: "unisex", label: "Unisex" },
] as const satisfies readonly { value: Gender | "all"; label: string }[];

export const PERFUME_TYPE_OPTIONS = [
  { value: "all", label: "Todos" },
  { value: "designer", label: "De diseñador" },
  { value: "niche", label: "Nicho" },
] as const satisfies readonly { value: PerfumeType | "all"; label: string }[];

export const CATALOG_TYPE_OPTIONS = [
  { value: "all", label: "Todos" },
  { value: "normal", label: "Normal" },
  { value: "custom_order", label: "Solo por Encargo" },
] as const satisfies readonly { value: CatalogType | "all"; label: string }[];

export type CatalogView = "grid" | "list";

/** The catalogue's filters as read from the URL (catalog.server.ts parses them). */
export type CatalogQuery = {
  search: string;
  gender: Gender | "all";
  perfumeType: PerfumeType | "all";
  catalogType: CatalogType | "all";
  brandId: number | null;
  /** Lempiras, as typed in the price boxes. */
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  featured: boolean;
  discount: boolean;
  sortBy: SortKey;
  page: number;
  view: CatalogView;
};

export const DEFAULT_CATALOG_QUERY: CatalogQuery = {
  search: "",
  gender: "all",
  perfumeType: "all",
  catalogType: "all",
  brandId: null,
  minPrice: null,
  maxPrice: null,
  inStock: false,
  featured: false,
  discount: false,
  sortBy: DEFAULT_SORT,
  page: 1,
  view: "grid",
};

/**
 * Storefront §5: the minimum is clamped to 0..(max − 100) and the maximum to
 * (min + 100)..50000. A range typed backwards is swapped first (the shopper meant it the
 * other way round). Values are whole lempiras; a missing bound stays missing.
 */
export function clampPriceRange(
  minPrice: number | null,
  maxPrice: number | null,
): { minPrice: number | null; maxPrice: number | null } {
  const { min: floor, max: ceiling, gap } = PRICE_FILTER;
  const bound = (value: number | null) =>
    value === null ? null : Math.min(ceiling, Math.max(floor, Math.round(value)));
  let min = bound(minPrice);
  let max = bound(maxPrice);
  if (min !== null && max !== null) {
    if (min > max) [min, max] = [max, min];
    // Too narrow: widen upwards, or downwards at the top of the range.
    if (max - min < gap) {
      if (min + gap <= ceiling) max = min + gap;
      else min = max - gap;
    }
  } else if (min !== null) {
    min = Math.min(min, ceiling - gap);
  } else if (max !== null) {
    max = Math.max(max, floor + gap);
  }
  return { minPrice: min, maxPrice: max };
}

/**
 * The query string of a catalogue URL, without the values that are the defaults, so links
 * stay short and one filter set has one URL. `page` is dropped unless given in `changes`:
 * a new filter starts again at page 1.
 */
export function catalogSearch(query: CatalogQuery, changes: Partial<CatalogQuery> = {}) {
  const next: CatalogQuery = { ...query, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.gender !== "all") params.set("gender", next.gender);
  if (next.perfumeType !== "all") params.set("perfumeType", next.perfumeType);
  if (next.catalogType !== "all") params.set("catalogType", next.catalogType);
  if (next.brandId !== null) params.set("brandId", String(next.brandId));
  if (next.minPrice !== null) params.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== null) params.set("maxPrice", String(next.maxPrice));
  if (next.inStock) params.set("inStock", "1");
  if (next.featured) params.set("featured", "1");
  if (next.discount) params.set("discount", "1");
  if (next.sortBy !== DEFAULT_SORT) params.set("sortBy", next.sortBy);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Whether any filter (not the sort, page or view) differs from the defaults. */
export function hasActiveFilters(query: CatalogQuery) {
  const base = { sortBy: DEFAULT_SORT, page: 1, view: "grid" as const };
  return catalogSearch({ ...query, ...base }) !== "";
}

/** One filter in force, in the words of its control, and what taking it off changes. */
export type ActiveFilter = { label: string; without: Partial<CatalogQuery> };

const optionLabel = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/**
 * Issue 39: the filters a result list is narrowed by, for its chips ('Marca: Dior' with a link
 * that takes it off) and the count on 'Filtros'. Prices are lempiras as typed in the boxes.
 */
export function activeFilters(
  query: CatalogQuery,
  brands: readonly { id: number; name: string }[],
): ActiveFilter[] {
  const lempiras = (value: number) => formatMoney(lempirasToCentavos(value));
  const filters: ActiveFilter[] = [];
  if (query.search) filters.push({ label: `Búsqueda: «${query.search}»`, without: { search: "" } });
  if (query.gender !== "all") {
    const label = `Categoría: ${optionLabel(GENDER_OPTIONS, query.gender)}`;
    filters.push({ label, without: { gender: "all" } });
  }
  if (query.perfumeType !== "all") {
    const label = `Tipo: ${optionLabel(PERFUME_TYPE_OPTIONS, query.perfumeType)}`;
    filters.push({ label, without: { perfumeType: "all" } });
  }
  if (query.catalogType !== "all") {
    const label = `Tipo de Catálogo: ${optionLabel(CATALOG_TYPE_OPTIONS, query.catalogType)}`;
    filters.push({ label, without: { catalogType: "all" } });
  }
  if (query.brandId !== null) {
    const brand = brands.find((option) => option.id === query.brandId);
    if (brand) filters.push({ label: `Marca: ${brand.name}`, without: { brandId: null } });
  }
  const { minPrice: min, maxPrice: max } = query;
  if (min !== null || max !== null) {
    const label =
      min !== null && max !== null
        ? `Precio: ${lempiras(min)} a ${lempiras(max)}`
        : min !== null
          ? `Precio: desde ${lempiras(min)}`
          : `Precio: hasta ${lempiras(max!)}`;
    filters.push({ label, without: { minPrice: null, maxPrice: null } });
  }
  if (query.inStock)
    filters.push({ label: "Solo productos en stock", without: { inStock: false } });
  if (query.featured) filters.push({ label: "Solo destacados", without: { featured: false } });
  if (query.discount) filters.push({ label: "Solo con descuento", without: { discount: false } });
  return filters;
}

/** What a product card shows (catalog.server.ts selects exactly this). */
export type CatalogProduct = {
  id: number;
  name: string;
  slug: string;
  brandName: string;
  price: number;
  originalPrice: number | null;
  stock: number;
  isActive: boolean;
  catalogType: CatalogType;
  isNew: boolean;
  isViral: boolean;
  isExclusive: boolean;
  averageRating: number;
  reviewCount: number;
  /** First entry of products.images, or null. */
  imageKey: string | null;
};

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= radius) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
