import { enrolTwoFactor } from "../setup/two-factor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionHandle } from "~/models/auth/sessions.server";
import { NOTICES_PER_HOUR } from "~/models/auth/sign-in-notice.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { startServer } from "../setup/http-server";

/*
 * Decision 164 over the built server: a sign-in records its device, the owner and an
 * administrator see and end sessions (only that account's), and a new browser (any sign-in of
 * an administrator) is told by e-mail, at most NOTICES_PER_HOUR an hour.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const password = "clave-segura-164";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

type Browser = { ip?: string; userAgent?: string; cookies?: string[] };

function cookieValue(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

/** Signs in at `door`; the session cookie and the browser's known-device cookie after it. */
async function signIn(email: string, browser: Browser = {}, door = "/login") {
  const post = (path: string, fields: Record<string, string>, cookies: string[]) =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": browser.userAgent ?? ANDROID,
        // Trusted from loopback (a local proxy): it stands for the client's address.
        "X-Forwarded-For": browser.ip ?? "190.53.12.77",
        ...(cookies.length ? { Cookie: cookies.join("; ") } : {}),
      },
      body: new URLSearchParams(fields),
    });
  let response = await post(door, { email, password }, browser.cookies ?? []);
  expect(response.status).toBe(302);
  // An administrator's second step (decision 163), with one of the recovery codes.
  if (response.headers.get("location") === "/admin-access/verificar") {
    const pending = cookieValue(response, "perfumeria_session")!;
    const code = recoveryCodes.get(email)!.pop()!;
    response = await post("/admin-access/verificar", { code }, [
      ...(browser.cookies ?? []),
      pending,
    ]);
    expect(response.status).toBe(302);
  }
  return {
    session: cookieValue(response, "perfumeria_session")!,
    device: cookieValue(response, "known_device")!,
  };
}

/** The session's id: the cookie holds it signed, as "<base64 of its JSON>.<signature>". */
async function sidOf(cookie: string) {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const sid = JSON.parse(
    decodeURIComponent(escape(atob(value.slice(0, value.lastIndexOf("."))))),
  ) as string;
  const row = await db
    .selectFrom("sessions")
    .select("sid")
    .where("sid", "=", sid)
    .executeTakeFirst();
  expect(row).toBeTruthy();
  return sid;
}

/** 200 while the cookie is signed in (/orders needs a user), 302 to /login once it is not. */
async function signedIn(cookie: string) {
  const response = await fetch(`${server.baseUrl}/orders`, {
    redirect: "manual",
    headers: { Cookie: cookie },
  });
  return response.status === 200;
}

type Listed = { handle: string; device: string; network: string; current: boolean };

async function listed(
  cookie: string,
  path = "/profile/security",
  route = "_store.profile.security",
) {
  const response = await fetch(
    `${server.baseUrl}${path}?_data=${encodeURIComponent(`routes/${route}`)}`,
    { headers: { Cookie: cookie } },
  );
  expect(response.status).toBe(200);
  const data = (await response.json()) as { sessions: Listed[] };
  return data.sessions;
}

async function post(path: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(302);
  return response;
}

/** Each administrator's unused recovery codes, by e-mail. */
const recoveryCodes = new Map<string, string[]>();

async function customer(role: "customer" | "admin" = "customer") {
  const user = await createUser(db, {
    password,
    role,
    firstName: "Sara",
    lastName: "Paz",
    phone: null,
  });
  if (role === "admin") {
    recoveryCodes.set(user.email, (await enrolTwoFactor(db, user.id)).recoveryCodes);
  }
  return user;
}

function noticesTo(email: string) {
  return db
    .selectFrom("outboxEmails")
    .select(["subject", "html", "text"])
    .where("toAddress", "=", email)
    .where("kind", "=", "new_sign_in")
    .execute();
}

describe("a sign-in records its device", () => {
  it("keeps the browser's User-Agent (cut to 512) and the address's network, not the address", async () => {
    const user = await customer();
    const { session } = await signIn(user.email, { ip: "190.53.12.77" });
    const row = await db
      .selectFrom("sessions")
      .select(["userAgent", "ipNetwork"])
      .where("sid", "=", await sidOf(session))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ userAgent: ANDROID, ipNetwork: "190.53.12.0/24" });
    expect(JSON.stringify(row)).not.toContain("190.53.12.77");

    const huge = await signIn(user.email, { userAgent: `${WINDOWS} ${"x".repeat(4_000)}` });
    const cut = await db
      .selectFrom("sessions")
      .select("userAgent")
      .where("sid", "=", await sidOf(huge.session))
      .executeTakeFirstOrThrow();
    expect(cut.userAgent).toHaveLength(512);
  });
});

describe("the sessions list", () => {
  it("shows the owner's sessions only, with 'este equipo', and never a sid", async () => {
    const owner = await customer();
    const stranger = await customer();
    const phone = await signIn(owner.email, { userAgent: ANDROID, ip: "190.53.12.77" });
    const laptop = await signIn(owner.email, { userAgent: WINDOWS, ip: "10.0.0.5" });
    const theirs = await signIn(stranger.email, { userAgent: WINDOWS });

    const sessions = await listed(phone.session);
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({
      device: "Chrome en Android",
      network: "Red 190.53.12.x",
      handle: sessionHandle(await sidOf(phone.session)),
    });
    expect(sessions.find((s) => !s.current)).toMatchObject({
      device: "Firefox en Windows",
      network: "Red local",
    });
    const text = JSON.stringify(sessions);
    for (const cookie of [phone.session, laptop.session, theirs.session]) {
      expect(text).not.toContain(await sidOf(cookie));
    }
    expect(text).not.toContain(sessionHandle(await sidOf(theirs.session)));

    // The page itself, as a browser without JavaScript gets it.
    const page = await fetch(`${server.baseUrl}/profile/security`, {
      headers: { Cookie: phone.session },
    });
    const html = await page.text();
    expect(html).toContain("Sesiones abiertas");
    expect(html).toContain("Este equipo");
    expect(html).toContain("Cerrar todas las demás");
  });

  it("refuses to end another account's session, by its handle or its sid, and changes nothing", async () => {
    const owner = await customer();
    const stranger = await customer();
    const mine = await signIn(owner.email);
    const theirs = await signIn(stranger.email);
    const theirSid = await sidOf(theirs.session);

    for (const session of [sessionHandle(theirSid), theirSid, "", "x".repeat(500)]) {
      const response = await post("/profile/security", mine.session, {
        intent: "end-session",
        session,
      });
      expect(response.headers.get("Location")).toBe("/profile/security");
    }
    // The refusal is said in the toast on the page it leads back to.
    const page = await fetch(`${server.baseUrl}/profile/security`, {
      headers: { Cookie: mine.session },
    });
    expect(await page.text()).toContain("No se pudo cerrar la sesión");
    expect(await signedIn(theirs.session)).toBe(true);
    expect(await signedIn(mine.session)).toBe(true);
  });

  it("'Cerrar' ends one other session; 'Cerrar todas las demás' keeps this one", async () => {
    const owner = await customer();
    const here = await signIn(owner.email);
    const a = await signIn(owner.email, { userAgent: WINDOWS });
    const b = await signIn(owner.email);
    const c = await signIn(owner.email);

    await post("/profile/security", here.session, {
      intent: "end-session",
      session: sessionHandle(await sidOf(a.session)),
    });
    expect(await signedIn(a.session)).toBe(false);
    expect(await signedIn(b.session)).toBe(true);

    // Its own session is not ended by 'Cerrar' (signing out does that).
    await post("/profile/security", here.session, {
      intent: "end-session",
      session: sessionHandle(await sidOf(here.session)),
    });
    expect(await signedIn(here.session)).toBe(true);

    await post("/profile/security", here.session, { intent: "end-other-sessions" });
    expect(await signedIn(b.session)).toBe(false);
    expect(await signedIn(c.session)).toBe(false);
    expect(await signedIn(here.session)).toBe(true);
    expect(await listed(here.session)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("an administrator ends a user's session, or all of them, on the user's page only", async () => {
    const admin = await customer("admin");
    const user = await customer();
    const other = await customer();
    const adminSession = (await signIn(admin.email, {}, "/admin-access")).session;
    const one = await signIn(user.email);
    const two = await signIn(user.email, { userAgent: WINDOWS });
    const elsewhere = await signIn(other.email);
    const page = `/admin/users/${user.id}`;
    const route = "admin.users_.$userId";

    const sessions = await listed(adminSession, page, route);
    expect(sessions.map((s) => s.device).sort()).toEqual([
      "Chrome en Android",
      "Firefox en Windows",
    ]);
    expect(sessions.every((s) => !s.current)).toBe(true);

    // Another user's session, named on this user's page: refused.
    await post(page, adminSession, {
      intent: "end-session",
      session: sessionHandle(await sidOf(elsewhere.session)),
    });
    expect(await signedIn(elsewhere.session)).toBe(true);

    await post(page, adminSession, {
      intent: "end-session",
      session: sessionHandle(await sidOf(one.session)),
    });
    expect(await signedIn(one.session)).toBe(false);
    expect(await signedIn(two.session)).toBe(true);

    await post(page, adminSession, { intent: "end-all-sessions" });
    expect(await signedIn(two.session)).toBe(false);
    expect(await signedIn(elsewhere.session)).toBe(true);
    expect(await signedIn(adminSession)).toBe(true);

    // A customer cannot post there.
    const refused = await fetch(`${server.baseUrl}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: server.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: elsewhere.session,
      },
      body: new URLSearchParams({ intent: "end-all-sessions" }),
    });
    expect(refused.status).toBe(403);
  });
});

describe("'Nuevo inicio de sesión'", () => {
  it("is sent once for a new browser, not for a known one, and links to the sessions list", async () => {
    const user = await customer();
    const first = await signIn(user.email);
    expect(await noticesTo(user.email)).toHaveLength(1);
    await signIn(user.email, { cookies: [first.device] });
    expect(await noticesTo(user.email)).toHaveLength(1);
    await signIn(user.email, { userAgent: WINDOWS, ip: "200.1.2.3" });
    const notices = await noticesTo(user.email);
    expect(notices).toHaveLength(2);
    const [mail] = notices.slice(-1);
    expect(mail!.subject).toBe("Nuevo inicio de sesión");
    expect(mail!.text).toContain("Navegador y sistema: Firefox en Windows");
    expect(mail!.text).toContain("Red: Red 200.1.2.x");
    expect(mail!.text).toContain("Si no fuiste tú, cambia tu contraseña y cierra esa sesión.");
    expect(mail!.text).toMatch(/https?:\/\/[^\s]+\/profile\/security/);
    expect(mail!.text).not.toContain("200.1.2.3");
  });

  it("is sent for every sign-in of an administrator, known browser or not", async () => {
    const admin = await customer("admin");
    const first = await signIn(admin.email, {}, "/admin-access");
    await signIn(admin.email, { cookies: [first.device] }, "/admin-access");
    expect(await noticesTo(admin.email)).toHaveLength(2);
  });

  it(`stops at ${NOTICES_PER_HOUR} an hour for an account, and the sign-ins go on`, async () => {
    const user = await customer();
    for (let i = 0; i < NOTICES_PER_HOUR + 3; i++) {
      await signIn(user.email, { ip: `198.51.100.${i + 1}` });
    }
    expect(await noticesTo(user.email)).toHaveLength(NOTICES_PER_HOUR);
  });

  it("never carries the User-Agent's own text: markup in it reaches neither body", async () => {
    const user = await customer();
    const hostile = `Mozilla/5.0 (Windows NT 10.0) <script>alert("x")</script><img src=x onerror=alert(1)> Firefox/133.0`;
    await signIn(user.email, { userAgent: hostile });
    const [mail] = await noticesTo(user.email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).not.toContain("alert");
    expect(mail!.text).not.toContain("alert");
    expect(mail!.text).toContain("Firefox en Windows");
  });
});
