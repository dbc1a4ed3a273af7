import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "~/utils/env.server";
import { productImageWidths } from "~/utils/images";
import {
  imagePixelsCheck,
  MAX_IMAGE_PIXELS,
  readFileHead,
  sniffImageType,
  TOO_MANY_PIXELS_MESSAGE,
  type ReceivedFile,
} from "~/utils/uploads.server";
import { fileStore, uploadsDirIn } from "~/models/files/stored-files.server";

/*
 * D8: images the back office uploads (product pictures, brand logos) become public WebP files
 * in the uploads' store (DATA_DIR/uploads, or the bucket: decision 120), one per width, named
 * by the hash of the uploaded bytes: the same picture
 * uploaded twice is stored once, and its URL can be cached forever. The type comes from the
 * bytes, metadata is stripped (sharp writes none unless asked), EXIF rotation is applied.
 */

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  tooLarge: "Cada imagen debe pesar como máximo 5 MB.",
  notImage: "El archivo no es una imagen (JPG, PNG, WebP o HEIC).",
  unreadable: "No se pudo leer la imagen. Prueba con un JPG, PNG o WebP.",
  tooManyPixels: TOO_MANY_PIXELS_MESSAGE,
} as const;

export type StoreImageOptions = {
  /** The widths written, each as `${key}-${width}.webp`. */
  widths: readonly number[];
  /** Which folder of the uploads' store they go in. */
  kind: "products" | "brands";
  /** "cover" crops to a square (product cards are square); "inside" keeps the proportions. */
  fit?: "cover" | "inside";
};

export type StoreImageResult = { ok: true; key: string } | { ok: false; message: string };

/**
 * Checks and converts one uploaded file (a path on disk) into WebP widths; the key is the
 * first 16 hex characters of the SHA-256 of the uploaded bytes. Does not remove `filePath`.
 */
export async function storeImageUpload(
  filePath: string,
  { widths, kind, fit = "inside" }: StoreImageOptions,
): Promise<StoreImageResult> {
  if (!sniffImageType(await readFileHead(filePath))) {
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
  const pixels = await imagePixelsCheck(filePath);
  if (pixels !== "ok") {
    return {
      ok: false,
      message: pixels === "too_many" ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.unreadable,
    };
  }
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  const key = hash.digest("hex").slice(0, 16);
  const store = fileStore();
  try {
    // limitInputPixels again: the header checked above could lie about what decodes.
    const source = sharp(filePath, {
      limitInputPixels: MAX_IMAGE_PIXELS,
      failOn: "error",
    }).rotate();
    for (const width of widths) {
      const name = `${key}-${width}.webp`;
      if (await store.exists(kind, name)) continue;
      const webp = await source
        .clone()
        .resize(fit === "cover" ? { width, height: width, fit } : { width, fit })
        .webp({ quality: 78 })
        .toBuffer();
      // Whole and on disk before the row naming it commits, as a proof is (decision 075): a
      // failure or a crash never leaves a truncated file the next upload would take as done.
      await store.write(kind, name, webp, "image/webp");
    }
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.unreadable };
  }
  return { ok: true, key };
}

/** The local folder of the product pictures (without a bucket). */
export function productImagesDir() {
  return path.join(uploadsDirIn(getEnv().DATA_DIR), "products");
}

/** Brand logos keep their proportions (wordmarks are wide); 192 px covers the cards at 2×. */
export const BRAND_LOGO_WIDTHS = [96, 192] as const;
export const BRAND_LOGO_FIELD = "logo";

export type BrandLogoUpload = { ok: true; url: string } | { ok: false; message: string } | null;

/**
 * The brand form's logo (field `logo`), stored like product pictures (D8): checked by its bytes,
 * WebP without metadata, content-addressed in the store's brands/. Null when no file was sent
 * (the current logo stays). The caller (web/uploads.server.ts) removes the temporary file.
 */
export async function storeBrandLogo(file: ReceivedFile | undefined): Promise<BrandLogoUpload> {
  if (!file) return null;
  // Not received: too large (these forms pass no admitFile, so nothing is refused).
  if (file.status !== "received") return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  const stored = await storeImageUpload(file.tempPath, {
    widths: BRAND_LOGO_WIDTHS,
    kind: "brands",
    fit: "inside",
  });
  return stored.ok
    ? { ok: true, url: `/images/brands/${stored.key}-${BRAND_LOGO_WIDTHS[1]}.webp` }
    : stored;
}

export const PRODUCT_IMAGE_FIELD = "newImages";
export const MAX_IMAGES_PER_POST = 10;

/**
 * The product form's pictures (up to ten in `newImages`) stored as product images: the keys
 * stored, in the order chosen, and one message per file that was refused.
 */
export async function storeProductImages(files: readonly ReceivedFile[]) {
  const keys: string[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const result = await storeReceived(file);
    if (result.ok) keys.push(result.key);
    else errors.push(result.message);
  }
  return { keys, errors: [...new Set(errors)] };
}

function storeReceived(file: ReceivedFile): Promise<StoreImageResult> | StoreImageResult {
  if (file.status !== "received") return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  return storeImageUpload(file.tempPath, {
    widths: productImageWidths,
    kind: "products",
    fit: "cover",
  });
}
