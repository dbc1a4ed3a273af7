import {
  json,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalog/pagination";
import { ProductGrid } from "~/components/catalog/product-grid";
import { SearchIcon } from "~/components/icons";
import { Page } from "~/components/page";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { DEFAULT_CATALOG_QUERY } from "~/models/catalog/catalog";
import { listCatalog, newProducts, viralProducts } from "~/models/catalog/catalog.server";
import { wishlistedProductIds } from "~/models/catalog/wishlist.server";
import { getUserId } from "~/web/auth.server";
import { requestedPage } from "~/utils/paging";
import { keptCardText } from "~/components/product-card";
import { CardText as CardTextOnServer } from "~/components/product-card-text-render.server";

/** Storefront §2/§9: searching starts at 2 characters; Novedades and Más Buscados show 4. */
const MIN_QUERY_LENGTH = 2;
const SHOWCASE_SIZE = 4;

/* A card's words are only read: the page keeps their server HTML (decision 159). */
const CardText = keptCardText(CardTextOnServer);

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const page = requestedPage(params.get("page"));
  const userId = await getUserId(request);

  if (q.length >= MIN_QUERY_LENGTH) {
    const results = await listCatalog({ query: { ...DEFAULT_CATALOG_QUERY, search: q, page } });
    const wishlist = await wishlistedProductIds(
      userId,
      results.products.map((product) => product.id),
    );
    return json({ q, results, showcase: null, wishlist });
  }
  const [novedades, masBuscados] = await Promise.all([
    newProducts(SHOWCASE_SIZE),
    viralProducts(SHOWCASE_SIZE),
  ]);
  const wishlist = await wishlistedProductIds(
    userId,
    [...novedades, ...masBuscados].map((product) => product.id),
  );
  return json({ q, results: null, showcase: { novedades, masBuscados }, wishlist });
}

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.q ? `Buscar: ${data.q}` : "Buscar"} | Perfumería de Lujo` },
];

export default function SearchRoute() {
  const { q, results, showcase, wishlist } = useLoaderData<typeof loader>();
  return (
    <Page title="Buscar">
      <Form method="get" role="search" className="flex items-end gap-2" key={q}>
        <div className="min-w-0 flex-1 space-y-1.5">
          <Label htmlFor="search-q">Buscar por nombre, marca o notas</Label>
          <Input
            id="search-q"
            type="search"
            name="q"
            defaultValue={q}
            minLength={MIN_QUERY_LENGTH}
            placeholder="Nombre, marca, notas…"
            autoComplete="off"
          />
        </div>
        <Button type="submit" size="icon" className="h-11 w-11" aria-label="Buscar">
          <SearchIcon />
        </Button>
      </Form>
      {q && q.length < MIN_QUERY_LENGTH ? (
        <p className="text-fg-muted mt-3 text-sm">Escribe al menos 2 caracteres para buscar.</p>
      ) : null}

      {results ? (
        <section aria-label="Resultados" className="mt-8">
          <p role="status" className="text-fg-muted text-sm">
            {results.total === 1
              ? "1 producto encontrado"
              : `${results.total} productos encontrados`}
          </p>
          {results.products.length > 0 ? (
            <div className="mt-4">
              <ProductGrid
                products={results.products}
                wishlist={wishlist}
                headingLevel={2}
                CardText={CardText}
              />
              <Pagination
                page={results.page}
                pageCount={results.pageCount}
                hrefFor={(n) => `/search?${new URLSearchParams({ q, page: String(n) })}`}
              />
            </div>
          ) : (
            <div className="border-border mt-4 rounded-lg border border-dashed px-6 py-12 text-center">
              <p className="text-lg font-medium">No se encontraron productos</p>
              <Link to="/catalog" className={`${buttonClasses("secondary")} mt-6`}>
                Ver el catálogo
              </Link>
            </div>
          )}
        </section>
      ) : null}

      {showcase ? (
        <>
          <Showcase title="Novedades" products={showcase.novedades} wishlist={wishlist} />
          <Showcase title="Más Buscados" products={showcase.masBuscados} wishlist={wishlist} />
        </>
      ) : null}
    </Page>
  );
}

function Showcase({
  title,
  products,
  wishlist,
}: {
  title: string;
  products: Parameters<typeof ProductGrid>[0]["products"];
  wishlist: number[];
}) {
  if (products.length === 0) return null;
  return (
    <section aria-label={title} className="mt-10">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-4">
        <ProductGrid products={products} wishlist={wishlist} headingLevel={3} CardText={CardText} />
      </div>
    </section>
  );
}
