/**
 * Product images (D8) are WebP files under DATA_DIR/uploads/products named
 * `${key}-${width}.webp`; the products.images column holds the keys. Client-safe.
 */

export const productImageWidths = [160, 320, 640] as const;
export type ProductImageWidth = (typeof productImageWidths)[number];

/** A key is the first 16 hex characters of the SHA-256 of the image's source. */
export const PRODUCT_IMAGE_KEY_PATTERN = /^[0-9a-f]{16}$/;

export function isProductImageKey(value: string) {
  return PRODUCT_IMAGE_KEY_PATTERN.test(value);
}

export function productImageUrl(key: string, width: ProductImageWidth = 640) {
  return `/images/products/${key}-${width}.webp`;
}

/** For `<img srcSet>`: every stored width, e.g. "/images/products/k-160.webp 160w, …". */
export function productImageSrcSet(key: string) {
  return productImageWidths.map((width) => `${productImageUrl(key, width)} ${width}w`).join(", ");
}
