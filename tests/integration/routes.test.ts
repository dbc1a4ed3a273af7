import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { passSecondStepOverHttp, enrolTwoFactor, sessionCookieFrom } from "../setup/two-factor";
import { startServer } from "../setup/http-server";
import { createUser } from "../../seed/factories/users";

/* Every route of the route tables answers, behind the right guard. */
const open = [
  "/",
  "/catalog",
  "/search",
  "/productos-por-encargo",
  "/wishlist",
  "/cart",
  "/checkout",
  "/login",
  "/register",
  "/admin-access",
  "/contact",
  "/track-order",
  "/returns",
  "/faq",
  "/authenticity",
  "/terms",
  "/privacy",
  "/cookies",
];
const signedIn = ["/profile", "/orders", "/notifications", "/complete-profile"];
// backoffice.md §2: the account answers a visitor in place ('Acceso Requerido'), not by redirect.
const accountTabs = ["/account", "/account/orders", "/account/addresses", "/account/settings"];
const admin = [
  "/admin",
  "/admin/products",
  "/admin/orders",
  "/admin/users",
  "/admin/brands",
  "/admin/analytics",
  "/admin/reviews",
  "/admin/messages",
  "/admin/settings",
  "/admin/promo-codes",
  "/admin/cms",
];
const cleanUrls: Record<string, string> = {
  "/terminos": "/terms",
  "/privacidad": "/privacy",
  "/contacto": "/contact",
  "/seguimiento": "/track-order",
  "/devoluciones": "/returns",
  "/garantia": "/authenticity",
};

let server: Awaited<ReturnType<typeof startServer>>;
let customerCookie: string;
let adminCookie: string;

async function signIn(email: string, password: string, recoveryCode?: string) {
  let response = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  // An administrator's second step (decision 163).
  if (recoveryCode) response = await passSecondStepOverHttp(server, response, recoveryCode);
  return sessionCookieFrom(response)!;
}

const get = (path: string, cookie?: string) =>
  fetch(server.baseUrl + path, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });

beforeAll(async () => {
  server = await startServer();
  await createUser(db, {
    email: "ruta-cliente@example.com",
    password: "clave-cliente-1",
    firstName: "C",
    lastName: "C",
    phone: null,
  });
  const boss = await createUser(db, {
    email: "ruta-admin@example.com",
    password: "clave-admin-1",
    firstName: "A",
    lastName: "A",
    phone: null,
  });
  await db.updateTable("users").set({ role: "admin" }).where("id", "=", boss.id).execute();
  const { recoveryCodes } = await enrolTwoFactor(db, boss.id);
  customerCookie = await signIn("ruta-cliente@example.com", "clave-cliente-1");
  adminCookie = await signIn("ruta-admin@example.com", "clave-admin-1", recoveryCodes[0]);
});
afterAll(async () => {
  await server?.stop();
});

describe("route table", () => {
  it.each(open)("%s is open to visitors", async (path) => {
    expect((await get(path)).status).toBe(200);
  });

  it.each(signedIn)("%s sends visitors to /login and back", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await get(path, customerCookie)).status).toBe(200);
  });

  it.each(accountTabs)(
    "%s shows visitors 'Acceso Requerido' with a link to /login",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(401);
      const html = await response.text();
      expect(html).toContain("Acceso Requerido");
      expect(html).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`);
      expect((await get(path, customerCookie)).status).toBe(200);
    },
  );

  it.each(admin)("%s is for administrators only", async (path) => {
    expect((await get(path)).status).toBe(302);
    const denied = await get(path, customerCookie);
    expect(denied.status).toBe(403);
    expect(await denied.text()).toContain("Acceso Denegado");
    expect((await get(path, adminCookie)).status).toBe(200);
  });

  it("sends administrators from / to the dashboard, and /admin/login to /admin-access", async () => {
    expect((await get("/", adminCookie)).headers.get("location")).toBe("/admin");
    expect((await get("/admin/login")).headers.get("location")).toBe("/admin-access");
  });

  it.each(Object.entries(cleanUrls))("%s is a permanent redirect to %s", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("answers unknown paths and unknown products with 404", async () => {
    const missing = await get("/no-existe/para-nada");
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("Página no encontrada");
    expect(html).not.toContain("Did you forget");
    const product = await get("/product/no-existe");
    expect(product.status).toBe(404);
    expect(await product.text()).toContain("Producto no encontrado");
  });

  it("has no GET route that changes state: /logout only redirects", async () => {
    const response = await get("/logout", customerCookie);
    expect(response.status).toBe(302);
    expect((await get("/orders", customerCookie)).status).toBe(200);
  });
});
