import {
  json,
  redirect,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { ProductCard } from "~/components/product-card";
import { RecentlyViewed } from "~/components/catalog/recently-viewed";
import { buttonClasses } from "~/components/ui/button";
import type { CatalogProduct } from "~/models/catalog/catalog";
import {
  discountedProducts,
  featuredProducts,
  listBrands,
  newProducts,
  productsByIds,
  viralProducts,
} from "~/models/catalog/catalog.server";
import { wishlistedProductIds } from "~/models/catalog/wishlist.server";
import { getSettings } from "~/models/settings/settings.server";
import { getUser } from "~/web/auth.server";
import { getRecentlyViewed } from "~/web/recently-viewed.server";
import { keptCardText } from "~/components/product-card";
import { CardText as CardTextOnServer } from "~/components/product-card-text-render.server";

/* A card's words are only read: the page keeps their server HTML (decision 159). */
const CardText = keptCardText(CardTextOnServer);

export async function loader({ request }: LoaderFunctionArgs) {
  // Route table: administrators get the dashboard at "/".
  const user = await getUser(request);
  if (user?.role === "admin") throw redirect("/admin");
  const [settings, featured, fresh, viral, deals, brands, recent] = await Promise.all([
    getSettings(),
    featuredProducts(4),
    newProducts(4),
    viralProducts(4),
    discountedProducts(4),
    listBrands(),
    getRecentlyViewed(request).then(productsByIds),
  ]);
  const shown = [...featured, ...fresh, ...viral, ...deals, ...recent];
  const wishlist = await wishlistedProductIds(
    user?.id ?? null,
    shown.map((product) => product.id),
  );
  return json({
    siteDescription: settings.siteDescription,
    sections: { featured, fresh, viral, deals },
    brands,
    recent,
    wishlist,
  });
}

/** The hearts and the header are personal: no shared cache. */
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Perfumería de Lujo | Perfumes originales en Honduras" },
  { name: "description", content: data?.siteDescription ?? "" },
];

export default function HomeRoute() {
  const { siteDescription, sections, brands, recent, wishlist } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <section className="border-border bg-surface-muted border-b">
        <div className="mx-auto w-full max-w-7xl px-4 py-12 text-center sm:py-16">
          <p className="text-accent text-sm font-medium tracking-[0.2em] uppercase">
            Perfumería de Lujo
          </p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-5xl">
            Perfumes originales en Honduras
          </h1>
          <p className="text-fg-muted mx-auto mt-4 max-w-2xl text-lg">{siteDescription}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/catalog" className={buttonClasses("primary", "lg")}>
              Ver catálogo
            </Link>
            <Link to="/productos-por-encargo" className={buttonClasses("secondary", "lg")}>
              Productos por Encargo
            </Link>
          </div>
        </div>
      </section>
      <div className="mx-auto w-full max-w-7xl space-y-14 px-4 py-12">
        <ProductSection
          title="Destacados"
          href="/catalog?featured=1&sortBy=popular"
          products={sections.featured}
          wishlist={wishlist}
          priority
        />
        <ProductSection
          title="Novedades"
          href="/catalog"
          products={sections.fresh}
          wishlist={wishlist}
        />
        <ProductSection
          title="Más Buscados"
          href="/catalog?sortBy=popular"
          products={sections.viral}
          wishlist={wishlist}
        />
        <ProductSection
          title="Ofertas"
          href="/catalog?discount=1"
          products={sections.deals}
          wishlist={wishlist}
        />
        <Section title="Marcas" id="marcas">
          <ul className="flex flex-wrap gap-2">
            {brands.map((brand) => (
              <li key={brand.id}>
                <Link
                  to={`/catalog?brandId=${brand.id}`}
                  className="border-border hover:border-primary inline-flex min-h-11 items-center rounded-full border px-4 text-sm"
                >
                  {brand.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <RecentlyViewed products={recent} wishlist={wishlist} CardText={CardText} />
      </div>
    </main>
  );
}

function Section({
  title,
  id,
  action,
  children,
}: {
  title: string;
  /** An anchor other pages link to (the phone menu's 'Marcas'). */
  id?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function ProductSection({
  title,
  href,
  products,
  wishlist,
  priority = false,
}: {
  title: string;
  href: string;
  products: CatalogProduct[];
  wishlist: readonly number[];
  /** The first section is above the fold on a phone: its pictures load at once. */
  priority?: boolean;
}) {
  if (products.length === 0) return null;
  const inWishlist = new Set(wishlist);
  return (
    <Section
      title={title}
      action={
        <Link
          to={href}
          className="text-accent inline-flex min-h-11 items-center text-sm font-medium underline-offset-4 hover:underline"
        >
          Ver todo<span className="sr-only"> ({title})</span>
        </Link>
      }
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {products.map((product, index) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              inWishlist={inWishlist.has(product.id)}
              headingLevel={3}
              priority={priority && index < 2}
              CardText={CardText}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
