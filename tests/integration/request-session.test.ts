import { installGlobals } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/web/auth.server";
import { db } from "~/utils/db.server";
import { setToast, takeToast } from "~/web/toast.server";
import { endUserSessions } from "~/models/auth/sessions.server";
import { commitSession, getSession } from "~/web/session.server";
import { createUser } from "../../seed/factories/users";
import { startServer } from "../setup/http-server";
import { formPost, get, readSession, signedInCookie } from "../setup/route-helpers";

/*
 * Decision 071: a GET's loaders (root, layout, route) share one read of the
 * session and its user, through the request's AbortSignal, which Remix gives every loader's copy
 * of the request. Nothing is shared between two requests, nor with a POST's action.
 */

// The server's Request (scripts/server.mjs installs Remix's globals): a copy made with the
// original's signal keeps that very signal. (Node's own Request makes a new one that follows
// it: the loaders would each read the session, as before, which is slower but as correct.)
installGlobals();

/** The Request a loader gets: Remix's copy of the document request, with its signal. */
function loaderCopy(request: Request) {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  });
}

describe("a request's session", () => {
  it("is read once for all the loaders of a GET, with its user", async () => {
    const user = await createUser(db, { firstName: "Lucía" });
    const request = get("/catalog", await signedInCookie(user.id));
    const [a, b] = await Promise.all([getSession(request), getSession(loaderCopy(request))]);
    expect(a).toBe(b);
    const [userA, userB] = await Promise.all([getSessionUser(a), getSessionUser(b)]);
    expect(userA).toBe(userB);
    expect(userA?.firstName).toBe("Lucía");
  });

  it("is never another request's: two shoppers at once each get their own", async () => {
    const ana = await createUser(db, { firstName: "Ana" });
    const luis = await createUser(db, { firstName: "Luis" });
    const requests = [
      get("/catalog", await signedInCookie(ana.id)),
      get("/catalog", await signedInCookie(luis.id)),
    ];
    const users = await Promise.all(
      requests.map(async (request) => getSessionUser(await getSession(request))),
    );
    expect(users.map((user) => user?.firstName)).toEqual(["Ana", "Luis"]);
    // The same cookie in a new request reads the session afresh.
    const again = get("/catalog", requests[0].headers.get("Cookie")!);
    expect(await getSession(again)).not.toBe(await getSession(requests[0]));
  });

  it("is read afresh by each caller of a POST (an action changes it)", async () => {
    const user = await createUser(db);
    const request = formPost("/cart", { intent: "clear" }, await signedInCookie(user.id));
    expect(await getSession(request)).not.toBe(await getSession(loaderCopy(request)));
  });

  it("sees a user blocked since an earlier request", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    expect(await getSessionUser(await getSession(get("/", cookie)))).not.toBeNull();
    await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
    expect(await getSessionUser(await getSession(get("/", cookie)))).toBeNull();
  });
});

describe("two requests of one shopper at once (decision 117)", () => {
  const draft = { savedAt: "2026-11-26T18:00:00.000Z", fields: { firstName: "Olga" } };

  it("keep each other's changes: the draft saved as a page is left, the toast of the next one", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    // The checkout's draft post and the e-mail link's request read the session together.
    const draftPost = formPost("/resources/checkout-draft", {}, cookie);
    const link = get("/verify-email?token=x", cookie);
    const [leaving, arriving] = await Promise.all([getSession(draftPost), getSession(link)]);
    setToast(arriving, { title: "Correo verificado" });
    await commitSession(link, arriving);
    leaving.set("checkoutDraft", draft);
    await commitSession(draftPost, leaving);

    const after = await readSession(cookie);
    expect(after.toast?.title).toBe("Correo verificado");
    expect(after.checkoutDraft).toEqual(draft);
    expect(after.userId).toBe(user.id);
  });

  it("a GET's loader that redirects with a toast leaves it for the next page, while the root runs", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    // The e-mail link: its loader and the root's share the request's session (decision 071).
    const link = get("/verify-email?token=x", cookie);
    const [routes, root] = await Promise.all([getSession(link), getSession(loaderCopy(link))]);
    expect(routes).toBe(root);
    setToast(routes, { title: "Correo verificado" });
    expect((await takeToast(loaderCopy(link), root)).toast).toBeNull();
    await commitSession(link, routes);

    const next = get("/account", cookie);
    expect((await takeToast(next)).toast?.title).toBe("Correo verificado");
  });

  it("do not bring back a toast the page already showed, nor a value another one removed", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    const seed = get("/", cookie);
    const seeded = await getSession(seed);
    setToast(seeded, { title: "Pedido realizado" });
    seeded.set("appliedCoupon", "VERANO");
    await commitSession(seed, seeded);

    const page = get("/account", cookie);
    const couponPost = formPost("/cart", { intent: "remove-coupon" }, cookie);
    const draftPost = formPost("/resources/checkout-draft", {}, cookie);
    const [shown, removing, leaving] = await Promise.all([
      getSession(page),
      getSession(couponPost),
      getSession(draftPost),
    ]);
    const { toast, headers } = await takeToast(page, shown);
    expect(toast?.title).toBe("Pedido realizado");
    expect(headers?.get("Set-Cookie")).toMatch(/^perfumeria_session=/);
    removing.unset("appliedCoupon");
    await commitSession(couponPost, removing);
    leaving.set("checkoutDraft", draft);
    await commitSession(draftPost, leaving);

    const after = await readSession(cookie);
    expect(after.toast).toBeNull();
    expect(after.checkoutDraft).toEqual(draft);
    expect((await getSession(get("/", cookie))).get("appliedCoupon")).toBeUndefined();
  });

  it("do not sign the shopper in again when the session ended meanwhile", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    const draftPost = formPost("/resources/checkout-draft", {}, cookie);
    const leaving = await getSession(draftPost);
    await endUserSessions(user.id); // signed out everywhere, e.g. the password was changed
    leaving.set("checkoutDraft", draft);
    await commitSession(draftPost, leaving);

    const after = await readSession(cookie);
    expect(after.userId).toBeNull();
    expect(after.checkoutDraft).toEqual(draft);
  });
});

describe("signed-in pages under concurrent load", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("each shopper's page carries their own name, never the other's", async () => {
    const shoppers = await Promise.all(
      ["Valentina", "Gustavo"].map(async (firstName) => {
        const user = await createUser(db, { firstName });
        return { firstName, cookie: await signedInCookie(user.id) };
      }),
    );
    const pages = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const shopper = shoppers[i % 2];
        const path = ["/", "/catalog", "/catalog?search=perfume"][i % 3];
        const response = await fetch(server.baseUrl + path, {
          headers: { Cookie: shopper.cookie },
        });
        return { shopper, html: await response.text(), status: response.status };
      }),
    );
    for (const { shopper, html, status } of pages) {
      expect(status).toBe(200);
      const other = shoppers.find((s) => s !== shopper)!;
      expect(html).toContain(shopper.firstName);
      expect(html).not.toContain(other.firstName);
    }
  });
});
