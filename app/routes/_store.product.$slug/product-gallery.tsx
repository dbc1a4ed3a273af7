import { Link, useSearchParams } from "@remix-run/react";
import { ProductImage } from "~/components/product-image";

/**
 * The pictures of a product. Thumbnails are links (?imagen=2), so choosing one works without
 * JS; with JS the route does not reload its data for it (shouldRevalidate).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get("imagen") ?? "1");
  const index =
    Number.isInteger(requested) && requested >= 1 && requested <= images.length ? requested - 1 : 0;

  return (
    <div>
      <div className="bg-surface-muted overflow-hidden rounded-2xl">
        <ProductImage
          imageKey={images[index] ?? null}
          alt={images.length > 1 ? `${name}, imagen ${index + 1} de ${images.length}` : name}
          sizes="(min-width: 768px) 50vw, 100vw"
          priority
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Imágenes del producto" className="mt-3 flex gap-3">
          {images.map((key, i) => {
            const params = new URLSearchParams(searchParams);
            params.set("imagen", String(i + 1));
            return (
              <li key={key}>
                <Link
                  to={{ search: `?${params}` }}
                  replace
                  preventScrollReset
                  aria-current={i === index ? "true" : undefined}
                  aria-label={`Ver imagen ${i + 1} de ${images.length}`}
                  className="border-border aria-[current=true]:border-primary block w-20 overflow-hidden rounded-lg border-2"
                >
                  <ProductImage imageKey={key} alt="" sizes="80px" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
