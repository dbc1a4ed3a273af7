import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductDetail } from "~/models/catalog/products.server";
import { keptAsServed } from "~/utils/shown-later";
import { DescriptionTab as DescriptionTabOnServer } from "./product-facts-render.server";

/* The description is only read: the page keeps its server HTML (decision 159). */
const DescriptionTab = keptAsServed(DescriptionTabOnServer, () =>
  import("./product-facts").then((module) => module.DescriptionTab),
);

const TABS = [
  { id: "descripcion", label: "Descripción" },
  { id: "resenas", label: "Reseñas" },
  { id: "recomendaciones", label: "Recomendaciones" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * Descripción / Reseñas / Recomendaciones as links (?tab=resenas#detalles): the server renders
 * the chosen one, so they work without JS, and each is a shareable address.
 */
export function ProductTabs({
  product,
  reviewCount,
  reviews,
  recommendations,
  onIntent,
}: {
  product: ProductDetail;
  reviewCount: number;
  /** The Reseñas and Recomendaciones panels (tab-panels.tsx: the route loads their code only for a page that shows one). */
  reviews: ReactNode;
  recommendations: ReactNode;
  /** A pointer or focus on a tab: the panels' code can start downloading. */
  onIntent: () => void;
}) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const current: TabId = TABS.find((tab) => tab.id === requested)?.id ?? "descripcion";

  return (
    <section id="detalles" aria-labelledby="detalles-titulo" className="mt-12 scroll-mt-20">
      <h2 id="detalles-titulo" className="sr-only">
        Detalles del producto
      </h2>
      <nav aria-label="Secciones del producto" className="border-border border-b">
        <ul className="flex gap-1 overflow-x-auto">
          {TABS.map((tab) => {
            const params = new URLSearchParams(searchParams);
            params.set("tab", tab.id);
            return (
              <li key={tab.id}>
                <Link
                  to={{ search: `?${params}`, hash: "detalles" }}
                  replace
                  preventScrollReset
                  onPointerEnter={onIntent}
                  onFocus={onIntent}
                  aria-current={tab.id === current ? "true" : undefined}
                  className="text-fg-muted hover:text-fg aria-[current=true]:border-primary aria-[current=true]:text-fg -mb-px inline-block border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap"
                >
                  {tab.label}
                  {tab.id === "resenas" ? ` (${reviewCount})` : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="py-6">
        {current === "descripcion" ? (
          <DescriptionTab
            brandName={product.brandName}
            gender={product.gender}
            perfumeType={product.perfumeType}
            concentration={product.concentration}
            sizes={product.sizes.map((option) => option.size)}
            stock={product.stock}
            id={product.id}
            description={product.description}
          />
        ) : null}
        {current === "resenas" ? reviews : null}
        {current === "recomendaciones" ? recommendations : null}
      </div>
    </section>
  );
}
