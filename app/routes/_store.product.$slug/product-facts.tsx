import { Link } from "@remix-run/react";
import { StarIcon } from "~/components/icons";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import type { ProductDetail } from "~/models/catalog/products.server";

/*
 * What the product page says of the perfume and only shows: its badges, brand, name, rating and
 * short description, its guarantees, and its olfactory pyramid. The page keeps the server's HTML
 * of these and loads this module only to draw them anew (product-details.tsx, decision 159).
 */

export function Stars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  return (
    <span className="text-warning inline-flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          className={`${className} ${star <= Math.round(rating) ? "fill-current" : "opacity-40"}`}
        />
      ))}
    </span>
  );
}

type BadgeFacts = Pick<ProductDetail, "stock" | "catalogType" | "isNew" | "isViral">;

/** The badges over the name: sold out or few left, made to order, new, viral. */
function productBadges(
  product: BadgeFacts,
  lowStockAt: number,
): Array<{ label: string; variant: BadgeVariant }> {
  const badges: Array<{ label: string; variant: BadgeVariant }> = [];
  if (product.stock <= 0) badges.push({ label: "Agotado", variant: "danger" });
  else if (product.stock <= lowStockAt) {
    const left = product.stock === 1 ? "Queda 1 unidad" : `Quedan ${product.stock} unidades`;
    badges.push({ label: left, variant: "warning" });
  }
  if (product.catalogType === "custom_order") {
    badges.push({ label: "Solo Por Encargo", variant: "info" });
  }
  if (product.isNew) badges.push({ label: "Nuevo", variant: "accent" });
  if (product.isViral) badges.push({ label: "Viral", variant: "warning" });
  return badges;
}

export function ProductHeading({
  brandName,
  name,
  shortDescription,
  ratingAverage,
  ratingCount,
  badgeFacts,
  lowStockAt,
}: {
  brandName: string;
  name: string;
  shortDescription: string | null;
  ratingAverage: number;
  ratingCount: number;
  badgeFacts: BadgeFacts;
  /** The store's low-stock threshold (the stockThreshold setting). */
  lowStockAt: number;
}) {
  const badges = productBadges(badgeFacts, lowStockAt);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {badges.map((badge) => (
          <Badge key={badge.label} variant={badge.variant}>
            {badge.label}
          </Badge>
        ))}
      </div>
      <p className="text-fg-muted mt-3 text-sm font-semibold tracking-widest uppercase">
        {brandName}
      </p>
      <h1 className="font-display mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">
        {name}
      </h1>
      <Link
        to={{ search: "?tab=resenas", hash: "detalles" }}
        preventScrollReset
        data-prevent-scroll-reset=""
        className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm underline-offset-4 hover:underline"
      >
        <Stars rating={ratingAverage} />
        <span>
          {ratingCount > 0
            ? `${ratingAverage.toFixed(1)} de 5 · ${ratingCount} ${ratingCount === 1 ? "reseña" : "reseñas"}`
            : "Sin reseñas aún"}
        </span>
      </Link>

      {shortDescription ? <p className="text-fg-muted mt-4">{shortDescription}</p> : null}
    </>
  );
}

export function Guarantees({ featured, exclusive }: { featured: boolean; exclusive: boolean }) {
  return (
    <ul aria-label="Garantías" className="mt-6 flex flex-wrap gap-2">
      <li>
        <Badge variant="success">Original</Badge>
      </li>
      {featured ? (
        <li>
          <Badge variant="solid">Bestseller</Badge>
        </li>
      ) : null}
      {exclusive ? (
        <li>
          <Badge variant="accent">Exclusivo</Badge>
        </li>
      ) : null}
    </ul>
  );
}

export function ProductFacts({
  topNotes,
  middleNotes,
  baseNotes,
  longevity,
  sillage,
}: {
  topNotes: string[];
  middleNotes: string[];
  baseNotes: string[];
  longevity: string | null;
  sillage: string | null;
}) {
  return (
    <section aria-labelledby="piramide" className="border-border mt-8 border-t pt-6">
      <h2 id="piramide" className="text-lg font-semibold">
        Pirámide olfativa
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {(
          [
            ["Notas de salida", topNotes],
            ["Notas de corazón", middleNotes],
            ["Notas de fondo", baseNotes],
          ] as const
        ).map(([label, notes]) => (
          <div key={label} className="bg-surface-muted rounded-lg p-3">
            <dt className="text-fg-muted text-xs font-semibold uppercase">{label}</dt>
            <dd className="mt-1 text-sm">{notes.length > 0 ? notes.join(", ") : "—"}</dd>
          </div>
        ))}
      </dl>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-fg-muted text-xs font-semibold uppercase">Duración</dt>
          <dd className="mt-1 text-sm">{longevity ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-fg-muted text-xs font-semibold uppercase">Proyección</dt>
          <dd className="mt-1 text-sm">{sillage ?? "—"}</dd>
        </div>
      </dl>
    </section>
  );
}

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

/** The Descripción tab: the text, then the facts a shopper asks the shop about. */
export function DescriptionTab(product: {
  brandName: string;
  gender: ProductDetail["gender"];
  perfumeType: ProductDetail["perfumeType"];
  concentration: string | null;
  sizes: string[];
  stock: number;
  id: number;
  description: string;
}) {
  const rows: [string, string][] = [
    ["Marca", product.brandName],
    ["Género", GENDERS[product.gender]],
    ["Tipo", TYPES[product.perfumeType]],
    ...(product.concentration
      ? [["Concentración", product.concentration] as [string, string]]
      : []),
    ["Tamaños", product.sizes.join(", ")],
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

/** Catálogo / the brand / the perfume, above the page. */
export function Breadcrumb({
  brandId,
  brandName,
  name,
}: {
  brandId: number;
  brandName: string;
  name: string;
}) {
  return (
    <nav aria-label="Ruta de navegación" className="text-fg-muted mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/catalog" className="hover:text-fg underline-offset-4 hover:underline">
            Catálogo
          </Link>
          <span aria-hidden="true"> / </span>
        </li>
        <li>
          <Link
            to={`/catalog?brandId=${brandId}`}
            className="hover:text-fg underline-offset-4 hover:underline"
          >
            {brandName}
          </Link>
          <span aria-hidden="true"> / </span>
        </li>
        <li aria-current="page" className="text-fg">
          {name}
        </li>
      </ol>
    </nav>
  );
}
