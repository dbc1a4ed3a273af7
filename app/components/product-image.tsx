import { useState, type ImgHTMLAttributes } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRootData } from "~/hooks/use-root-data";
import { productImageSrcSet, productImageUrl } from "~/utils/images";

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet"> & {
  /** The key stored in products.images; null draws the neutral placeholder. */
  imageKey: string | null;
  alt: string;
  /** For `sizes`: how wide the image is shown, e.g. "(min-width: 768px) 25vw, 50vw". */
  sizes: string;
  /** Above the fold (the first cards, the product's main picture): load it at once. */
  priority?: boolean;
  /**
   * In 'Modo ligero' (decision 098), wait for a tap: the product cards below the fold. Not for a
   * picture inside a link or an option, where a second control cannot go.
   */
  tapToLoad?: boolean;
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
  tapToLoad = false,
  className = "",
  ...props
}: ProductImageProps) {
  const lite = useRootData()?.liteMode ?? false;
  if (!imageKey) {
    // A decorative picture (alt="", its name beside it) has a decorative placeholder.
    const name = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return <div {...name} className={`bg-surface-muted aspect-square w-full ${className}`} />;
  }
  if (lite) {
    const smallest = productImageUrl(imageKey, 160);
    if (tapToLoad && !priority)
      return <ImageOnTap src={smallest} alt={alt} className={className} />;
    return (
      <img
        src={smallest}
        width={640}
        height={640}
        alt={alt}
        decoding="async"
        className={`aspect-square w-full object-cover ${className}`}
        {...props}
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

/**
 * Decision 098, 'Modo ligero': a picture below the fold waits for a tap. Without JS 'Ver imagen'
 * is a link to the smallest file; with JS a button puts it in place. Above the stretched link of
 * a product card (z-10), like the heart.
 */
function ImageOnTap({ src, alt, className }: { src: string; alt: string; className: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  if (shown) {
    return (
      <img
        src={src}
        width={640}
        height={640}
        alt={alt}
        className={`aspect-square w-full object-cover ${className}`}
      />
    );
  }
  const label = <>Ver imagen{alt ? <span className="sr-only"> de {alt}</span> : null}</>;
  const control =
    "text-fg relative z-10 rounded-md border border-border-strong bg-surface px-2 py-1 text-xs font-medium underline-offset-2 hover:underline";
  return (
    <div
      className={`bg-surface-muted grid aspect-square w-full place-items-center ${className}`}
      data-lite-image=""
    >
      {hydrated ? (
        <button type="button" className={control} onClick={() => setShown(true)}>
          {label}
        </button>
      ) : (
        <a href={src} className={control}>
          {label}
        </a>
      )}
    </div>
  );
}
