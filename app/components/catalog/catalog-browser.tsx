import type { ComponentType } from "react";
import { useNavigation } from "@remix-run/react";
import {
  activeFilters,
  catalogSearch,
  hasActiveFilters,
  type CatalogProduct,
  type CatalogQuery,
  type SortKey,
} from "~/models/catalog/catalog";
import { ActiveFilters } from "./active-filters";
import { CatalogToolbar } from "./catalog-toolbar";
import { EmptyState } from "./empty-state";
import type { FilterFormProps } from "./filter-fields";
import { FilterSheet } from "./filter-form";
import type { CardTextPart } from "~/components/product-card";
import { Pagination } from "./pagination";
import { ProductGrid, ProductGridSkeleton } from "./product-grid";

/**
 * Filters beside (or, on a phone, in a sheet over) the results: toolbar, cards or the empty
 * state, placeholders while the next page loads, page links. The catalogue and the
 * made-to-order catalogue are this with their own path, filters and sorts.
 */
export function CatalogBrowser({
  path,
  query,
  catalog,
  brands,
  wishlist,
  sortOptions,
  skeletons = 12,
  showCatalogType = true,
  showFlags = true,
  FilterForm,
  CardText,
}: {
  path: string;
  query: CatalogQuery;
  catalog: { products: CatalogProduct[]; total: number; page: number; pageCount: number };
  brands: { id: number; name: string }[];
  wishlist: readonly number[];
  sortOptions?: readonly { value: SortKey; label: string }[];
  /** How many placeholder cards show while results load. */
  skeletons?: number;
  showCatalogType?: boolean;
  showFlags?: boolean;
  /** The route's kept filter form (keptFilterForm, decision 159). */
  FilterForm: ComponentType<FilterFormProps>;
  /** The route's kept card words (keptCardText). */
  CardText: CardTextPart;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const href = (changes: Parameters<typeof catalogSearch>[1]) =>
    `${path}${catalogSearch(query, changes)}`;
  const filters = activeFilters(query, brands);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-10">
      <div>
        <FilterSheet active={filters.length}>
          <FilterForm
            query={query}
            brands={brands}
            action={path}
            showCatalogType={showCatalogType}
            showFlags={showFlags}
          />
        </FilterSheet>
      </div>
      <div className="min-w-0">
        <CatalogToolbar
          total={catalog.total}
          sortBy={query.sortBy}
          view={query.view}
          viewHref={(view) => href({ view, page: query.page })}
          sortOptions={sortOptions}
        />
        <ActiveFilters filters={filters} hrefWithout={(changes) => href(changes)} />
        <div className="mt-6">
          {loading ? (
            <ProductGridSkeleton count={skeletons} />
          ) : catalog.products.length > 0 ? (
            // The cards sit right under the page's h1 (the filters' h2 shows only in the sheet).
            <ProductGrid
              CardText={CardText}
              products={catalog.products}
              wishlist={wishlist}
              headingLevel={2}
              view={query.view}
            />
          ) : (
            <EmptyState clearHref={hasActiveFilters(query) ? path : null} />
          )}
        </div>
        <Pagination
          page={catalog.page}
          pageCount={catalog.pageCount}
          hrefFor={(page) => href({ page })}
        />
      </div>
    </div>
  );
}
