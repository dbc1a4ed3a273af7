import crypto from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import { databasePath, isPostgres } from "#db/connection";
import { db } from "./db.server";
import { getEnv } from "./env.server";
import { LITE_COOKIE_NAME, liteModeFrom } from "./save-data.server";
import { themeFromCookieHeader } from "./theme.server";

/*
 * Issue 11: a first-time visitor's storefront page is the same for everyone who sends the same
 * URL, host and theme, so it is rendered once per catalogue version and kept in memory
 * (decision 067). scripts/server.mjs asks `servePageFromCache` before Remix runs:
 * a hit costs a lookup and a write; a miss carries a ticket (the key and the version read
 * *before* the loaders ran) to app/entry.server.tsx, which renders the page once in full and
 * gives it to `rememberSharedPage`.
 */

/** The storefront pages that show nothing personal to a visitor without cookies. */
const SHARED_PAGES =
  /^\/(|catalog|search|product\/[^/]+|contact|faq|authenticity|cookies|privacy|terms|returns|productos-por-encargo)$/;

/** A product page: it shows its exact stock, checked on every hit (decision 115). */
const PRODUCT_PAGE = /^\/product\/([^/]+)$/;

/** The only cookies a first-time visitor may send: D5's theme and 'Modo ligero' (098), keyed. */
const SHARED_COOKIES = new Set(["theme", LITE_COOKIE_NAME]);

/**
 * The one cookie a shared page may set: the product page records the product as recently
 * viewed (D5). For a visitor who sent no such cookie its value depends on the URL alone.
 */
const SHAREABLE_SET_COOKIE = /^recently_viewed=/;

/** Longer query strings are not worth a slot: they are rendered every time. */
const MAX_QUERY_LENGTH = 300;

const MAX_PAGES = 400;
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * A sale does not bump the version (decision 115), so the 'Más vendidos' order a stored page
 * shows may lag behind the sales: it is rendered again at most this long after it was stored.
 */
export const MAX_AGE_MS = 60_000;

/**
 * What a stored page was rendered from: the catalogue version and, for a product page, the
 * product's stock (null elsewhere, and for a slug that names no product).
 */
export type PageStamp = { version: number; stock: number | null };

/** Issued by `servePageFromCache` on a miss; passed to the render through the load context. */
export type PageCacheTicket = PageStamp & { key: string };

export type CachedPage = PageStamp & {
  storedAt: number;
  etag: string;
  headers: [string, string][];
  body: Buffer;
  gzipped: Buffer;
};

/** A least-recently-used map of pages, bounded in count and in bytes. */
export class PageStore {
  #pages = new Map<string, CachedPage>();
  #bytes = 0;

  constructor(
    private readonly maxPages = MAX_PAGES,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  get size() {
    return this.#pages.size;
  }

  get(key: string) {
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage) {
    this.delete(key);
    this.#pages.set(key, page);
    this.#bytes += sizeOf(page);
    for (const [oldest] of this.#pages) {
      if (this.#pages.size <= this.maxPages && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= sizeOf(page);
  }
}

function sizeOf(page: CachedPage) {
  return page.body.length + page.gzipped.length;
}

const pages = new PageStore();

/*
 * Read on every lookup. On SQLite, synchronously on a read-only connection of its own: a hit
 * never waits for the app connection, which a transaction may hold across awaits. (db.server,
 * imported above, has migrated the file before this module runs.) On PostgreSQL, one query
 * through the pool, so that a write through any server is seen by the next request here.
 */
let statements:
  { version: SQLite.Statement<[], number>; stock: SQLite.Statement<[string], number> } | undefined;

function readStatements() {
  if (!statements) {
    const reader = new SQLite(databasePath(getEnv().DATA_DIR), { readonly: true });
    statements = {
      version: reader
        .prepare<[], number>("SELECT version FROM page_cache_version WHERE id = 1")
        .pluck(),
      stock: reader.prepare<[string], number>("SELECT stock FROM products WHERE slug = ?").pluck(),
    };
  }
  return statements;
}

/**
 * The catalogue version, bumped by triggers in every write's transaction (migrations
 * 20261223T0200 and 20261229T0100: a sale only when a product sells out or comes back).
 */
export async function currentPageVersion(): Promise<number> {
  return (await readStamp(null)).version;
}

async function readStamp(slug: string | null): Promise<PageStamp> {
  if (!isPostgres(db)) {
    const { version, stock } = readStatements();
    return { version: version.get() ?? 0, stock: slug === null ? null : (stock.get(slug) ?? null) };
  }
  const row = await db
    .selectFrom("pageCacheVersion")
    .select((eb) => [
      "version",
      slug === null
        ? eb.val(null).as("stock")
        : eb.selectFrom("products").select("stock").where("slug", "=", slug).as("stock"),
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  return { version: row?.version ?? 0, stock: slug === null ? null : (row?.stock ?? null) };
}

/** The stamp a page at `pathname` is rendered from now: the version, and a product's stock. */
export async function currentPageStamp(pathname: string): Promise<PageStamp> {
  const product = PRODUCT_PAGE.exec(pathname);
  let slug: string | null = null;
  try {
    slug = product ? decodeURIComponent(product[1]) : null;
  } catch {
    // A malformed escape names no product: its page is a 404, never stored.
  }
  return readStamp(slug);
}

const storeDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Tegucigalpa" });

function header(headers: IncomingHttpHeaders, name: string) {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function cookieNames(cookieHeader: string) {
  return cookieHeader
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter(Boolean);
}

/**
 * The key of a request's shared page, or null when the request must be rendered for itself:
 * not a GET or HEAD of an allowed page, a data request, a prefetch (it must not record a
 * recently viewed product), or any cookie but the theme's (a session, a cart, a toast, a
 * recently-viewed list). The key holds what the page shows besides the catalogue: the origin
 * (share links), the query, the theme, 'Modo ligero' and the store's date (legal texts show today's date).
 */
async function sharedPage(request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}) {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = new URL(request.url ?? "/", "http://localhost");
  if (!SHARED_PAGES.test(url.pathname)) return null;
  if (url.search.length > MAX_QUERY_LENGTH) return null;
  if (url.searchParams.has("_data") || url.searchParams.has("index")) return null;
  const purpose = header(request.headers, "sec-purpose") ?? header(request.headers, "purpose");
  if (purpose?.includes("prefetch")) return null;
  const cookies = header(request.headers, "cookie") ?? "";
  if (cookieNames(cookies).some((name) => !SHARED_COOKIES.has(name))) return null;

  const query = [...url.searchParams].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  const proto = header(request.headers, "x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  const host =
    header(request.headers, "x-forwarded-host")?.split(",")[0]?.trim() ||
    header(request.headers, "host") ||
    "";
  const key = JSON.stringify([
    `${proto}://${host}`,
    url.pathname,
    query,
    await themeFromCookieHeader(cookies || null),
    await liteModeFrom(cookies || null, header(request.headers, "save-data") ?? null),
    storeDay.format(new Date()),
  ]);
  return { key, pathname: url.pathname };
}

/** The key alone, as the tests read it. */
export async function sharedPageKey(request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}) {
  return (await sharedPage(request))?.key ?? null;
}

/** What to do with a request: serve a stored page, render it for the cache, or neither. */
export async function lookUpSharedPage(request: {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}): Promise<{ page: CachedPage } | { ticket: PageCacheTicket } | null> {
  const shared = await sharedPage(request);
  if (shared === null) return null;
  const { key, pathname } = shared;
  const stamp = await currentPageStamp(pathname);
  const page = pages.get(key);
  if (page && isCurrent(page, stamp, Date.now())) return { page };
  if (page) pages.delete(key);
  return request.method === "GET" ? { ticket: { key, ...stamp } } : null;
}

/** A stored page may be served: rendered from the current stamp, and not too long ago. */
export function isCurrent(page: PageStamp & { storedAt: number }, stamp: PageStamp, now: number) {
  return (
    page.version === stamp.version && page.stock === stamp.stock && now - page.storedAt < MAX_AGE_MS
  );
}

/** The sha256 sources of a page's inline scripts, for a CSP that needs no nonce. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc\s*=/.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The cookies a response sets. Remix's `installGlobals` Headers has no `getSetCookie`, and
 * joins them with ", ": split where a new `name=` follows (an Expires date has a space first).
 */
function setCookies(headers: Headers) {
  const joined = headers.get("Set-Cookie");
  return joined ? joined.split(/,\s*(?=[^;,=\s]+=)/) : [];
}

function isShareable(status: number, headers: Headers) {
  return (
    status === 200 &&
    setCookies(headers).every((cookie) => SHAREABLE_SET_COOKIE.test(cookie)) &&
    !/\bno-store\b/.test(headers.get("Cache-Control") ?? "")
  );
}

/**
 * Keeps a page rendered for `ticket` when it can be shared, and returns its ETag (null when
 * it cannot be shared: an error page, a page that sets a personal cookie).
 */
export function rememberSharedPage(
  ticket: PageCacheTicket,
  response: { status: number; headers: Headers; body: Buffer },
) {
  if (!isShareable(response.status, response.headers)) return null;
  // Weak: the same page is sent as gzip or identity (and brotli by the compression middleware).
  const etag = `W/"${crypto.createHash("sha256").update(response.body).digest("base64url").slice(0, 27)}"`;
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers.push([name, value]);
  }
  for (const cookie of setCookies(response.headers)) headers.push(["set-cookie", cookie]);
  headers.push(["etag", etag]);
  pages.set(ticket.key, {
    version: ticket.version,
    stock: ticket.stock,
    storedAt: Date.now(),
    etag,
    headers,
    body: response.body,
    gzipped: zlib.gzipSync(response.body),
  });
  return etag;
}

function acceptsGzip(acceptEncoding: string | undefined) {
  return (acceptEncoding ?? "").split(",").some((coding) => {
    const [name, ...params] = coding.split(";").map((part) => part.trim());
    return name === "gzip" && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}

/** Answers with a stored page: 304 when the browser has it, gzip when it accepts it. */
export function sendCachedPage(
  page: CachedPage,
  request: { method?: string; headers: IncomingHttpHeaders },
  response: ServerResponse,
) {
  for (const [name] of page.headers) response.removeHeader(name);
  for (const [name, value] of page.headers) response.appendHeader(name, value);
  response.setHeader("Vary", "Cookie, Accept-Encoding");
  // Like a CDN's X-Cache: what bench:campaign counts, and what an owner can see in devtools.
  response.setHeader("X-Page-Cache", "hit");
  const ifNoneMatch = header(request.headers, "if-none-match");
  // If-None-Match compares weakly (RFC 9110 §13.1.2): the W/ prefix does not count.
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  if (ifNoneMatch?.split(",").some((tag) => ["*", opaque(page.etag)].includes(opaque(tag)))) {
    response.removeHeader("content-type");
    response.statusCode = 304;
    response.end();
    return;
  }
  const gzip = acceptsGzip(header(request.headers, "accept-encoding"));
  const body = gzip ? page.gzipped : page.body;
  if (gzip) response.setHeader("Content-Encoding", "gzip");
  response.setHeader("Content-Length", body.length);
  response.statusCode = 200;
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * Express middleware for scripts/server.mjs: serves a first-time visitor's page from memory,
 * or leaves a ticket in `res.locals.pageCache` for the render to store the page it makes.
 */
export function servePageFromCache(
  request: { method?: string; url?: string; headers: IncomingHttpHeaders },
  response: ServerResponse & { locals: Record<string, unknown> },
  next: (error?: unknown) => void,
) {
  lookUpSharedPage(request).then((found) => {
    if (found && "page" in found) return sendCachedPage(found.page, request, response);
    if (found) response.locals.pageCache = found.ticket;
    next();
  }, next);
}
