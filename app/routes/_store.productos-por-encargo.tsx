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
import { ClockIcon } from "~/components/icons";
import { catalogSearch, hasActiveFilters, type CatalogQuery } from "~/models/catalog";
import { listBrands, listCatalog, parseCatalogQuery } from "~/models/catalog.server";
import { wishlistedProductIds } from "~/models/wishlist.server";
import { getUserId } from "~/utils/auth.server";

const PATH = "/productos-por-encargo";

/** backoffice.md: the made-to-order catalogue sorts newest, price, popularity and rating. */
const SORT_OPTIONS = [
  { value: "newest", label: "Más recientes" },
  { value: "price-low", label: "Precio: menor a mayor" },
  { value: "price-high", label: "Precio: mayor a menor" },
  { value: "popular", label: "Más populares" },
  { value: "rating", label: "Mejor calificados" },
] as const;

/**
 * The shopper's filters from the URL: search, gender, type, brand and price. The catalogue
 * type is this page's own, and the catalogue's stock/featured/discount flags do not apply.
 */
function madeToOrderQuery(url: URL): CatalogQuery {
  const query = parseCatalogQuery(url.searchParams);
  return { ...query, catalogType: "all", inStock: false, featured: false, discount: false };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = madeToOrderQuery(new URL(request.url));
  const [catalog, brands, userId] = await Promise.all([
    listCatalog({ query: { ...query, catalogType: "custom_order" } }),
    listBrands(),
    getUserId(request),
  ]);
  const wishlist = await wishlistedProductIds(
    userId,
    catalog.products.map((product) => product.id),
  );
  return json({ query: { ...query, page: catalog.page }, catalog, brands, wishlist });
}

/** The hearts and the header are personal: no shared cache. */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
};

export const meta: MetaFunction = () => [
  { title: "Productos por Encargo | Perfumería de Lujo" },
  {
    name: "description",
    content: "Perfumes que traemos a Honduras bajo pedido, con entrega en 2 a 4 semanas.",
  },
];

export default function MadeToOrderRoute() {
  const { query, catalog, brands, wishlist } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // backoffice.md: eight placeholders while the next results load.
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const href = (changes: Parameters<typeof catalogSearch>[1]) =>
    `${PATH}${catalogSearch(query, changes)}`;
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Productos por Encargo</h1>
      <p className="border-border bg-surface-muted mt-4 flex items-start gap-3 rounded-lg border p-4 text-sm">
        <ClockIcon className="text-accent mt-0.5 size-5 shrink-0" />
        <span>
          Estos perfumes se piden especialmente para ti. El tiempo de entrega es de{" "}
          <strong>2 a 4 semanas</strong> desde la confirmación de tu pago.
        </span>
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-10">
        <div>
          <FilterSheet
            query={query}
            brands={brands}
            action={PATH}
            showCatalogType={false}
            showFlags={false}
          />
        </div>
        <div className="min-w-0">
          <CatalogToolbar
            total={catalog.total}
            sortBy={query.sortBy}
            view={query.view}
            viewHref={(view) => href({ view, page: query.page })}
            sortOptions={SORT_OPTIONS}
          />
          <div className="mt-6">
            {loading ? (
              <ProductGridSkeleton count={8} />
            ) : catalog.products.length > 0 ? (
              <ProductGrid products={catalog.products} wishlist={wishlist} view={query.view} />
            ) : (
              <EmptyState clearHref={hasActiveFilters(query) ? PATH : null} />
            )}
          </div>
          <Pagination
            page={catalog.page}
            pageCount={catalog.pageCount}
            hrefFor={(page) => href({ page })}
          />
        </div>
      </div>
    </main>
  );
}
