import { describe, expect, test } from "vitest";
import {
  activeFilters,
  catalogSearch,
  DEFAULT_CATALOG_QUERY,
  type CatalogQuery,
} from "~/models/catalog/catalog";

const brands = [
  { id: 3, name: "Dior" },
  { id: 7, name: "Kenzo" },
];
const query = (changes: Partial<CatalogQuery>): CatalogQuery => ({
  ...DEFAULT_CATALOG_QUERY,
  ...changes,
});

describe("activeFilters (issue 39: the chips over the results)", () => {
  test("none for the whole catalogue, whatever the sort, view or page", () => {
    expect(activeFilters(query({ sortBy: "price-low", view: "list", page: 3 }), brands)).toEqual(
      [],
    );
  });

  test("names each filter as its control does, in the form's order", () => {
    const all = query({
      search: "rosa",
      gender: "feminine",
      perfumeType: "niche",
      catalogType: "custom_order",
      brandId: 3,
      minPrice: 500,
      maxPrice: 2000,
      inStock: true,
      featured: true,
      discount: true,
    });
    expect(activeFilters(all, brands).map((filter) => filter.label)).toEqual([
      "Búsqueda: «rosa»",
      "Categoría: Femeninos",
      "Tipo: Nicho",
      "Tipo de Catálogo: Solo por Encargo",
      "Marca: Dior",
      "Precio: L\u00a0500.00 a L\u00a02,000.00",
      "Solo productos en stock",
      "Solo destacados",
      "Solo con descuento",
    ]);
  });

  test("a price with one bound says which, and a brand no longer listed is not shown", () => {
    expect(activeFilters(query({ minPrice: 1500 }), brands).map((f) => f.label)).toEqual([
      "Precio: desde L\u00a01,500.00",
    ]);
    expect(
      activeFilters(query({ maxPrice: 800, brandId: 99 }), brands).map((f) => f.label),
    ).toEqual(["Precio: hasta L\u00a0800.00"]);
  });

  test("taking one off keeps the others, the sort and the view, and goes back to page 1", () => {
    const current = query({
      gender: "masculine",
      brandId: 7,
      sortBy: "rating",
      view: "list",
      page: 2,
    });
    const [gender, brand] = activeFilters(current, brands);
    expect(catalogSearch(current, brand!.without)).toBe(
      "?gender=masculine&sortBy=rating&view=list",
    );
    expect(catalogSearch(current, gender!.without)).toBe("?brandId=7&sortBy=rating&view=list");
  });
});
