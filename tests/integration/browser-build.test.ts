import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 23, decision 113: the browser build as scripts/fold-chunks.mjs leaves it. Read from the
 * files `npm run build` wrote (the sizes are measured by `npm run bench:load`, not here).
 */
const buildDir = path.resolve(import.meta.dirname, "../../public/build");
const serverBuild = path.resolve(import.meta.dirname, "../../build/index.js");

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
};

function readManifest(): Manifest {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No client manifest: run `npm run build` first.");
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const manifest = readManifest();
const onDisk = (url: string) => path.join(buildDir, url.slice("/build/".length));

/** The pages a shopper reaches (issue 23), by the route that renders each. */
const SHOPPER_PAGES = {
  "/": "routes/_store._index",
  "/catalog": "routes/_store.catalog",
  "/productos-por-encargo": "routes/_store.productos-por-encargo",
  "/search": "routes/_store.search",
  "/product/:slug": "routes/_store.product.$slug",
  "/cart": "routes/_store.cart",
  "/checkout": "routes/_store.checkout",
  "/login": "routes/_auth.login",
  "/register": "routes/_auth.register",
  "/track-order": "routes/_store.track-order",
  "/order-success": "routes/_store.order-success",
  "/profile": "routes/_store.profile._index",
  "/wishlist": "routes/_store.wishlist",
};

/** The scripts a first load of the page fetches: entry.client, then each route from root down. */
function firstLoad(routeId: string) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId)
    chain.unshift(id);
  for (const id of chain) {
    const route = manifest.routes[id];
    expect(route, id).toBeDefined();
    files.add(route.module);
    for (const url of route.imports ?? []) files.add(url);
  }
  return [...files];
}

/** The scripts a file imports: statically (`import … from`, `import "…"`), or also on demand. */
function importsOf(file: string, { onDemand = false } = {}) {
  const code = fs.readFileSync(file, "utf8");
  const pattern = onDemand
    ? /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']/g
    : /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;
  return [...code.matchAll(pattern)].map(([, spec]) => path.resolve(path.dirname(file), spec));
}

/** Every script of the build but the manifest. */
function walkFiles() {
  return fs
    .readdirSync(buildDir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".js") && !name.startsWith("manifest-"))
    .map((name) => path.join(buildDir, name));
}

describe("the browser build, folded (decision 113)", () => {
  it("loads at most 20 scripts on the first load of every shopper page, none of them an empty stand-in", () => {
    for (const [page, routeId] of Object.entries(SHOPPER_PAGES)) {
      const files = firstLoad(routeId);
      expect(files.length, `${page}: ${files.join(", ")}`).toBeLessThanOrEqual(20);
      for (const url of files) {
        // The compiler's stand-in for a `*.server` import is a module holding `module.exports = {}`;
        // a file must hold more than its imports, its exports and such stand-ins.
        const code = fs
          .readFileSync(onDisk(url), "utf8")
          .replace(/\bimport\s*(?:[^;"']*?from\s*)?["'][^"']+["'];?/g, "")
          .replace(/\bexport\s*\{[^}]*\};?/g, "")
          .replace(/var \w+=[\w$]+\(\(\w+,(\w+)\)=>\{\1\.exports=\{\};?\}\);?/g, "");
        expect(code.trim(), `${page} loads ${url}, an empty chunk`).not.toBe("");
        expect(fs.existsSync(`${onDisk(url)}.br`), `${url}.br`).toBe(true);
      }
    }
  });

  it("preloads exactly the scripts each route module imports (import() chunks load on demand)", () => {
    const closure = (file: string, found = new Set<string>()) => {
      for (const imported of importsOf(file)) {
        if (!found.has(imported)) closure(imported, found.add(imported));
      }
      return found;
    };
    const entry = onDisk(manifest.entry.module);
    const fromEntry = closure(entry).add(entry);
    expect([...closure(entry)].sort()).toEqual(manifest.entry.imports.map(onDisk).sort());
    for (const [id, route] of Object.entries(manifest.routes)) {
      const needed = [...closure(onDisk(route.module))].filter((file) => !fromEntry.has(file));
      expect((route.imports ?? []).map(onDisk).sort(), id).toEqual(needed.sort());
    }
    for (const file of walkFiles()) {
      for (const imported of importsOf(file, { onDemand: true })) {
        expect(fs.existsSync(imported), `${file} imports ${imported}`).toBe(true);
      }
    }
  });

  it("has no cycle of static imports between files, so no file runs before one it imports", () => {
    // An import() that leads back (an error screen's chunk using root's parts) runs later: no cycle.
    const files = walkFiles();
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === "done") return;
      expect(state.get(file), `cycle: ${[...trail, file].join(" → ")}`).not.toBe("visiting");
      state.set(file, "visiting");
      for (const imported of importsOf(file)) visit(imported, [...trail, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
  });

  it("asks V8 to compile entry.client's file as it streams in, and no other (decision 118)", () => {
    const hint = "//# allFunctionsCalledOnLoad\n";
    expect(fs.readFileSync(onDisk(manifest.entry.module), "utf8").startsWith(hint)).toBe(true);
    const others = Object.values(manifest.routes).map((route) => route.module);
    for (const url of others) {
      expect(fs.readFileSync(onDisk(url), "utf8").startsWith(hint), url).toBe(false);
    }
  });

  it("copies small shared code into the pages, but the receipt's slots stay one per tab (decision 160)", () => {
    // The slots (proof-uploads.ts) outlive their page: the success page's upload goes on from
    // the tracking page, so every page must reach the same module, in one file of the build.
    const holders = walkFiles().filter((file) =>
      fs.readFileSync(file, "utf8").includes("Se cortó la subida del comprobante"),
    );
    expect(holders.map((file) => path.relative(buildDir, file))).toHaveLength(1);
    // A piece copied into pages is in their files, not in a file of its own they also load:
    // the badge's colours are written once in a page's first load.
    for (const [page, routeId] of Object.entries(SHOPPER_PAGES)) {
      const withBadges = firstLoad(routeId).filter((url) =>
        fs.readFileSync(onDisk(url), "utf8").includes("bg-success-soft text-success"),
      );
      expect(withBadges.length, `${page}: ${withBadges.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("gives the server the same manifest the browser reads", () => {
    const server = fs.readFileSync(serverBuild, "utf8");
    for (const route of Object.values(manifest.routes)) {
      const imports = route.imports ? JSON.stringify(route.imports) : "void 0";
      expect(server).toContain(`module: ${JSON.stringify(route.module)}, imports: ${imports}`);
    }
  });
});
