#!/usr/bin/env node
// The last step of `npm run build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz`
// (gzip by Zopfli, about 3 % smaller than zlib's level 9 and readable by every gzip client)
// beside every script, stylesheet and SVG in public/build, so the server sends
// each asset at the best ratio once instead of gzipping it at level 6 on every request
// (scripts/precompressed.mjs picks the variant the browser accepts). The assets are hashed and
// immutable, so the slow, once-per-build compression costs nothing at request time.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { COMPRESSIBLE_ASSET } from "./precompressed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(root, process.argv[2] ?? "public/build");

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE_ASSET.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let afterGzip = 0;
let afterBrotli = 0;
for (const file of files(dir)) {
  const body = fs.readFileSync(file);
  const variants = [
    [".gz", Buffer.from(await gzipAsync(body, { numiterations: 15 }))],
    [
      ".br",
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ],
  ];
  for (const [suffix, compressed] of variants) {
    // A tiny file may grow when compressed: the server then sends it as it is.
    if (compressed.length < body.length) fs.writeFileSync(file + suffix, compressed);
  }
  count++;
  before += body.length;
  afterGzip += Math.min(variants[0][1].length, body.length);
  afterBrotli += Math.min(variants[1][1].length, body.length);
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `[compress-assets] ${count} files in ${path.relative(root, dir)}: ${kb(before)} → ` +
    `${kb(afterGzip)} gzip, ${kb(afterBrotli)} brotli`,
);
