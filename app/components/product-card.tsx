import type { ComponentType } from "react";
import { ProductImage } from "~/components/product-image";
import { QuickAddToCart } from "~/components/quick-add-to-cart";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { WishlistButton } from "~/components/wishlist-button";
import type { CatalogProduct } from "~/models/catalog/catalog";
import { productBadge, type ProductBadge } from "~/models/catalog/product-badge";
import { useRootData } from "~/hooks/use-root-data";
import { taxNote } from "~/models/checkout/pricing";
import { keptAsServed } from "~/utils/shown-later";
import type { CardTextProps } from "./product-card-text";

/** The words of a card, as the page keeps them (keptCardText). */
export type CardTextPart = ComponentType<CardTextProps>;

/**
 * What a card says (brand, name, rating, price) is only read and followed: the page keeps its
 * server HTML and loads product-card-text.tsx only to draw a card anew (decision 159). A route
 * makes it from product-card-text-render.server.ts's `CardText`, which only a route imports,
 * and hands it to its cards.
 */
export function keptCardText(onServer: CardTextPart): CardTextPart {
  return keptAsServed(onServer, () =>
    import("./product-card-text").then((module) => module.CardText),
  );
}

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
  CardText,
}: {
  /** The route's kept card words (keptCardText). */
  CardText: CardTextPart;
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
  const tax = useTaxNote();
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
        <CardText
          brandName={product.brandName}
          name={product.name}
          slug={product.slug}
          headingLevel={headingLevel}
          rating={product.averageRating}
          reviewCount={product.reviewCount}
          price={product.price}
          originalPrice={product.originalPrice}
          tax={tax}
        />
        {product.isActive && product.stock > 0 ? (
          <QuickAddToCart productId={product.id} productName={product.name} />
        ) : null}
      </div>
    </article>
  );
}

/** 'ISV incluido' or '+ ISV' after a price, from the store's tax setting (decision 097). */
export function useTaxNote() {
  const taxPercentage = useRootData()?.settings.taxPercentage;
  return taxPercentage === undefined ? null : taxNote(taxPercentage);
}
