// The build's assets as scripts/compress-assets.mjs wrote them: brotli when the browser takes
// it, else gzip at level 9, else the file itself (express.static, after this middleware).
import fs from "node:fs";
import path from "node:path";

/** The assets worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE_ASSET = /\.(?:js|css|svg)$/;

/** Best first: brotli-11 is ~12 % smaller than gzip-9 on our scripts. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];

/**
 * Express middleware mounted on the build's public path. The variants on disk are listed once at
 * start-up (the build does not change under a running server), so a request costs a map lookup
 * and never a path built from the URL. `compression()` leaves a response alone once it carries a
 * Content-Encoding, so nothing is compressed twice.
 */
export function servePrecompressed(assetsDirectory, { maxAge }) {
  const dir = path.resolve(assetsDirectory);
  /** "/_shared/chunk-X.js" → the encodings written beside it. */
  const variants = new Map();
  const scan = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (COMPRESSIBLE_ASSET.test(entry.name)) {
        const encodings = ENCODINGS.filter(({ suffix }) => fs.existsSync(full + suffix));
        if (encodings.length > 0) {
          const url = "/" + path.relative(dir, full).split(path.sep).join("/");
          variants.set(url, { file: full, encodings });
        }
      }
    }
  };
  if (fs.existsSync(dir)) scan(dir);

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const asset = variants.get(pathname);
    if (!asset) return next();
    // Caches must keep one copy per encoding, the file sent as it is included.
    res.vary("Accept-Encoding");
    const encoding = asset.encodings.find(({ name }) => req.acceptsEncodings(name));
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding.name);
    // The type of the asset, not of its .br/.gz file (send keeps a Content-Type already set).
    res.type(path.extname(asset.file));
    res.sendFile(asset.file + encoding.suffix, { maxAge, immutable: true }, (error) => {
      // A browser that leaves the page mid-download is no error (express.static ignores it too).
      if (error && error.code !== "ECONNABORTED") next(error);
    });
  };
}
