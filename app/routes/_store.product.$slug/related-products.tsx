import { Link } from "@remix-run/react";
import { ProductImage } from "~/components/product-image";
import { WishlistButton } from "~/components/wishlist-button";
import type { RelatedProduct } from "~/models/products.server";
import { formatMoney } from "~/utils/money";

/** A minimal tile; the catalogue's ProductCard takes its place once both issues are merged. */
function ProductTile({ product }: { product: RelatedProduct & { inWishlist: boolean } }) {
  return (
    <li className="border-border bg-surface relative overflow-hidden rounded-xl border">
      <ProductImage
        imageKey={product.image}
        alt={product.name}
        sizes="(min-width: 768px) 25vw, 50vw"
      />
      <WishlistButton
        productId={product.id}
        productName={product.name}
        inWishlist={product.inWishlist}
        className="absolute top-2 right-2"
      />
      <div className="p-3">
        <p className="text-fg-muted text-xs font-semibold uppercase">{product.brandName}</p>
        <h3 className="mt-1 text-sm font-semibold">
          <Link to={`/product/${product.slug}`} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm">
          {formatMoney(product.price)}
          {product.stock <= 0 ? <span className="text-danger ml-2">Agotado</span> : null}
        </p>
      </div>
    </li>
  );
}

export function RelatedProducts({
  brandName,
  products,
}: {
  brandName: string;
  products: (RelatedProduct & { inWishlist: boolean })[];
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="relacionados" className="mt-12">
      <h2 id="relacionados" className="text-xl font-semibold">
        Más de {brandName}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {products.map((product) => (
          <ProductTile key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}
