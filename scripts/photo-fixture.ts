/**
 * A phone's photo of a bank receipt for `bench:upload` and the shrinker's tests: a 4000×3000
 * JPEG of about 1.4 MB with a photo's grain and soft light (noise that does not compress
 * away) under a receipt's lines of text. Generated once with sharp and kept in the system's
 * temporary folder, so every run sends the same bytes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
const cached = path.join(os.tmpdir(), "perfumeria-phone-photo-v2.jpg");

async function generate() {
  const [width, height] = [PHOTO_WIDTH, PHOTO_HEIGHT];
  const light = await sharp({
    create: {
      width: 200,
      height: 150,
      channels: 3,
      // sharp's types ask for a background; with noise it is not used.
      background: "#000",
      noise: { type: "gaussian", mean: 140, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const soft = await sharp(light)
    .resize(width, height, { kernel: "cubic" })
    .blur(3)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 4 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `<text x="600" y="${500 + i * 55}" font-size="40" font-family="monospace" fill="#222">` +
      `BANCO ATLANTIDA  TRANSFERENCIA  REF ${100000 + i * 7919}  L 1,500.00</text>`,
  ).join("");
  const receipt = Buffer.from(
    `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">` +
      `<rect x="500" y="400" width="3000" height="2300" fill="#f4f1ea" opacity="0.85"/>${lines}</svg>`,
  );
  return sharp(soft)
    .composite([{ input: grain, blend: "overlay" }, { input: receipt }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The photo's bytes (about 1.4 MB). */
export async function phonePhoto(): Promise<Buffer> {
  if (fs.existsSync(cached)) return fs.promises.readFile(cached);
  const bytes = await generate();
  const partial = `${cached}.${process.pid}.tmp`;
  await fs.promises.writeFile(partial, bytes);
  await fs.promises.rename(partial, cached);
  return bytes;
}
