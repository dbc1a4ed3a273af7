import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { commitSession, getSession } from "~/web/session.server";
import { MAX_PASSKEYS_PER_ACCOUNT, passkeyRefusalMessage } from "~/models/auth/passkeys";
import { cleanPasskeyName, passkeyDeviceName } from "~/models/auth/passkeys.server";
import { SIGN_IN_REFUSALS } from "~/models/customers/users.server";
import { startServer } from "../setup/http-server";
import { sessionCookie, signedInCookie } from "../setup/route-helpers";
import { enrolTwoFactor, totpCode } from "../setup/two-factor";
import { softPasskey } from "../setup/soft-authenticator";
import { createUser } from "../../seed/factories/users";

/*
 * Decision 165 over HTTP, against the built server: a passkey added on /profile/security signs
 * its owner in from a browser that names no account, and every abuse of the ceremonies is
 * refused. Without APP_URL the server is the relying party of http://localhost:<port>.
 */

let server: Awaited<ReturnType<typeof startServer>>;
let rp: { origin: string; rpId: string };

beforeAll(async () => {
  server = await startServer();
  rp = { origin: `http://localhost:${new URL(server.baseUrl).port}`, rpId: "localhost" };
});
afterAll(async () => {
  await server?.stop();
});

/** A browser: its session cookie follows each answer's Set-Cookie. */
function browser(cookie?: string) {
  const jar = { cookie };
  async function post(path: string, fields: Record<string, string>, headers = {}) {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(jar.cookie ? { Cookie: jar.cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields),
    });
    const session = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("perfumeria_session="));
    if (session) jar.cookie = session.split(";")[0];
    return response;
  }
  return { jar, post };
}

async function signedIn(userId: number) {
  return browser(await signedInCookie(userId));
}

/** Adds a new software passkey to the account signed in on `page`. */
async function addPasskey(page: ReturnType<typeof browser>, name = "Mi teléfono") {
  const passkey = softPasskey(rp);
  const options = await page.post("/resources/passkeys/register", { step: "options" });
  expect(options.status).toBe(200);
  const answer = passkey.register(await options.json());
  const saved = await page.post("/resources/passkeys/register", {
    step: "verify",
    name,
    response: JSON.stringify(answer),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return passkey;
}

async function signInOptions(page: ReturnType<typeof browser>) {
  const options = await page.post("/resources/passkeys/sign-in", { step: "options" });
  expect(options.status).toBe(200);
  return (await options.json()) as { challenge: string; allowCredentials?: unknown[] };
}

function verifySignIn(page: ReturnType<typeof browser>, answer: object, redirectTo?: string) {
  return page.post("/resources/passkeys/sign-in", {
    step: "verify",
    response: JSON.stringify(answer),
    ...(redirectTo ? { redirectTo } : {}),
  });
}

async function sessionOf(cookie: string | undefined) {
  return getSession(new Request("http://tienda.test/", { headers: { Cookie: cookie ?? "" } }));
}

describe("passkeys", () => {
  it("a customer adds one and signs in with it from a browser that names no account", async () => {
    const user = await createUser(db);
    const owner = await signedIn(user.id);
    const passkey = await addPasskey(owner, "  Teléfono   de <Lucía>  ");
    const stored = await db
      .selectFrom("passkeys")
      .select(["name", "credentialId", "counter", "lastUsedAt"])
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      name: "Teléfono de <Lucía>",
      credentialId: passkey.id,
      counter: 0,
      lastUsedAt: null,
    });

    const visitor = browser();
    const options = await signInOptions(visitor);
    // Discoverable: no account is named, no credential listed.
    expect(options.allowCredentials ?? []).toEqual([]);
    const response = await verifySignIn(visitor, passkey.assert(options), "/wishlist");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ redirectTo: "/wishlist" });
    const session = await sessionOf(visitor.jar.cookie);
    expect(session.get("userId")).toBe(user.id);
    expect(session.get("secondFactor")?.method).toBe("passkey");

    // The profile lists it, its name escaped as text; adding one says it needs JavaScript.
    const page = await fetch(`${server.baseUrl}/profile/security`, {
      headers: { Cookie: visitor.jar.cookie! },
    });
    const html = await page.text();
    expect(html).toContain("Teléfono de &lt;Lucía&gt;");
    expect(html).toContain("Para agregar una llave de acceso, abre esta página");
  });

  it("refuses a replayed answer, and an answer to another challenge", async () => {
    const user = await createUser(db);
    const passkey = await addPasskey(await signedIn(user.id));
    const visitor = browser();
    const options = await signInOptions(visitor);
    const answer = passkey.assert(options);

    // Another tab asks for options: the first challenge is overwritten, its answer refused.
    await signInOptions(visitor);
    const stale = await verifySignIn(visitor, answer);
    expect(stale.status).toBe(401);

    // The verify took the challenge: the same answer again finds none.
    const replay = await verifySignIn(visitor, answer);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe(passkeyRefusalMessage("expired"));
    expect((await sessionOf(visitor.jar.cookie)).get("userId")).toBeUndefined();
  });

  it("refuses an answer after the challenge's 5 minutes", async () => {
    const user = await createUser(db);
    const passkey = await addPasskey(await signedIn(user.id));
    const visitor = browser();
    const answer = passkey.assert(await signInOptions(visitor));
    const request = new Request("http://tienda.test/", {
      method: "POST",
      headers: { Cookie: visitor.jar.cookie! },
    });
    const session = await getSession(request);
    const kept = session.get("passkeyChallenge")!;
    session.set("passkeyChallenge", { ...kept, expiresAt: new Date(Date.now() - 1).toISOString() });
    await commitSession(request, session);
    const response = await verifySignIn(visitor, answer);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(passkeyRefusalMessage("expired"));
  });

  it("refuses an answer whose user handle is another account's", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const passkey = await addPasskey(await signedIn(owner.id));
    const visitor = browser();
    const options = await signInOptions(visitor);
    const forged = passkey.assert(options, {
      userHandle: Buffer.from(`u${other.id}`).toString("base64url"),
    });
    const response = await verifySignIn(visitor, forged);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe(passkeyRefusalMessage("invalid"));
  });

  it("refuses a signature count that goes back, and another origin", async () => {
    const user = await createUser(db);
    const passkey = await addPasskey(await signedIn(user.id));
    passkey.setCounter(5);
    const first = browser();
    expect((await verifySignIn(first, passkey.assert(await signInOptions(first)))).status).toBe(
      200,
    );
    passkey.setCounter(2);
    const cloned = browser();
    const response = await verifySignIn(cloned, passkey.assert(await signInOptions(cloned)));
    expect(response.status).toBe(401);

    const phished = browser();
    const answer = passkey.assert(await signInOptions(phished), {
      origin: "https://perfumeria-falsa.example",
    });
    expect((await verifySignIn(phished, answer)).status).toBe(401);
  });

  it("removes only the account's own passkey; a removed one signs no one in", async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const ownerPage = await signedIn(owner.id);
    const passkey = await addPasskey(ownerPage);
    const { id } = await db
      .selectFrom("passkeys")
      .select("id")
      .where("credentialId", "=", passkey.id)
      .executeTakeFirstOrThrow();

    const intruder = await signedIn(other.id);
    const refused = await intruder.post("/profile/security", {
      intent: "remove-passkey",
      passkeyId: String(id),
    });
    expect(refused.status).toBe(302);
    expect(
      await db.selectFrom("passkeys").select("id").where("id", "=", id).executeTakeFirst(),
    ).toEqual({ id });

    const removed = await ownerPage.post("/profile/security", {
      intent: "remove-passkey",
      passkeyId: String(id),
    });
    expect(removed.status).toBe(302);
    expect(
      await db.selectFrom("passkeys").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();

    const visitor = browser();
    const response = await verifySignIn(visitor, passkey.assert(await signInOptions(visitor)));
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe(passkeyRefusalMessage("unknown"));
  });

  it("refuses a blocked account as the password sign-in does", async () => {
    const user = await createUser(db);
    const passkey = await addPasskey(await signedIn(user.id));
    await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
    const visitor = browser();
    const response = await verifySignIn(visitor, passkey.assert(await signInOptions(visitor)));
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe(SIGN_IN_REFUSALS.blocked);
  });

  it("takes an administrator straight to /admin with both factors, only with user verification", async () => {
    const admin = await createUser(db, { role: "admin" });
    const passkey = await addPasskey(await signedIn(admin.id));
    const visitor = browser();
    const response = await verifySignIn(
      visitor,
      passkey.assert(await signInOptions(visitor)),
      "/catalog",
    );
    expect(await response.json()).toEqual({ redirectTo: "/admin" });
    const session = await sessionOf(visitor.jar.cookie);
    expect(session.get("secondFactor")).toMatchObject({ method: "passkey" });
    expect(session.get("secondFactor")?.provedAt).toEqual(expect.any(String));

    const presenceOnly = softPasskey({ ...rp, userVerified: false });
    const adminPage = await signedIn(admin.id);
    const options = await adminPage.post("/resources/passkeys/register", { step: "options" });
    const saved = await adminPage.post("/resources/passkeys/register", {
      step: "verify",
      response: JSON.stringify(presenceOnly.register(await options.json())),
    });
    expect(saved.status).toBe(200);
    const other = browser();
    const refused = await verifySignIn(other, presenceOnly.assert(await signInOptions(other)));
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toBe(passkeyRefusalMessage("needs-verification"));
  });

  it("asks an administrator whose last code is over 10 minutes old for one before adding a passkey", async () => {
    const admin = await createUser(db, { role: "admin" });
    const { secret } = await enrolTwoFactor(db, admin.id);
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    const page = browser(
      await sessionCookie({
        userId: admin.id,
        secondFactor: { method: "device", provedAt: stale },
      }),
    );
    const refused = await page.post("/resources/passkeys/register", { step: "options" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toContain("escribe el código de tu aplicación");
    const allowed = await page.post("/resources/passkeys/register", {
      step: "options",
      stepUpCode: totpCode(secret),
    });
    expect(allowed.status).toBe(200);
  });

  it("refuses a body over 16 KB with 413, and an 11th passkey", async () => {
    const visitor = browser();
    await signInOptions(visitor);
    const huge = await verifySignIn(visitor, { id: "x", padding: "a".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toBe(passkeyRefusalMessage("too-large"));

    const user = await createUser(db);
    const now = new Date().toISOString();
    await db
      .insertInto("passkeys")
      .values(
        Array.from({ length: MAX_PASSKEYS_PER_ACCOUNT }, (_, index) => ({
          userId: user.id,
          credentialId: `relleno-${user.id}-${index}`,
          publicKey: "AA",
          name: `Llave ${index + 1}`,
          createdAt: now,
        })),
      )
      .execute();
    const page = await signedIn(user.id);
    const options = await page.post("/resources/passkeys/register", { step: "options" });
    expect(options.status).toBe(409);
    expect((await options.json()).error).toBe(passkeyRefusalMessage("too-many"));
  });

  it("refuses a cross-site post and a visitor adding a passkey", async () => {
    const crossSite = await fetch(`${server.baseUrl}/resources/passkeys/sign-in`, {
      method: "POST",
      headers: {
        Origin: "https://otro-sitio.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "step=options",
    });
    expect(crossSite.status).toBe(403);
    const visitor = browser();
    const response = await visitor.post("/resources/passkeys/register", { step: "options" });
    expect(response.status).toBe(401);
  });
});

describe("a passkey's name", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome en Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari en iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge en Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0",
      "Firefox en macOS",
    ],
    [null, "Llave de acceso"],
  ])("defaults from the user agent: %s", (userAgent, name) => {
    expect(passkeyDeviceName(userAgent)).toBe(name);
  });

  it("is trimmed, one line and at most 60 characters, or the default", () => {
    expect(cleanPasskeyName("  Mi\n teléfono\t ", "Chrome en Android")).toBe("Mi teléfono");
    expect(cleanPasskeyName("x".repeat(80), "d")).toHaveLength(60);
    expect(cleanPasskeyName("   ", "Chrome en Android")).toBe("Chrome en Android");
    expect(cleanPasskeyName(null, "Safari en iPhone")).toBe("Safari en iPhone");
  });
});
