import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { productImageWidths } from "../../app/utils/images";

/**
 * Renders SVG drawings into the product image files the storefront serves:
 * `${dir}/${key}-${width}.webp` for every width in productImageWidths, where key is
 * the first 16 hex characters of the SHA-256 of the SVG text. Existing files are
 * kept (same key, same picture), so re-seeding is cheap.
 */

export function svgImageKey(svg: string) {
  return crypto.createHash("sha256").update(svg).digest("hex").slice(0, 16);
}

export function productImagePath(dir: string, key: string, width: number) {
  return path.join(dir, `${key}-${width}.webp`);
}

async function renderOne(dir: string, key: string, svg: string) {
  const missing = productImageWidths.filter(
    (width) => !fs.existsSync(productImagePath(dir, key, width)),
  );
  if (missing.length === 0) return false;
  const largest = Math.max(...productImageWidths);
  // Rasterise the SVG once at the largest width, then scale down for the others.
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(largest, largest, { fit: "cover" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const width of missing) {
    const target = productImagePath(dir, key, width);
    // Write under a temporary name and rename, so an interrupted seed never leaves
    // a truncated file that a later run would skip.
    const temporary = `${target}.${process.pid}.tmp`;
    await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(width, width)
      .webp({ quality: 75, effort: 2 })
      .toFile(temporary);
    fs.renameSync(temporary, target);
  }
  return true;
}

/**
 * Renders every SVG (deduplicated by key) with modest concurrency and returns
 * the key of each input SVG, in order, plus how many were newly rendered.
 */
export async function renderSvgImages(dir: string, svgs: string[], concurrency = 4) {
  fs.mkdirSync(dir, { recursive: true });
  const keys = svgs.map(svgImageKey);
  const unique = [...new Map(keys.map((key, index) => [key, svgs[index]])).entries()];
  let next = 0;
  let rendered = 0;
  const worker = async () => {
    while (next < unique.length) {
      const [key, svg] = unique[next++];
      if (await renderOne(dir, key, svg)) rendered++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return { keys, rendered };
}
