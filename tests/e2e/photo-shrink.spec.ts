import path from "node:path";
import type { Page } from "@playwright/test";
import { build } from "esbuild";
import sharp from "sharp";
import { PHOTO_HEIGHT, PHOTO_WIDTH, phonePhoto } from "../../scripts/photo-fixture";
import { expect, test } from "./fixtures";

/*
 * The checkout's photo shrinker (decision 094) in a real Chromium: happy-dom decodes no images.
 * The module is bundled as the browser gets it and run on a blank page with a phone's 1.4 MB
 * 4000×3000 photo. Its arithmetic is unit-tested (tests/unit/shrink-photo.test.ts).
 */

const shrinker = path.resolve(
  import.meta.dirname,
  "../../app/components/proof-upload/shrink-photo.ts",
);

type Shrunk = { name: string; type: string; size: number; width: number; height: number } | null;

declare global {
  interface Window {
    shrinker: { shrinkPhoto: (file: File) => Promise<File> };
  }
}

test.describe("the photo shrinker", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "it runs only with JavaScript");

  let photo: Buffer;
  test.beforeAll(async () => {
    // Generated once (some 20 s on a busy machine), then read from the system's temporary folder.
    test.setTimeout(180_000);
    photo = await phonePhoto();
  });

  test.beforeEach(async ({ page }) => {
    test.setTimeout(90_000);
    const bundle = await build({
      entryPoints: [shrinker],
      bundle: true,
      format: "iife",
      globalName: "shrinker",
      write: false,
    });
    await page.setContent("<!doctype html><title>shrinker</title>");
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
  });

  /** Runs shrinkPhoto on these bytes in the page; the result's size as the browser decodes it. */
  const shrinkInPage = (page: Page, bytes: Buffer, name: string, type: string) =>
    page.evaluate(
      async ({ base64, name, type }): Promise<Shrunk> => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const file = new File([bytes], name, { type });
        const out = await window.shrinker.shrinkPhoto(file);
        try {
          const bitmap = await createImageBitmap(out);
          return {
            name: out.name,
            type: out.type,
            size: out.size,
            width: bitmap.width,
            height: bitmap.height,
          };
        } catch {
          return { name: out.name, type: out.type, size: out.size, width: 0, height: 0 };
        }
      },
      { base64: bytes.toString("base64"), name, type },
    );

  test("a 1.4 MB 4000×3000 phone photo becomes a WebP of 1600×1200 and 100 to 300 KB", async ({
    page,
  }) => {
    expect(photo.length).toBeGreaterThan(1.2 * 1024 * 1024);
    expect(await sharp(photo).metadata()).toMatchObject({
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
    });

    const shrunk = await shrinkInPage(page, photo, "IMG_2041.jpeg", "image/jpeg");

    expect(shrunk).toMatchObject({
      name: "IMG_2041.webp",
      type: "image/webp",
      width: 1600,
      height: 1200,
    });
    expect(shrunk!.size).toBeGreaterThan(100 * 1024);
    expect(shrunk!.size).toBeLessThanOrEqual(300 * 1024);
  });

  test("a portrait photo keeps its proportions", async ({ page }) => {
    const portrait = await sharp(photo).rotate(90).jpeg({ quality: 80 }).toBuffer();
    const shrunk = await shrinkInPage(page, portrait, "vertical.jpg", "image/jpeg");
    expect(shrunk).toMatchObject({ width: 1200, height: 1600, type: "image/webp" });
  });

  test("where the canvas cannot write WebP (Safari hands back a PNG), the photo becomes a JPEG", async ({
    page,
  }) => {
    // Safari's answer to a WebP request, played by Chromium: the canvas's default, a PNG.
    await page.evaluate(() => {
      const convert = OffscreenCanvas.prototype.convertToBlob;
      OffscreenCanvas.prototype.convertToBlob = function (options) {
        return convert.call(
          this,
          options?.type === "image/webp" ? { ...options, type: "image/png" } : options,
        );
      };
    });
    const shrunk = await shrinkInPage(page, photo, "IMG_2041.jpeg", "image/jpeg");
    expect(shrunk).toMatchObject({
      name: "IMG_2041.jpg",
      type: "image/jpeg",
      width: 1600,
      height: 1200,
    });
    expect(shrunk!.size).toBeLessThanOrEqual(300 * 1024);
  });

  test("what the browser cannot decode (HEIC here) goes as chosen", async ({ page }) => {
    // An HEIC file's header ('ftypheic') and bytes Chromium cannot decode.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
      Buffer.alloc(600_000, 7),
    ]);
    const kept = await shrinkInPage(page, heic, "IMG_2042.HEIC", "image/heic");
    expect(kept).toMatchObject({ name: "IMG_2042.HEIC", type: "image/heic", size: heic.length });
  });

  test("a small screenshot goes as chosen", async ({ page }) => {
    const screenshot = await sharp({
      create: { width: 1080, height: 1600, channels: 3, background: "#f4f1ea" },
    })
      .png()
      .toBuffer();
    const kept = await shrinkInPage(page, screenshot, "captura.png", "image/png");
    expect(kept).toMatchObject({ name: "captura.png", type: "image/png", size: screenshot.length });
  });
});
