import type { ImgHTMLAttributes } from "react";
import { productImageSrcSet, productImageUrl } from "~/utils/images";

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  /** The key stored in products.images; null draws the neutral placeholder. */
  imageKey: string | null;
  alt: string;
  /** For `sizes`: how wide the image is shown, e.g. "(min-width: 768px) 25vw, 50vw". */
  sizes: string;
  /** Above the fold (the first cards, the product's main picture): load it at once. */
  priority?: boolean;
};

/**
 * A product picture for slow connections: WebP in every stored width through srcset, square
 * with explicit width and height so nothing shifts while it loads, lazy unless `priority`.
 */
export function ProductImage({
  imageKey,
  alt,
  sizes,
  priority = false,
  className = "",
  ...props
}: ProductImageProps) {
  if (!imageKey) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`bg-surface-muted aspect-square w-full ${className}`}
      />
    );
  }
  return (
    <img
      src={productImageUrl(imageKey, 320)}
      srcSet={productImageSrcSet(imageKey)}
      sizes={sizes}
      width={640}
      height={640}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      // React 18 does not know `fetchPriority`; the lower-case attribute passes through.
      {...{ fetchpriority: priority ? "high" : "auto" }}
      className={`aspect-square w-full object-cover ${className}`}
      {...props}
    />
  );
}
