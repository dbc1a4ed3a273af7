import { installGlobals } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "~/models/auth/auth.server";
import { db } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";
import { createUser } from "../../db/factories/users";
import { startServer } from "../setup/http-server";
import { formPost, get, signedInCookie } from "../setup/route-helpers";

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
