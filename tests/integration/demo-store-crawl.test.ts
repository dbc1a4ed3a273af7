import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "../../seed/data/people";
import { openStore } from "../../db/connection";
import { startServer } from "../setup/http-server";
import { enrolTwoFactor, passSecondStepOverHttp } from "../setup/two-factor";

/*
 * Crawls the seeded demo store over real HTTP, as each kind of visitor (the admin in each
 * theme), and checks every HTML page for the bytes React 18's streaming renderer can corrupt (see
 * `withoutUnfilledViewBytes` in app/entry.server.tsx): a NUL, or the U+FFFD a browser shows for
 * a broken character. Where the corruption lands depends on every byte before it, so the crawl
 * covers many pages, both themes and each identity, rather than one known page.
 */

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-crawl-"));
const ADMIN = { email: "admin@perfumeria.hn", password: "clave-del-rastreo-2024" };

/**
 * Query variants per crawl (a list's next page, a sort, a filter), fetched once every path has
 * been: the variants render the same templates over other rows, so a hundred of them add
 * different bytes without fetching every combination. The admin's crawl has the most paths
 * (351 in the demo store: every product page and, in the back office, every product, order and
 * brand screen); the visitor's and the customer's about 130.
 */
const MAX_VARIANTS = 100;
const CONCURRENCY = 4;

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  // What `npm start` does on an empty DATA_DIR: migrate and seed (scripts/setup.ts), then serve.
  const store = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  await promisify(execFile)(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/setup.ts"], {
    cwd: root,
    env: { ...process.env, ...store, NODE_ENV: "production" },
  });
  server = await startServer(store);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);

async function post(pathname: string, fields: Record<string, string>) {
  return fetch(server.baseUrl + pathname, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

async function signIn(identity: Identity) {
  if (identity === "visitor") return [];
  let response =
    identity === "admin"
      ? await post("/admin-access", ADMIN)
      : await post("/login", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
  if (identity === "admin") {
    // The second step (decision 163): the seeded administrator, enrolled in the crawl's store.
    response = await passSecondStepOverHttp(server, response, (await adminCodes()).pop()!);
  }
  expect(response.status, `${identity} sign-in`).toBe(302);
  return cookiesOf(response);
}

let recoveryCodes: string[] | undefined;
async function adminCodes() {
  if (!recoveryCodes) {
    // The crawl's store: its SQLite file, or under `npm run test:pg` this file's PostgreSQL
    // database, which scripts/setup.ts seeded because DATABASE_URL reached it too.
    const store = openStore({ dataDir, databaseUrl: process.env.DATABASE_URL });
    const admin = await store
      .selectFrom("users")
      .select("id")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    recoveryCodes = (await enrolTwoFactor(store, admin.id)).recoveryCodes;
    await store.destroy();
  }
  return recoveryCodes;
}

async function themeCookie(theme: "light" | "dark") {
  const cookies = cookiesOf(await post("/theme", { theme }));
  expect(cookies, `theme cookie for ${theme}`).toHaveLength(1);
  return cookies;
}

const NUL = Buffer.from([0x00]);
const REPLACEMENT_CHARACTER = Buffer.from("\uFFFD");

function corruptionsOf(html: Buffer) {
  return [
    { name: "NUL", at: html.indexOf(NUL) },
    { name: "U+FFFD", at: html.indexOf(REPLACEMENT_CHARACTER) },
  ]
    .filter(({ at }) => at >= 0)
    .map(({ name, at }) => `${name} at byte ${at}`);
}

type Page = { url: string; status: number; html: Buffer | null };

/** A link as `pathname?sorted-query` (no fragment), or null if it leaves the store or signs out. */
function crawlable(href: string, base: string) {
  const url = new URL(href, base);
  if (url.origin !== server.origin || url.pathname === "/logout") return null;
  url.searchParams.sort();
  return url.pathname + url.search;
}

function linksOf(html: string, pageUrl: string) {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)]
    .map(([, href]) => crawlable(href.replaceAll("&amp;", "&"), pageUrl))
    .filter((link) => link !== null);
}

/**
 * Breadth-first over `<a href>` links and redirects, GET only. A path never fetched goes
 * before a pagination link, which goes before any other query variant of a fetched path; every
 * path is fetched, then MAX_VARIANTS variants.
 */
async function crawl(cookie: string, start: string[]) {
  const seen = new Set(start);
  const pending = [...start];
  const fetchedPaths = new Set<string>();
  const pages: Page[] = [];

  const rank = (link: string) => {
    const url = new URL(link, server.origin);
    if (!fetchedPaths.has(url.pathname)) return 0;
    return url.searchParams.has("page") ? 1 : 2;
  };
  const enqueue = (link: string) => {
    if (seen.has(link)) return;
    seen.add(link);
    pending.push(link);
  };

  let variants = 0;
  while (pending.length > 0) {
    pending.sort((a, b) => rank(a) - rank(b)); // stable: breadth-first within a rank
    if (rank(pending[0]) > 0 && variants >= MAX_VARIANTS) break;
    const batch = pending.splice(0, CONCURRENCY);
    for (const link of batch) {
      if (rank(link) > 0) variants++;
      fetchedPaths.add(new URL(link, server.origin).pathname);
    }
    await Promise.all(
      batch.map(async (link) => {
        const url = server.baseUrl + link;
        const response = await fetch(url, { redirect: "manual", headers: { Cookie: cookie } });
        const location = response.headers.get("location");
        const redirectTo = location ? crawlable(location, url) : null;
        if (redirectTo) enqueue(redirectTo);
        const isHtml = response.headers.get("content-type")?.startsWith("text/html") ?? false;
        const html = isHtml ? Buffer.from(await response.arrayBuffer()) : null;
        if (!isHtml) await response.body?.cancel();
        pages.push({ url: link, status: response.status, html });
        if (html) linksOf(html.toString("utf8"), url).forEach(enqueue);
      }),
    );
  }
  return { pages, fetchedPaths };
}

type Identity = "visitor" | "customer" | "admin";

/** Paths each crawl must reach, so that it cannot pass by fetching next to nothing. */
const MUST_VISIT: Record<Identity, string[]> = {
  visitor: ["/", "/catalog", "/search", "/cart", "/login", "/register", "/faq"],
  customer: ["/catalog", "/account", "/orders", "/profile", "/wishlist", "/notifications"],
  admin: ["/catalog", "/admin", "/admin/orders", "/admin/products", "/admin/users"],
};

describe.each(["visitor", "customer", "admin"] as const)(
  "the demo store crawled by the %s",
  (identity) => {
    // The dark theme's pages differ from the light ones by their first bytes only: it shifts
    // every byte after, which is what the crawl varies. The admin's crawl, the longest (every
    // product, order and brand screen), takes it; the others, mostly the same store pages, not.
    it.each(identity === "admin" ? (["light", "dark"] as const) : (["light"] as const))(
      "serves no NUL byte and no U+FFFD on any page it links to (%s theme)",
      async (theme) => {
        const cookie = [...(await signIn(identity)), ...(await themeCookie(theme))].join("; ");
        const { pages, fetchedPaths } = await crawl(cookie, ["/", "/account", "/admin"]);

        expect([...fetchedPaths]).toEqual(expect.arrayContaining(MUST_VISIT[identity]));
        expect([...fetchedPaths].filter((p) => p.startsWith("/product/")).length).toBeGreaterThan(
          50,
        );
        if (identity === "customer")
          expect([...fetchedPaths].some((p) => p.startsWith("/order-confirmation/"))).toBe(true);
        expect(pages.filter((page) => page.status >= 500).map((page) => page.url)).toEqual([]);

        const htmlPages = pages.filter((page) => page.html !== null);
        expect(htmlPages.length).toBeGreaterThan(100);
        const themed = `<html lang="es-HN" class="${theme}">`;
        expect(
          htmlPages.filter((page) => !page.html?.includes(themed)).map((page) => page.url),
        ).toEqual([]);
        const corrupted = pages.flatMap(({ url, html }) =>
          html ? corruptionsOf(html).map((found) => `${url}: ${found}`) : [],
        );
        expect(corrupted).toEqual([]);
      },
      60_000,
    );
  },
);
