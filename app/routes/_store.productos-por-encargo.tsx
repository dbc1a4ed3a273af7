import {
  json,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CatalogBrowser } from "~/components/catalog/catalog-browser";
import { FilterForm as FilterFormOnServer } from "~/components/catalog/filter-fields-render.server";
import { keptFilterForm } from "~/components/catalog/filter-form";
import { ClockIcon } from "~/components/icons";
import type { CatalogQuery } from "~/models/catalog/catalog";
import { listBrands, listCatalog, parseCatalogQuery } from "~/models/catalog/catalog.server";
import { wishlistedProductIds } from "~/models/catalog/wishlist.server";
import { getUserId } from "~/web/auth.server";
import { keptCardText } from "~/components/product-card";
import { CardText as CardTextOnServer } from "~/components/product-card-text-render.server";

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

/* A plain GET form: the page keeps its server HTML until the filters change (decision 159). */
const FilterForm = keptFilterForm(FilterFormOnServer);

/* A card's words are only read: the page keeps their server HTML (decision 159). */
const CardText = keptCardText(CardTextOnServer);

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
      <CatalogBrowser
        FilterForm={FilterForm}
        CardText={CardText}
        path={PATH}
        query={query}
        catalog={catalog}
        brands={brands}
        wishlist={wishlist}
        sortOptions={SORT_OPTIONS}
        // backoffice.md: eight placeholders while the next results load.
        skeletons={8}
        showCatalogType={false}
        showFlags={false}
      />
    </main>
  );
}
