import { ProductCard, type CardTextPart } from "~/components/product-card";
import type { CatalogProduct } from "~/models/catalog/catalog";

/** D5: the last 8 products the shopper opened (cookie), as a strip that scrolls sideways. */
export function RecentlyViewed({
  products,
  wishlist,
  CardText,
}: {
  /** The route's kept card words (keptCardText). */
  CardText: CardTextPart;
  products: CatalogProduct[];
  wishlist: readonly number[];
}) {
  if (products.length === 0) return null;
  const inWishlist = new Set(wishlist);
  return (
    <section aria-labelledby="recently-viewed" className="mt-14">
      <h2 id="recently-viewed" className="text-sm font-semibold tracking-widest">
        VISTO RECIENTEMENTE
      </h2>
      <ul className="mt-4 flex snap-x gap-3 overflow-x-auto pb-2">
        {products.map((product) => (
          <li key={product.id} className="flex w-40 shrink-0 snap-start sm:w-48">
            <ProductCard
              product={product}
              inWishlist={inWishlist.has(product.id)}
              headingLevel={3}
              CardText={CardText}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
