import { Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProductDetail } from "~/models/catalog/products.server";

const TABS = [
  { id: "descripcion", label: "Descripción" },
  { id: "resenas", label: "Reseñas" },
  { id: "recomendaciones", label: "Recomendaciones" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const GENDERS: Record<ProductDetail["gender"], string> = {
  masculine: "Masculino",
  feminine: "Femenino",
  unisex: "Unisex",
};
const TYPES: Record<ProductDetail["perfumeType"], string> = {
  designer: "Diseñador",
  niche: "Nicho",
};

/** The product's code as the shop reads it over the phone (the spec names no format). */
export function productCode(id: number) {
  return `PDL-${String(id).padStart(5, "0")}`;
}

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
        {current === "descripcion" ? <DescriptionTab product={product} /> : null}
        {current === "resenas" ? reviews : null}
        {current === "recomendaciones" ? recommendations : null}
      </div>
    </section>
  );
}

function DescriptionTab({ product }: { product: ProductDetail }) {
  const rows: [string, string][] = [
    ["Marca", product.brandName],
    ["Género", GENDERS[product.gender]],
    ["Tipo", TYPES[product.perfumeType]],
    ...(product.concentration
      ? [["Concentración", product.concentration] as [string, string]]
      : []),
    ["Tamaños", product.sizes.map((option) => option.size).join(", ")],
    ["Stock", product.stock > 0 ? `${product.stock} disponibles` : "Sin stock"],
    ["Código", productCode(product.id)],
  ];
  return (
    <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
      <div className="space-y-4 leading-relaxed whitespace-pre-line">{product.description}</div>
      <dl className="border-border divide-border divide-y rounded-lg border text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 px-4 py-2">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
