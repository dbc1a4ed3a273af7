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
import { RecentlyViewed } from "~/components/catalog/recently-viewed";
import {
  listBrands,
  listCatalog,
  parseCatalogQuery,
  productsByIds,
} from "~/models/catalog/catalog.server";
import { wishlistedProductIds } from "~/models/catalog/wishlist.server";
import { getUserId } from "~/web/auth.server";
import { getRecentlyViewed } from "~/web/recently-viewed.server";
import { keptCardText } from "~/components/product-card";
import { CardText as CardTextOnServer } from "~/components/product-card-text-render.server";

/* A plain GET form: the page keeps its server HTML until the filters change (decision 159). */
const FilterForm = keptFilterForm(FilterFormOnServer);

/* A card's words are only read: the page keeps their server HTML (decision 159). */
const CardText = keptCardText(CardTextOnServer);

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
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <CatalogBrowser
        FilterForm={FilterForm}
        CardText={CardText}
        path="/catalog"
        query={query}
        catalog={catalog}
        brands={brands}
        wishlist={wishlist}
      />
      <RecentlyViewed products={recent} wishlist={wishlist} CardText={CardText} />
    </main>
  );
}
