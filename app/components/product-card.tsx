import { Link } from "@remix-run/react";
import { ProductImage } from "~/components/product-image";
import { QuickAddToCart } from "~/components/quick-add-to-cart";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { WishlistButton } from "~/components/wishlist-button";
import type { CatalogProduct } from "~/models/catalog/catalog";
import { discountPercent, productBadge, type ProductBadge } from "~/models/catalog/product-badge";
import { useRootData } from "~/hooks/use-root-data";
import { taxNote } from "~/models/checkout/pricing";
import { formatMoney } from "~/utils/money";

const badgeVariants: Record<ProductBadge, BadgeVariant> = {
  Agotado: "danger",
  "Solo Por Encargo": "info",
  Nuevo: "solid",
  Viral: "accent",
  Exclusivo: "warning",
};

/** Grid: 2 columns on phones, 3 from md, 4 from lg (the catalogue's grid classes). */
const GRID_SIZES = "(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw";
const LIST_SIZES = "(min-width: 640px) 160px, 112px";

export function ProductCard({
  product,
  inWishlist,
  headingLevel,
  variant = "grid",
  priority = false,
}: {
  product: CatalogProduct;
  inWishlist: boolean;
  /**
   * The card's name is a heading one level below the heading the cards sit under: 2 right
   * under the page's h1 (the catalogue), 3 in a titled section (Lighthouse heading-order).
   */
  headingLevel: 2 | 3;
  variant?: "grid" | "list";
  /** The first cards of a page load their picture at once. */
  priority?: boolean;
}) {
  const badge = productBadge(product);
  const list = variant === "list";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    // Decision 111: a card off screen is neither styled nor laid out until it is scrolled near
    // (its own overflow is hidden already, so nothing of it is clipped that was not).
    <article
      className={`border-border bg-surface relative flex w-full overflow-hidden rounded-lg border [content-visibility:auto] ${
        list
          ? "flex-row [contain-intrinsic-size:auto_9rem]"
          : "flex-col [contain-intrinsic-size:auto_24rem]"
      }`}
    >
      <div className={`relative shrink-0 ${list ? "w-28 sm:w-40" : ""}`}>
        <ProductImage
          imageKey={product.imageKey}
          alt=""
          sizes={list ? LIST_SIZES : GRID_SIZES}
          priority={priority}
          tapToLoad
        />
        {badge ? (
          <Badge
            variant={badgeVariants[badge]}
            // In the grid the heart sits on the picture's corner: the badge stays clear of it.
            className={`absolute top-2 left-2 leading-tight ${list ? "max-w-[calc(100%-1rem)]" : "max-w-[calc(100%-3.75rem)]"}`}
          >
            {badge}
          </Badge>
        ) : null}
      </div>
      <WishlistButton
        productId={product.id}
        productName={product.name}
        inWishlist={inWishlist}
        className="absolute top-2 right-2 z-10"
      />
      <div className={`flex flex-1 flex-col gap-1 p-3 ${list ? "pr-14 sm:p-4" : ""}`}>
        <p className="text-fg-muted text-xs font-medium tracking-wide uppercase">
          {product.brandName}
        </p>
        <Heading className="leading-snug font-medium">
          {/* The link covers the whole card; the heart stays above it. */}
          <Link
            to={`/product/${product.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-['']"
          >
            {product.name}
          </Link>
        </Heading>
        <Rating value={product.averageRating} count={product.reviewCount} />
        <Price price={product.price} originalPrice={product.originalPrice} />
        {product.isActive && product.stock > 0 ? (
          <QuickAddToCart productId={product.id} productName={product.name} />
        ) : null}
      </div>
    </article>
  );
}

export function Rating({ value, count }: { value: number; count: number }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <p className="flex items-center gap-1.5 text-xs">
      <span aria-hidden="true" className="relative inline-block leading-none tracking-tight">
        <span className="text-border-strong">★★★★★</span>
        <span
          className="text-accent absolute inset-0 overflow-hidden"
          style={{ width: `${percent}%` }}
        >
          ★★★★★
        </span>
      </span>
      <span className="sr-only">Calificación {value.toFixed(1)} de 5,</span>
      <span className="text-fg-muted">
        ({count}
        <span className="sr-only"> reseñas</span>)
      </span>
    </p>
  );
}

export function Price({ price, originalPrice }: { price: number; originalPrice: number | null }) {
  const percent = discountPercent(price, originalPrice);
  const tax = useTaxNote();
  return (
    <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
      <span className="font-semibold">{formatMoney(price)}</span>
      {tax ? <span className="text-fg-muted text-xs">{tax}</span> : null}
      {percent !== null && originalPrice !== null ? (
        <>
          <s className="text-fg-muted text-sm">
            <span className="sr-only">Antes </span>
            {formatMoney(originalPrice)}
          </s>
          <span className="text-danger text-sm font-semibold">-{percent}%</span>
        </>
      ) : null}
    </p>
  );
}

/** 'ISV incluido' or '+ ISV' after a price, from the store's tax setting (decision 097). */
export function useTaxNote() {
  const taxPercentage = useRootData()?.settings.taxPercentage;
  return taxPercentage === undefined ? null : taxNote(taxPercentage);
}
