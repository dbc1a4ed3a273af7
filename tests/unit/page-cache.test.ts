import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  inlineScriptHashes,
  isCurrent,
  MAX_AGE_MS,
  PageStore,
  sharedPageKey,
  type CachedPage,
} from "~/utils/page-cache.server";

const get = (url: string, headers: Record<string, string> = {}) =>
  sharedPageKey({ method: "GET", url, headers: { host: "tienda.test", ...headers } });

describe("sharedPageKey", () => {
  it("keys the storefront pages of a visitor with no cookie but the theme", async () => {
    for (const url of ["/", "/catalog?page=2", "/search?q=dior", "/product/bleu", "/privacy"]) {
      expect(await get(url), url).not.toBeNull();
    }
    expect(await get("/faq", { cookie: "theme=ImRhcmsi" })).not.toBe(await get("/faq"));
  });

  it("keys 'Modo ligero' apart: the Save-Data header, and the cookie that overrides it (098)", async () => {
    const plain = await get("/catalog");
    const light = await get("/catalog", { "save-data": "on" });
    expect(light).not.toBeNull();
    expect(light).not.toBe(plain);
    // The cookie's value is a signed-less JSON string, as Remix's createCookie writes it.
    const cookie = (value: string) =>
      `lite=${Buffer.from(JSON.stringify(value)).toString("base64")}`;
    expect(await get("/catalog", { cookie: cookie("on") })).toBe(light);
    expect(await get("/catalog", { cookie: cookie("off"), "save-data": "on" })).toBe(plain);
  });

  it("refuses personal pages, data requests, prefetches, writes and every other cookie", async () => {
    for (const url of [
      "/cart",
      "/checkout",
      "/account",
      "/admin",
      "/login",
      "/wishlist",
      "/resources/search-suggestions?q=a",
      "/catalog?_data=routes%2F_store.catalog",
      "/?index",
      `/catalog?search=${"a".repeat(400)}`,
    ]) {
      expect(await get(url), url).toBeNull();
    }
    expect(await get("/", { "sec-purpose": "prefetch" })).toBeNull();
    expect(await sharedPageKey({ method: "POST", url: "/", headers: {} })).toBeNull();
    for (const cookie of ["perfumeria_session=x", "recently_viewed=WzFd", "theme=ImRhcmsi; a=1"]) {
      expect(await get("/", { cookie }), cookie).toBeNull();
    }
  });

  it("is the same for the same query in any order, and differs by host and invalid theme", async () => {
    expect(await get("/catalog?sort=price-low&brand=3")).toBe(
      await get("/catalog?brand=3&sort=price-low"),
    );
    expect(await get("/")).not.toBe(await get("/", { host: "otro.test" }));
    // An unreadable theme cookie renders the system theme: the same page.
    expect(await get("/", { cookie: "theme=basura" })).toBe(await get("/"));
  });
});

describe("PageStore", () => {
  const page = (bytes: number): CachedPage => ({
    version: 1,
    stock: null,
    storedAt: 0,
    etag: 'W/"x"',
    headers: [],
    body: Buffer.alloc(bytes),
    gzipped: Buffer.alloc(0),
  });

  it("drops the least recently used page past its count or its bytes", () => {
    const store = new PageStore(2, 1000);
    store.set("a", page(10));
    store.set("b", page(10));
    store.get("a");
    store.set("c", page(10));
    expect(store.get("b")).toBeUndefined();
    expect(store.get("a")).toBeDefined();

    store.set("big", page(995));
    expect(store.size).toBe(1);
    expect(store.get("big")).toBeDefined();
  });
});

describe("isCurrent", () => {
  const stored = { version: 7, stock: 4, storedAt: 1_000 };

  it("serves a page rendered at the current version, with the product's current stock", () => {
    expect(isCurrent(stored, { version: 7, stock: 4 }, 1_000 + MAX_AGE_MS - 1)).toBe(true);
    expect(isCurrent({ ...stored, stock: null }, { version: 7, stock: null }, 1_000)).toBe(true);
  });

  it("renders again after any bump, a sale of the product, or its maximum age (decision 115)", () => {
    expect(isCurrent(stored, { version: 8, stock: 4 }, 1_000)).toBe(false);
    expect(isCurrent(stored, { version: 7, stock: 3 }, 1_000)).toBe(false);
    expect(isCurrent(stored, { version: 7, stock: null }, 1_000)).toBe(false);
    expect(isCurrent(stored, { version: 7, stock: 4 }, 1_000 + MAX_AGE_MS)).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only", () => {
    const hashes = inlineScriptHashes(
      '<script nonce="">window.a=1</script><script src="/build/x.js"></script><script type="module">import "/b.js"</script>',
    );
    const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("base64");
    expect(hashes).toEqual([
      `'sha256-${sha256("window.a=1")}'`,
      `'sha256-${sha256('import "/b.js"')}'`,
    ]);
  });
});
