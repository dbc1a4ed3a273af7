import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { builtRoutes, startServer } from "../setup/http-server";
import { signedInCookie } from "../setup/route-helpers";

/*
 * backoffice.md §2: every admin loader and action refuses visitors (→ /login) and customers
 * (403), each on its own: the layout's guard does not count, so every route is called alone
 * through Remix's data requests (`?_data=<route id>` runs that one loader or action).
 * The routes come from the build's manifest, so a new admin screen is covered the day it lands.
 */
const PUBLIC_ADMIN_SIGN_IN = [
  "routes/admin-access",
  "routes/admin_.login",
  // The second step (decision 163): for a pending sign-in, tested in two-factor.test.ts.
  "routes/admin-access_.verificar",
  "routes/admin-access_.configurar",
];
const ORDERS_MESSAGE = "No tienes permisos para acceder a esta sección.";
const PANEL_MESSAGE = "No tienes permisos para acceder al panel administrativo.";

const adminRoutes = builtRoutes().filter(
  (route) => route.id.startsWith("routes/admin") && !PUBLIC_ADMIN_SIGN_IN.includes(route.id),
);
const loaders = adminRoutes.filter((route) => route.hasLoader);
const actions = adminRoutes.filter((route) => route.hasAction);

/** The orders screen words its refusal its own way (§2), and so do the screens under it. */
const deniedMessage = (id: string) =>
  id.startsWith("routes/admin.orders") ? ORDERS_MESSAGE : PANEL_MESSAGE;

const dataUrl = (url: string, id: string) =>
  `${url}${url.includes("?") ? "&" : "?"}_data=${encodeURIComponent(id)}`;

let server: Awaited<ReturnType<typeof startServer>>;
let customerCookie: string;
let adminCookie: string;

function call(method: "GET" | "POST", route: { url: string; id: string }, cookie?: string) {
  return fetch(server.baseUrl + dataUrl(route.url, route.id), {
    method,
    redirect: "manual",
    headers: {
      Origin: server.origin,
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: method === "POST" ? "intent=anything" : undefined,
  });
}

async function expectSentToLogin(response: Response) {
  // A data request answers a redirect with 204 and X-Remix-Redirect.
  expect(response.status).toBe(204);
  expect(response.headers.get("x-remix-redirect")).toMatch(/^\/login\?redirectTo=%2Fadmin/);
}

async function expectForbidden(response: Response, id: string) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ message: deniedMessage(id) });
}

beforeAll(async () => {
  server = await startServer();
  customerCookie = await signedInCookie((await createUser(db)).id);
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
});
afterAll(async () => {
  await server?.stop();
});

describe("admin access, from the build's route manifest", () => {
  it("finds the admin screens and leaves out the admin sign-in", () => {
    const ids = loaders.map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "routes/admin",
        "routes/admin._index",
        "routes/admin.orders",
        "routes/admin.products",
        "routes/admin.brands",
      ]),
    );
    expect(ids).not.toContain("routes/admin-access");
    expect(ids).not.toContain("routes/admin_.login");
  });

  it("has the layout refuse under /admin/orders in the orders screen's words", async () => {
    // A document request runs the layout's loader beside the screen's; its error is shown.
    const layout = { id: "routes/admin", url: "/admin/orders" };
    await expectForbidden(await call("GET", layout, customerCookie), "routes/admin.orders");
  });

  describe.each(loaders)("loader of $id ($url)", (route) => {
    it("sends a visitor to /login", async () => {
      await expectSentToLogin(await call("GET", route));
    });
    it("refuses a customer with 403", async () => {
      await expectForbidden(await call("GET", route, customerCookie), route.id);
    });
    it("lets an administrator through", async () => {
      const response = await call("GET", route, adminCookie);
      expect(response.status).not.toBe(403);
      // The recovery codes' page, with none to show, sends on to the panel (decision 163).
      const onward = route.id === "routes/admin-access_.codigos" ? "/admin" : null;
      expect(response.headers.get("x-remix-redirect")).toBe(onward);
    });
  });

  describe.each(actions)("action of $id ($url)", (route) => {
    it("sends a visitor to /login", async () => {
      await expectSentToLogin(await call("POST", route));
    });
    it("refuses a customer with 403", async () => {
      await expectForbidden(await call("POST", route, customerCookie), route.id);
    });
  });
});
