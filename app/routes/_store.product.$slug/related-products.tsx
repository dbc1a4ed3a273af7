import { ProductCard, type CardTextPart } from "~/components/product-card";
import type { CatalogProduct } from "~/models/catalog/catalog";

/** Up to 4 other products of the same brand, as the catalogue's cards. */
export function RelatedProducts({
  brandName,
  products,
  wishlist,
  CardText,
}: {
  /** The route's kept card words (keptCardText). */
  CardText: CardTextPart;
  brandName: string;
  products: CatalogProduct[];
  wishlist: readonly number[];
}) {
  if (products.length === 0) return null;
  const inWishlist = new Set(wishlist);
  return (
    <section aria-labelledby="relacionados" className="mt-12">
      <h2 id="relacionados" className="text-xl font-semibold">
        Más de {brandName}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
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
