import { Link } from "@remix-run/react";
import { StarIcon } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { WhatsappLink } from "~/components/whatsapp-link";
import { useRootData } from "~/hooks/use-root-data";
import type { ProductDetail } from "~/models/catalog/products.server";
import { AddToCartForm } from "./add-to-cart-form";
import { ShareLinks } from "./share-links";

/** What the add-to-cart action sends back when it refuses (with the shopper's choice). */
export type CartFormError = { title: string; message: string; size: string; quantity: string };

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

/** Decision 101: a question to the shop's WhatsApp (from the settings) about this perfume. */
function AskOnWhatsapp({ name, url }: { name: string; url: string }) {
  const phone = useRootData()?.settings.whatsapp;
  return (
    <WhatsappLink
      phone={phone}
      text={`Hola, quisiera más información sobre ${name}: ${url}`}
      className={`${buttonClasses("secondary", "md", { wrap: true })} mt-3 w-full sm:w-auto`}
    >
      Preguntar por WhatsApp
    </WhatsappLink>
  );
}

export function ProductDetails({
  product,
  rating,
  shareUrl,
  lowStockAt,
}: {
  product: ProductDetail;
  rating: { average: number; count: number };
  shareUrl: string;
  /** The store's low-stock threshold (the stockThreshold setting). */
  lowStockAt: number;
}) {
  const soldOut = product.stock <= 0;
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {soldOut ? <Badge variant="danger">Agotado</Badge> : null}
        {!soldOut && product.stock <= lowStockAt ? (
          <Badge variant="warning">
            {product.stock === 1 ? "Queda 1 unidad" : `Quedan ${product.stock} unidades`}
          </Badge>
        ) : null}
        {product.catalogType === "custom_order" ? (
          <Badge variant="info">Solo Por Encargo</Badge>
        ) : null}
        {product.isNew ? <Badge variant="accent">Nuevo</Badge> : null}
        {product.isViral ? <Badge variant="warning">Viral</Badge> : null}
      </div>
      <p className="text-fg-muted mt-3 text-sm font-semibold tracking-widest uppercase">
        {product.brandName}
      </p>
      <h1 className="font-display mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">
        {product.name}
      </h1>
      <Link
        to={{ search: "?tab=resenas", hash: "detalles" }}
        preventScrollReset
        className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm underline-offset-4 hover:underline"
      >
        <Stars rating={rating.average} />
        <span>
          {rating.count > 0
            ? `${rating.average.toFixed(1)} de 5 · ${rating.count} ${rating.count === 1 ? "reseña" : "reseñas"}`
            : "Sin reseñas aún"}
        </span>
      </Link>

      {product.shortDescription ? (
        <p className="text-fg-muted mt-4">{product.shortDescription}</p>
      ) : null}

      <AddToCartForm product={product} />
      <AskOnWhatsapp name={product.name} url={shareUrl} />

      <ul aria-label="Garantías" className="mt-6 flex flex-wrap gap-2">
        <li>
          <Badge variant="success">Original</Badge>
        </li>
        {product.isFeatured ? (
          <li>
            <Badge variant="solid">Bestseller</Badge>
          </li>
        ) : null}
        {product.isExclusive ? (
          <li>
            <Badge variant="accent">Exclusivo</Badge>
          </li>
        ) : null}
      </ul>

      <ShareLinks url={shareUrl} title={product.name} />

      <section aria-labelledby="piramide" className="border-border mt-8 border-t pt-6">
        <h2 id="piramide" className="text-lg font-semibold">
          Pirámide olfativa
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {(
            [
              ["Notas de salida", product.topNotes],
              ["Notas de corazón", product.middleNotes],
              ["Notas de fondo", product.baseNotes],
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
            <dd className="mt-1 text-sm">{product.longevity ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-fg-muted text-xs font-semibold uppercase">Proyección</dt>
            <dd className="mt-1 text-sm">{product.sillage ?? "—"}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
