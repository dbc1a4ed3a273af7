import { ProductCard } from "~/components/product-card";
import type { CatalogProduct, CatalogView } from "~/models/catalog";

/** Cards in a grid (2/3/4 columns) or a list; the first row loads its pictures at once. */
export function ProductGrid({
  products,
  wishlist,
  view = "grid",
}: {
  products: CatalogProduct[];
  wishlist: readonly number[];
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
            variant={view}
            priority={index < (view === "list" ? 2 : 4)}
          />
        </li>
      ))}
    </ul>
  );
}
