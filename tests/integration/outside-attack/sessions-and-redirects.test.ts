import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "~/models/customers/admin.server";
import { db } from "~/utils/db.server";
import { createProduct, type CreatedProduct } from "../../../seed/factories/catalog";
import { createUser } from "../../../seed/factories/users";
import { startServer } from "../../setup/http-server";
import { sessionCookie } from "../../setup/route-helpers";

/*
 * Issue 19, items 4 (open redirect after sign-in), 6 (sessions without idle expiry) and 8
 * (personal pages without Cache-Control): the requests of the outside attack, replayed against
 * the built server (scripts/server.mjs), each expecting the safe answer.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let product: CreatedProduct;
const PASSWORD = "clave-de-prueba-19";
let customer: { id: number; email: string };

beforeAll(async () => {
  server = await startServer();
  product = await createProduct(db, { name: "Ombré Réplica 19" });
  const email = `redirect-${Date.now()}@example.com`;
  const created = await createUser(db, {
    email,
    password: PASSWORD,
    firstName: "Rita",
    lastName: "Redirect",
    phone: null,
  });
  customer = { id: created.id, email };
});
afterAll(async () => {
  await server?.stop();
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(server.baseUrl + path, { redirect: "manual", headers });
}

/** Where a browser goes from this Location (WHATWG URL parsing, as browsers do). */
function followed(location: string | null) {
  expect(location).toBeTruthy();
  return new URL(location!, server.baseUrl);
}

function sessionSetCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .find((cookie) => /^(__Host-)?perfumeria_session=/.test(cookie));
}

describe("item 4: redirectTo never leaves the site and never gives a 500", () => {
  const HOSTILE: [string, string][] = [
    ["a tab (%2F%09%2Fevil.example)", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a vertical tab", "/\v/evil.example"],
    ["U+3000", "/\u3000/evil.example"],
    ["//", "//evil.example"],
    ["/\\", "/\\evil.example"],
    ["\\/", "\\/evil.example"],
    ["dot segments into //", "/.//evil.example"],
    ["https://evil", "https://evil.example/"],
    ["javascript:", "javascript:alert(document.cookie)"],
  ];

  /** Each route that takes a redirectTo, with a post that redirects, and its own fallback. */
  const ROUTES: {
    path: string;
    routeId: string;
    fallback: string;
    fields: () => Record<string, string>;
    cookie?: () => Promise<string>;
  }[] = [
    {
      path: "/login",
      routeId: "routes/_auth.login",
      fallback: "/catalog",
      fields: () => ({ email: customer.email, password: PASSWORD }),
    },
    { path: "/theme", routeId: "routes/theme", fallback: "/", fields: () => ({ theme: "dark" }) },
    {
      path: "/cart",
      routeId: "routes/_store.cart",
      fallback: "/cart",
      fields: () => ({ intent: "clear" }),
    },
    {
      path: "/resources/coupon",
      routeId: "routes/resources.coupon",
      fallback: "/cart",
      fields: () => ({ intent: "remove-coupon" }),
    },
    {
      path: "/wishlist",
      routeId: "routes/_store.wishlist",
      fallback: "/wishlist",
      fields: () => ({ intent: "remove", productId: String(product.id) }),
      cookie: () => sessionCookie({ userId: customer.id }),
    },
    {
      path: "/notifications",
      routeId: "routes/_store.notifications",
      fallback: "/notifications",
      fields: () => ({ intent: "mark-all-read" }),
      cookie: () => sessionCookie({ userId: customer.id }),
    },
  ];

  describe.each(ROUTES)("POST $path", (route) => {
    it.each(HOSTILE)("with %s: a document redirect to the fallback", async (_name, target) => {
      const cookie: Record<string, string> = route.cookie ? { Cookie: await route.cookie() } : {};
      const response = await post(route.path, { ...route.fields(), redirectTo: target }, cookie);
      expect(response.status).toBe(302);
      const to = followed(response.headers.get("location"));
      expect(to.origin).toBe(server.origin);
      expect(to.pathname).toBe(route.fallback);
    });

    it.each(HOSTILE)("with %s: X-Remix-Redirect to the fallback (?_data=)", async (_n, target) => {
      const cookie: Record<string, string> = route.cookie ? { Cookie: await route.cookie() } : {};
      const response = await post(
        `${route.path}?_data=${encodeURIComponent(route.routeId)}`,
        { ...route.fields(), redirectTo: target },
        cookie,
      );
      expect(response.status).toBe(204);
      const to = followed(response.headers.get("x-remix-redirect"));
      expect(to.origin).toBe(server.origin);
      expect(to.pathname).toBe(route.fallback);
    });
  });

  it("still goes back to a path of the site", async () => {
    const response = await post("/theme", {
      theme: "light",
      redirectTo: "/product/x?tab=resenas#detalles",
    });
    expect(response.headers.get("location")).toBe("/product/x?tab=resenas#detalles");
    const login = await post("/login", {
      email: customer.email,
      password: PASSWORD,
      redirectTo: "/orders?page=2",
    });
    expect(login.headers.get("location")).toBe("/orders?page=2");
  });
});

/** Minutes ago, as the ISO text the sessions table keeps. */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function sessionRow(userId: number) {
  return db
    .selectFrom("sessions")
    .select(["sid", "expire", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

async function setTimes(userId: number, times: { createdAt?: string; lastSeenAt?: string }) {
  await db.updateTable("sessions").set(times).where("userId", "=", userId).execute();
}

/** 200 while the admin is signed in; 302 to /login once the session has ended. */
async function adminStatus(cookie: string) {
  return (await get("/admin", { Cookie: cookie })).status;
}

describe("item 6: sessions end when idle and after a longest life, by role", () => {
  it("signs an admin out after 31 minutes idle", async () => {
    const admin = await createUser(db, { role: "admin" });
    const cookie = await sessionCookie({ userId: admin.id });
    expect(await adminStatus(cookie)).toBe(200);
    await setTimes(admin.id, { lastSeenAt: ago(31) });
    const response = await get("/admin", { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(await sessionRow(admin.id)).toBeUndefined();
  });

  it("signs an admin out after 12 hours despite activity", async () => {
    const admin = await createUser(db, { role: "admin" });
    const cookie = await sessionCookie({ userId: admin.id });
    await setTimes(admin.id, { createdAt: ago(12 * 60 + 1), lastSeenAt: ago(0.5) });
    expect(await adminStatus(cookie)).toBe(302);
  });

  it("keeps an admin in use, moving the last use and the expiry forward and renewing the cookie", async () => {
    const admin = await createUser(db, { role: "admin" });
    const cookie = await sessionCookie({ userId: admin.id });
    await setTimes(admin.id, { createdAt: ago(11 * 60), lastSeenAt: ago(29) });
    const response = await get("/admin", { Cookie: cookie });
    expect(response.status).toBe(200);
    const row = await sessionRow(admin.id);
    expect(Date.now() - Date.parse(row!.lastSeenAt)).toBeLessThan(10_000);
    // 30 minutes from now, within the 12 hours.
    expect(Date.parse(row!.expire) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(row!.expire) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const renewed = sessionSetCookie(response);
    expect(renewed?.split(";")[0]).toBe(cookie);
    expect(renewed).toMatch(/Max-Age=\d+/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    // Within the minute: no write, no cookie.
    const again = await get("/admin", { Cookie: cookie });
    expect(again.status).toBe(200);
    expect(sessionSetCookie(again)).toBeUndefined();
    expect((await sessionRow(admin.id))!.lastSeenAt).toBe(row!.lastSeenAt);

    // Near the end of the 12 hours the expiry is the end of its life, not 30 minutes on.
    await setTimes(admin.id, { createdAt: ago(12 * 60 - 10), lastSeenAt: ago(2) });
    expect(await adminStatus(cookie)).toBe(200);
    const late = await sessionRow(admin.id);
    expect(Date.parse(late!.expire) - Date.now()).toBeLessThan(11 * 60_000);
  });

  it("signs a customer out after 30 days idle, and keeps one used within them", async () => {
    const user = await createUser(db);
    const cookie = await sessionCookie({ userId: user.id });
    await setTimes(user.id, { createdAt: ago(40 * 24 * 60), lastSeenAt: ago(29 * 24 * 60) });
    expect((await get("/orders", { Cookie: cookie })).status).toBe(200);
    const row = await sessionRow(user.id);
    expect((Date.parse(row!.expire) - Date.now()) / 86_400_000).toBeGreaterThan(29.9);

    await setTimes(user.id, { lastSeenAt: ago(30 * 24 * 60 + 1) });
    expect((await get("/orders", { Cookie: cookie })).status).toBe(302);
    expect(await sessionRow(user.id)).toBeUndefined();
  });

  it("signs a customer out after 90 days however active", async () => {
    const user = await createUser(db);
    const cookie = await sessionCookie({ userId: user.id });
    await setTimes(user.id, { createdAt: ago(90 * 24 * 60 + 1), lastSeenAt: ago(1) });
    expect((await get("/orders", { Cookie: cookie })).status).toBe(302);
  });

  it("ends a guest's idle session (and with it the guest id) like a customer's", async () => {
    const guestId = crypto.randomUUID();
    const cookie = await sessionCookie({ guestId });
    const sid = () =>
      db
        .selectFrom("sessions")
        .select("sid")
        .where("sess", "like", `%${guestId}%`)
        .executeTakeFirst();
    expect(await sid()).toBeDefined();
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: ago(30 * 24 * 60 + 1) })
      .where("sess", "like", `%${guestId}%`)
      .execute();
    await get("/cart", { Cookie: cookie });
    expect(await sid()).toBeUndefined();
  });

  it("holds a customer made admin to the admin's limits on the same session", async () => {
    const user = await createUser(db);
    const admin = await createUser(db, { role: "admin" });
    const cookie = await sessionCookie({ userId: user.id });
    await setTimes(user.id, { createdAt: ago(13 * 60), lastSeenAt: ago(1) });
    expect((await get("/orders", { Cookie: cookie })).status).toBe(200);
    expect(await setUserRole(admin.id, user.id, "admin")).toEqual({ ok: true, changed: true });
    // 13 hours old: past an admin's life.
    expect(await adminStatus(cookie)).toBe(302);
  });

  it("over HTTPS names the cookie __Host-: Secure, Path=/, no Domain", async () => {
    const response = await post(
      "/login",
      { email: customer.email, password: PASSWORD },
      // Behind the proxy the site's origin is https (the Origin check compares schemes).
      { "X-Forwarded-Proto": "https", Origin: server.origin.replace(/^http:/, "https:") },
    );
    expect(response.status).toBe(302);
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatch(/^__Host-perfumeria_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    // And it signs in over HTTPS.
    const orders = await get("/orders", {
      Cookie: cookie.split(";")[0],
      "X-Forwarded-Proto": "https",
    });
    expect(orders.status).toBe(200);
  });
});

describe("item 8: personal pages are never stored by a browser or a shared cache", () => {
  it.each([
    ["a product page", () => `/product/${product.slug}`],
    ["/track-order", () => "/track-order"],
    ["/contact", () => "/contact"],
    ["/faq", () => "/faq"],
    ["/?_data=root", () => "/?_data=root"],
    ["/catalog", () => "/catalog"],
  ])("signed in, %s is private, no-store", async (_name, path) => {
    const cookie = await sessionCookie({ userId: customer.id });
    const response = await get(path(), { Cookie: cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    if (path().includes("_data")) expect(await response.text()).toContain(customer.email);
  });

  it("also under the __Host- cookie over HTTPS", async () => {
    const signIn = await post(
      "/login",
      { email: customer.email, password: PASSWORD },
      // Behind the proxy the site's origin is https (the Origin check compares schemes).
      { "X-Forwarded-Proto": "https", Origin: server.origin.replace(/^http:/, "https:") },
    );
    const cookie = sessionSetCookie(signIn)!.split(";")[0];
    const response = await get("/faq", { Cookie: cookie, "X-Forwarded-Proto": "https" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a response that starts a session is private, no-store", async () => {
    const response = await post(`/cart?_data=${encodeURIComponent("routes/_store.cart")}`, {
      intent: "add",
      productId: String(product.id),
    });
    expect(sessionSetCookie(response)).toBeDefined();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a visitor without a cookie still gets the shared page", async () => {
    const path = `/product/${product.slug}`;
    const first = await get(path);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control") ?? "").not.toMatch(/no-store/);
    const again = await get(path, { "If-None-Match": etag! });
    expect(again.status).toBe(304);
  });
});
