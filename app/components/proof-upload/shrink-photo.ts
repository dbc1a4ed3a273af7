/*
 * Decision 094: a phone's photo of a receipt is shrunk in the browser before it is sent, so a
 * 1.4 MB photo becomes about 200 KB at 400 kbit/s up. Loaded on demand (proof-upload.tsx fetches
 * it when the shopper reaches for the file), so the checkout's first load does not carry it. The server checks
 * what arrives as it checks any upload (type by its bytes, size, pixels) and re-encodes it.
 */

/** The long side a receipt needs to stay legible: the admin's zoom reads a bank slip's digits. */
export const SHRINK_LONG_SIDE = 1600;
/** Below this a file is sent as chosen (a screenshot from the bank's app is already small). */
export const SHRINK_MIN_BYTES = 400 * 1024;
/** Above this the first encoding is tried once more at a lower quality. */
export const SHRINK_TARGET_BYTES = 300 * 1024;
/*
 * One encoding is the rule: on a slow phone each pass over 2 megapixels costs a second or more.
 * 0.6 keeps a slip's digits sharp at 1,600 px (the admin zooms on them) and puts a typical
 * phone photo near 200 KB, 4 s at 400 kbit/s; only a grainy one (a dim room) needs the second.
 */
const QUALITIES = [0.6, 0.45] as const;

/**
 * The size to draw a `width`×`height` picture at: its long side brought down to `longSide`
 * (never enlarged), the proportions kept, whole pixels of at least 1.
 */
export function shrinkSize(width: number, height: number, longSide = SHRINK_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Whether a picture of this size and weight is worth re-encoding at all. */
export function needsShrinking(bytes: number, width: number, height: number) {
  return bytes > SHRINK_MIN_BYTES || Math.max(width, height) > SHRINK_LONG_SIDE;
}

type Encoding = "image/webp" | "image/jpeg";

async function encode(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: Encoding,
  quality: number,
) {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    // Averaging the pixels dropped, not picking some: less noise, fewer bytes, sharper text.
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

const EXTENSIONS: Record<Encoding, string> = { "image/webp": "webp", "image/jpeg": "jpg" };

/**
 * The photo to send: a WebP (a JPEG where the browser's canvas cannot write WebP: Safari hands
 * back a PNG) whose long side is at most 1,600 px, or the file as chosen when the browser cannot
 * decode it (HEIC on most browsers), when it is small already, or when re-encoding would not
 * make it smaller. WebP is about a fifth smaller than JPEG at the same quality, a second less at
 * 400 kbit/s, for the same encoding time; the server re-encodes to WebP anyway.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    // The photo's EXIF orientation is applied here; the canvas's output then carries none.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    if (!needsShrinking(file.size, bitmap.width, bitmap.height)) return file;
    const { width, height } = shrinkSize(bitmap.width, bitmap.height);
    let type: Encoding = "image/webp";
    let best: Blob | null = null;
    for (const quality of QUALITIES) {
      let blob = await encode(bitmap, width, height, type, quality);
      if (blob && blob.type !== type && type === "image/webp") {
        type = "image/jpeg";
        blob = await encode(bitmap, width, height, type, quality);
      }
      if (!blob || blob.type !== type) return file;
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= SHRINK_TARGET_BYTES) break;
    }
    if (!best || best.size >= file.size) return file;
    const name = `${file.name.replace(/\.[^.]*$/, "") || "comprobante"}.${EXTENSIONS[type]}`;
    return new File([best], name, { type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
