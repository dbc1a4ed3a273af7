import {
  json,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { CatalogToolbar } from "~/components/catalog/catalog-toolbar";
import { EmptyState } from "~/components/catalog/empty-state";
import { FilterSheet } from "~/components/catalog/filter-form";
import { Pagination } from "~/components/catalog/pagination";
import { ProductGrid, ProductGridSkeleton } from "~/components/catalog/product-grid";
import { RecentlyViewed } from "~/components/catalog/recently-viewed";
import { catalogSearch, hasActiveFilters } from "~/models/catalog";
import { listBrands, listCatalog, parseCatalogQuery, productsByIds } from "~/models/catalog.server";
import { wishlistedProductIds } from "~/models/wishlist.server";
import { getUserId } from "~/utils/auth.server";
import { getRecentlyViewed } from "~/utils/recently-viewed.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const [catalog, brands, recentIds, userId] = await Promise.all([
    listCatalog({ query }),
    listBrands(),
    getRecentlyViewed(request),
    getUserId(request),
  ]);
  const recent = await productsByIds(recentIds);
  const wishlist = await wishlistedProductIds(userId, [
    ...catalog.products.map((product) => product.id),
    ...recent.map((product) => product.id),
  ]);
  return json({ query: { ...query, page: catalog.page }, catalog, brands, recent, wishlist });
}

/** The hearts and the header make every response personal: browsers revalidate, no shared cache. */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const search = data?.query.search;
  return [
    {
      title: `${search ? `Resultados para "${search}"` : "Catálogo de Perfumes"} | Perfumería de Lujo`,
    },
    {
      name: "description",
      content: "Perfumes originales de diseñador y nicho en Honduras, con precios en lempiras.",
    },
  ];
};

export default function CatalogRoute() {
  const { query, catalog, brands, recent, wishlist } = useLoaderData<typeof loader>();
  const title = query.search ? `Resultados para "${query.search}"` : "Catálogo de Perfumes";
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/catalog";
  const href = (changes: Parameters<typeof catalogSearch>[1]) =>
    `/catalog${catalogSearch(query, changes)}`;

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-10">
        <div>
          <FilterSheet query={query} brands={brands} action="/catalog" />
        </div>
        <div className="min-w-0">
          <CatalogToolbar
            total={catalog.total}
            sortBy={query.sortBy}
            view={query.view}
            viewHref={(view) => href({ view, page: query.page })}
          />
          <div className="mt-6">
            {loading ? (
              <ProductGridSkeleton />
            ) : catalog.products.length > 0 ? (
              <ProductGrid products={catalog.products} wishlist={wishlist} view={query.view} />
            ) : (
              <EmptyState clearHref={hasActiveFilters(query) ? "/catalog" : null} />
            )}
          </div>
          <Pagination
            page={catalog.page}
            pageCount={catalog.pageCount}
            hrefFor={(page) => href({ page })}
          />
        </div>
      </div>
      <RecentlyViewed products={recent} wishlist={wishlist} />
    </main>
  );
}
