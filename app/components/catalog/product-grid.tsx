import { ProductCard, type CardTextPart } from "~/components/product-card";
import type { CatalogProduct, CatalogView } from "~/models/catalog/catalog";

/** Cards in a grid (2/3/4 columns) or a list; the first row loads its pictures at once. */
export function ProductGrid({
  products,
  wishlist,
  headingLevel,
  view = "grid",
  CardText,
}: {
  /** The route's kept card words (keptCardText). */
  CardText: CardTextPart;
  products: CatalogProduct[];
  wishlist: readonly number[];
  /** The cards' heading level (see ProductCard). */
  headingLevel: 2 | 3;
  view?: CatalogView;
}) {
  const inWishlist = new Set(wishlist);
  return (
    <ul
      className={
        view === "list"
          ? "flex flex-col gap-3"
          : "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
      }
    >
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard
            product={product}
            inWishlist={inWishlist.has(product.id)}
            headingLevel={headingLevel}
            variant={view}
            priority={index < (view === "list" ? 2 : 4)}
            CardText={CardText}
          />
        </li>
      ))}
    </ul>
  );
}

/** Storefront §2: 12 placeholders while the next page of results loads (client navigation). */
export function ProductGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <ul
      aria-busy="true"
      aria-label="Cargando productos"
      className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
    >
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="border-border overflow-hidden rounded-lg border">
          <div className="bg-surface-muted aspect-square animate-pulse" />
          <div className="space-y-2 p-3">
            <div className="bg-surface-muted h-3 w-1/2 animate-pulse rounded" />
            <div className="bg-surface-muted h-4 w-3/4 animate-pulse rounded" />
            <div className="bg-surface-muted h-4 w-1/3 animate-pulse rounded" />
          </div>
        </li>
      ))}
    </ul>
  );
}
