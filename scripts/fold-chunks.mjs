#!/usr/bin/env node
// The step of `npm run build` between `remix build` and compress-assets (decision 113): regroups
// the browser build so that a page loads a handful of files instead of thirty.
//
// esbuild (the classic compiler's bundler) splits the code shared by the ~100 route modules into
// one chunk per set of routes that uses it: 80 chunks, most under 1 KB, and a shopper's first
// load fetched 25–39 of them. Rollup re-bundles that output (the chunks are its modules; nothing
// is re-compiled) with one rule per module, in this order:
//   0. A small piece that storefront pages share, holding no state, is copied into each of
//      their files (decision 160, below).
//   1. A route that uses it and wraps every other route that does (root for the whole store, the
//      store's layout for the storefront, a page for its own parts): it joins that route's file,
//      which every page needing it loads anyway. entry.client counts as root's parent.
//   2. Else, if a storefront layout uses it (`_store`, `_auth`: the layouts right under root
//      that hold the shopper's pages), it joins root's file, which every page loads.
//   3. Else (parts shared by some pages): one chunk per set of storefront pages that use it; the
//      back office's pages load those chunks too instead of splitting them further.
// Modules loaded only by `import()` (the cart drawer, the review form…) keep their own chunks.
// Each file is then minified again by terser (decision 148): it knows the future flags of
// remix.config.js, so Remix's code for single fetch (and turbo-stream, which only it reads) goes,
// and its second pass takes what esbuild's one pass leaves.
// Every file is named by a hash of its new content, and both copies of the assets manifest (the
// server build's and public/build/manifest-*.js) are rewritten to the new names and imports.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rollup } from "rollup";
import { parseAst } from "rollup/parseAst";
import { minify } from "terser";
import remixConfig from "../remix.config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "public");
const buildDir = path.join(publicDir, "build");
const serverBuild = path.join(root, "build", "index.js");

/** "/build/routes/x-AB12.js" ↔ its path on disk. */
const fileOf = (url) => path.join(publicDir, url);
const urlOf = (file) => `/${path.relative(publicDir, file).split(path.sep).join("/")}`;

const manifestName = fs.readdirSync(buildDir).find((name) => /^manifest-[\w]+\.js$/.test(name));
if (!manifestName) throw new Error("fold-chunks: no public/build/manifest-*.js: run `remix build`");
const manifestFile = path.join(buildDir, manifestName);
const manifestText = fs.readFileSync(manifestFile, "utf8");
/** @type {{ entry: { module: string }, routes: Record<string, { module: string, parentId?: string }> }} */
const manifest = JSON.parse(
  manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1),
);

const entryFile = fileOf(manifest.entry.module);
const routeFiles = Object.values(manifest.routes).map((route) => fileOf(route.module));
const rootFile = fileOf(manifest.routes.root.module);
const parentOf = new Map([[rootFile, entryFile]]);
for (const route of Object.values(manifest.routes)) {
  if (route.parentId)
    parentOf.set(fileOf(route.module), fileOf(manifest.routes[route.parentId].module));
}
/** The file itself, then its parent route, up to entry.client. */
function lineage(file) {
  const chain = [];
  for (let at = file; at; at = parentOf.get(at)) chain.push(at);
  return chain;
}
const backOffice = (file) => /^routes\/admin[._-]/.test(path.relative(buildDir, file));
/** The layouts right under root that hold the shopper's pages (the store's, the sign-in's). */
const storefrontLayouts = new Set(
  Object.values(manifest.routes)
    .filter((route) => route.parentId === "root")
    .map((route) => fileOf(route.module))
    .filter((file) => !backOffice(file) && [...parentOf.values()].includes(file)),
);

/** Rollup's input names: the file's path in public/build without esbuild's hash. */
const entryNames = new Map(
  [entryFile, ...routeFiles].map((file) => [
    file,
    path
      .relative(buildDir, file)
      .split(path.sep)
      .join("/")
      .replace(/-[A-Z0-9]{8}\.js$/, ""),
  ]),
);
const entries = new Set(entryNames.keys());

/*
 * What the browser reads from window.__remixContext is fixed by this build: the future flags of
 * remix.config.js (the server writes them into every page) and no SPA mode (the classic compiler
 * has none). Terser folds each read to its value and drops the branches it rules out.
 */
const future = remixConfig.future ?? {};
const knownContext = {
  "window.__remixContext.future.v3_singleFetch": future.v3_singleFetch === true,
  "window.__remixContext.isSpaMode": false,
};
/** Terser's pass over a finished file; the compile hint's comment (below) stays. */
const minifyAgain = {
  name: "minify-again",
  async renderChunk(code) {
    const result = await minify(code, {
      module: true,
      compress: { passes: 2, global_defs: knownContext },
      format: { comments: /allFunctionsCalledOnLoad/ },
    });
    return { code: result.code, map: null };
  },
};

/*
 * Rule 0 (decision 160): a small piece of esbuild's shared code that storefront pages import is
 * copied into each of those pages' files instead of being a file of its own. A
 * page then downloads one file that brotli compresses as a whole (its class names and words
 * repeat), not four to six of a few hundred bytes each; a client-side navigation downloads the
 * copy again, a few hundred bytes. Not copied: what a layout, the root or entry.client reaches
 * (one instance for the whole page), and a piece that builds a Map, a Set or a React context
 * at load (state that must be one per tab).
 */
const COPY_BELOW_BYTES = 4096;
const sharedDir = path.join(buildDir, "_shared");
/** The file an import in `file` names: esbuild writes "/build/…" URLs, Rollup's own "./…". */
function resolveFrom(file, source) {
  if (source.startsWith("/build/")) return fileOf(source);
  if (source.startsWith(".")) return path.resolve(path.dirname(file), source);
  return null;
}
const staticImports = new Map();
function esbuildImportsOf(file) {
  if (!staticImports.has(file)) {
    const code = fs.readFileSync(file, "utf8");
    const found = [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{},\s]+from\s*)?"([^"]+)"/g)]
      .map((m) => resolveFrom(file, m[1]))
      .filter(Boolean);
    staticImports.set(file, found);
  }
  return staticImports.get(file);
}
/** What each file reaches through static imports, itself included. */
function reachable(file, found = new Set()) {
  if (found.has(file)) return found;
  found.add(file);
  for (const imported of esbuildImportsOf(file)) reachable(imported, found);
  return found;
}
// What every storefront page loads: entry.client, root and the layout right under it. A deeper
// layout (the profile's) is one more page of its own here: its copy and its pages' may both
// load, a few hundred bytes twice, never state (holdsState).
const layouts = new Set([entryFile, rootFile, ...storefrontLayouts]);
const onePerPage = new Set([...layouts].flatMap((file) => [...reachable(file)]));
/**
 * Whether a piece keeps state at load: a Map, Set or React context made at its top level, or a
 * top-level variable left empty for later (a cache). A copy per page would split that state.
 */
function holdsState(file) {
  const program = parseAst(fs.readFileSync(file, "utf8"));
  return program.body.some(
    (node) =>
      node.type === "VariableDeclaration" &&
      node.declarations.some(({ init }) => {
        if (!init || (init.type === "Literal" && init.value === null)) return true;
        if (init.type === "UnaryExpression" && init.operator === "void") return true;
        if (init.type === "NewExpression")
          return /^(Map|Set|WeakMap|WeakSet)$/.test(init.callee.name);
        const callee = init.type === "CallExpression" ? init.callee : null;
        return callee?.type === "MemberExpression" && callee.property.name === "createContext";
      }),
  );
}
const storefrontPage = (file) => entries.has(file) && file !== entryFile && !backOffice(file);
/** The routes (the back office's too) that reach each piece through static imports. */
const routesReachingFile = new Map();
for (const route of [...entries].filter((file) => file !== entryFile)) {
  for (const file of reachable(route)) {
    if (!routesReachingFile.has(file)) routesReachingFile.set(file, new Set());
    routesReachingFile.get(file).add(route);
  }
}
const pagesReaching = new Map(
  [...routesReachingFile]
    .map(([file, routes]) => [file, [...routes].filter(storefrontPage)])
    .filter(([, pages]) => pages.length > 0),
);
/** A piece one page alone reaches joins that page's file (rule 1): its imports are that page's. */
function pageOwning(file) {
  if (storefrontPage(file)) return file;
  const routes = routesReachingFile.get(file);
  if (!routes || routes.size !== 1 || onePerPage.has(file)) return null;
  const [route] = routes;
  return storefrontPage(route) ? route : null;
}
const copied = new Set(
  [...pagesReaching.keys()]
    .filter((file) => file.startsWith(sharedDir) && !onePerPage.has(file) && !pageOwning(file))
    .filter((file) => fs.statSync(file).size < COPY_BELOW_BYTES && !holdsState(file)),
);
// A piece imported by a shared piece that stays shared stays shared too (else the page would
// load it twice: its copy and the original), until nothing changes.
for (let changed = true; changed;) {
  changed = false;
  for (const file of pagesReaching.keys()) {
    if (pageOwning(file) || copied.has(file)) continue;
    for (const imported of esbuildImportsOf(file)) {
      if (copied.delete(imported)) changed = true;
    }
  }
}
if (process.env.FOLD_DEBUG) {
  for (const file of pagesReaching.keys()) {
    if (!file.startsWith(sharedDir) || copied.has(file) || pageOwning(file)) continue;
    const size = fs.statSync(file).size;
    const why = onePerPage.has(file)
      ? "layout"
      : size >= COPY_BELOW_BYTES
        ? "big"
        : holdsState(file)
          ? "state"
          : "imported by shared";
    console.log("stays shared", path.basename(file), size, why);
  }
}
const COPY = "?for=";
const withoutCopy = (id) => id.split(COPY)[0];

const bundle = await rollup({
  input: Object.fromEntries([...entryNames].map(([file, name]) => [name, file])),
  treeshake: { moduleSideEffects: false },
  // A route's file may export more than Remix reads (what it now shares with other routes).
  preserveEntrySignatures: "allow-extension",
  plugins: [
    {
      // esbuild's "/build/…" URLs are files; a page's static import of a small shared piece
      // resolves to the page's own copy (rule 0).
      name: "public-build-urls",
      resolveDynamicImport(source, importer) {
        if (typeof source !== "string" || !importer) return null;
        return resolveFrom(withoutCopy(importer), source);
      },
      resolveId(source, importer) {
        const file = importer
          ? resolveFrom(withoutCopy(importer), source)
          : resolveFrom("", source);
        if (!file) return null;
        const page = !importer
          ? null
          : importer.includes(COPY)
            ? importer.split(COPY)[1]
            : pageOwning(importer);
        return page && copied.has(file) ? `${file}${COPY}${page}` : file;
      },
      load: (id) => (id.includes(COPY) ? fs.readFileSync(withoutCopy(id), "utf8") : null),
    },
  ],
  onwarn(warning, warn) {
    // esbuild's chunks import each other both ways; Rollup keeps their order of execution.
    if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning);
  },
});

/** The route files that reach a module through static imports. */
const reachedBy = new Map();
function routesReaching(id, getModuleInfo) {
  if (reachedBy.has(id)) return reachedBy.get(id);
  const found = new Set();
  const seen = new Set([id]);
  const stack = [id];
  while (stack.length) {
    const at = stack.pop();
    if (entries.has(at)) found.add(at);
    for (const importer of getModuleInfo(at)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      stack.push(importer);
    }
  }
  const list = [...found];
  reachedBy.set(id, list);
  return list;
}

function chunkOf(id, { getModuleInfo }) {
  if (id.includes(COPY)) return entryNames.get(id.split(COPY)[1]);
  const users = routesReaching(id, getModuleInfo);
  if (users.length === 0) return undefined; // only behind import(): its own chunk
  const wrapping = lineage(users[0])
    .reverse()
    .find((route) => users.includes(route) && users.every((user) => lineage(user).includes(route)));
  if (wrapping) return entryNames.get(wrapping);
  if (users.some((user) => storefrontLayouts.has(user))) return entryNames.get(rootFile);
  const storefront = users.filter((user) => !backOffice(user));
  const set = (storefront.length > 0 ? storefront : users).map((user) => entryNames.get(user));
  return `shared-${crypto.createHash("sha256").update(set.sort().join("\n")).digest("hex").slice(0, 12)}`;
}

const esbuildChunks = fs
  .readdirSync(path.join(buildDir, "_shared"))
  .filter((n) => n.endsWith(".js")).length;
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-fold-"));
const { output } = await bundle.write({
  dir: outDir,
  format: "es",
  compact: true,
  // The route ids' own characters ($, [.]) stay: they are the files' names.
  sanitizeFileName: (name) => name,
  plugins: [minifyAgain],
  entryFileNames: "[name]-[hash].js",
  chunkFileNames: "_shared/chunk-[hash].js",
  hashCharacters: "base36",
  manualChunks: chunkOf,
  // React, React DOM and Remix run almost whole during hydration: V8 compiles this file's
  // functions while it streams in, off the main thread, instead of each at its first call
  // (Chrome 136's explicit compile hints; other browsers read a comment; decision 118).
  banner: (chunk) =>
    chunk.isEntry && chunk.facadeModuleId === entryFile ? "//# allFunctionsCalledOnLoad" : "",
});
await bundle.close();
if (process.env.FOLD_REPORT) {
  // Which of esbuild's files went into each new one (for reading what a page loads).
  const report = Object.fromEntries(
    output
      .filter((item) => item.type === "chunk")
      .map((c) => [c.fileName, Object.keys(c.modules).map((id) => path.relative(buildDir, id))]),
  );
  fs.writeFileSync(process.env.FOLD_REPORT, JSON.stringify(report, null, 1));
}

/** Old URL → new URL of each entry, and each new entry's static imports, nearest first. */
const renamed = new Map();
const importsOf = new Map();
const chunks = new Map(output.filter((item) => item.type === "chunk").map((c) => [c.fileName, c]));
function staticClosure(fileName, found = new Set()) {
  for (const imported of chunks.get(fileName).imports) {
    if (!found.has(imported)) staticClosure(imported, found.add(imported));
  }
  return found;
}
for (const chunk of chunks.values()) {
  if (!chunk.isEntry) continue;
  const oldUrl = urlOf(chunk.facadeModuleId);
  const newUrl = `/build/${chunk.fileName}`;
  renamed.set(oldUrl, newUrl);
  importsOf.set(
    newUrl,
    [...staticClosure(chunk.fileName)].map((name) => `/build/${name}`),
  );
}
// Remix reads entry.client's imports as a list, a route's as a list or nothing.
const newEntry = renamed.get(manifest.entry.module);
const entryImports = new Set([newEntry, ...importsOf.get(newEntry)]);
/** What Remix preloads for a route: its imports, less entry.client and what it brings anyway. */
const preloads = (moduleUrl) =>
  moduleUrl === newEntry
    ? importsOf.get(newEntry)
    : importsOf.get(moduleUrl).filter((url) => !entryImports.has(url));

// Replace the old scripts with the new ones (stylesheets and other assets stay).
function removeScripts(folder) {
  for (const item of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, item.name);
    if (item.isDirectory()) removeScripts(full);
    else if (/\.js(\.br|\.gz)?$/.test(item.name) && full !== manifestFile) fs.rmSync(full);
  }
}
removeScripts(buildDir);
fs.cpSync(outDir, buildDir, { recursive: true });
fs.rmSync(outDir, { recursive: true, force: true });

// Both copies of the manifest: `"module":"…","imports":[…]` (JSON) and `module: "…", imports: […]`.
let rewrites = 0;
function rewriteManifest(text, pattern, render) {
  return text.replace(pattern, (match, moduleUrl) => {
    const newUrl = renamed.get(moduleUrl);
    if (!newUrl) return match;
    rewrites++;
    return render(newUrl, preloads(newUrl));
  });
}
fs.writeFileSync(
  manifestFile,
  rewriteManifest(
    manifestText,
    /"module":"([^"]+)"(?:,"imports":\[[^\]]*\])?/g,
    (url, imports) =>
      `"module":${JSON.stringify(url)}` +
      (imports.length || url === newEntry ? `,"imports":${JSON.stringify(imports)}` : ""),
  ),
);
const serverText = fs.readFileSync(serverBuild, "utf8");
fs.writeFileSync(
  serverBuild,
  rewriteManifest(
    serverText,
    /module: "([^"]+)", imports: (?:\[[^\]]*\]|void 0)/g,
    (url, imports) =>
      `module: ${JSON.stringify(url)}, imports: ` +
      (imports.length || url === newEntry ? JSON.stringify(imports) : "void 0"),
  ),
);
const expected = 2 * entries.size;
if (rewrites !== expected) {
  throw new Error(`fold-chunks: rewrote ${rewrites} manifest entries, expected ${expected}`);
}
const shared = [...chunks.values()].filter((chunk) => !chunk.isEntry).length;
console.log(
  `[fold-chunks] ${esbuildChunks} chunks of esbuild's → ${shared} (and ${entries.size} route files)`,
);
