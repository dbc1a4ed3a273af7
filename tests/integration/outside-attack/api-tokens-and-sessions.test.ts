import crypto from "node:crypto";
import { enrolTwoFactor, passSecondStepOverHttp } from "../../setup/two-factor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/models/auth/api-tokens.server";
import { issueUserToken } from "~/models/auth/user-tokens.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../../seed/factories/users";
import { startServer } from "../../setup/http-server";
import { startMailbox } from "../../setup/mailbox";
import { signedInCookie } from "../../setup/route-helpers";

/*
 * Issue 37, items 10 (API tokens that never end, outlive a password change and cannot be seen
 * by their owner; an admin-level write token that makes admins and sets their passwords) and 11
 * (an admin's session cookie kept 30 days for a 12-hour session), replayed against the built
 * server (decision 131).
 */

let server: Awaited<ReturnType<typeof startServer>>;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

beforeAll(async () => {
  server = await startServer();
  mailbox = await startMailbox();
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const PASSWORD = "Perfume-de-prueba-131";
const unique = () => crypto.randomBytes(4).toString("hex");
/** An address of its own per request, so the sign-in and form limits stay for other tests. */
const someAddress = () => `198.18.131.${1 + crypto.randomInt(250)}`;

async function tokenOf(user: { id: number; role: string }, scope: "read" | "write" = "write") {
  const created = await createApiToken({
    name: `Integración ${unique()}`,
    userId: user.id,
    createdBy: user.id,
    scope,
    level: user.role === "admin" ? "admin" : "customer",
  });
  return { ...created, as: { Authorization: `Bearer ${created.secret}` } };
}

function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return fetch(server.baseUrl + path, {
    method,
    redirect: "manual",
    headers: {
      ...headers,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A browser on our own origin, signed in. */
const browser = (cookie: string) => ({ Cookie: cookie, Origin: server.origin });

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(server.baseUrl + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": someAddress(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

function sessionSetCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .find((cookie) => /^(__Host-)?perfumeria_session=/.test(cookie));
}

const maxAgeOf = (setCookie: string | undefined) =>
  Number(/Max-Age=(\d+)/.exec(setCookie ?? "")?.[1] ?? Number.NaN);

async function expectRefusedToken(as: Record<string, string>) {
  const response = await api("GET", "/api/profile", as);
  expect(response.status).toBe(401);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  return response.json();
}

describe("item 10: a token ends", () => {
  it("refuses a token past its expiry with a Spanish 401", async () => {
    const customer = await createUser(db);
    const token = await tokenOf(customer);
    expect((await api("GET", "/api/profile", token.as)).status).toBe(200);
    await db
      .updateTable("apiTokens")
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", token.id)
      .execute();
    const problem = await expectRefusedToken(token.as);
    expect(problem).toMatchObject({ code: "token_expired" });
    expect(problem.detail).toMatch(/^El token venció el /);
  });

  it("gives a new token 90 days, and the admin screen shows the date with the secret", async () => {
    const admin = await createUser(db, { role: "admin" });
    const response = await post(
      "/admin/api-tokens",
      { name: "Contabilidad", email: admin.email, scope: "read", level: "customer" },
      await signedInCookie(admin.id),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Vence el");
    const row = await db
      .selectFrom("apiTokens")
      .select(["createdAt", "expiresAt"])
      .where("userId", "=", admin.id)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(row.expiresAt!) - Date.parse(row.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });
});

describe("item 10: a password or e-mail change ends the account's tokens", () => {
  it("refuses the tokens after a reset through the e-mailed link", async () => {
    const customer = await createUser(db);
    const token = await tokenOf(customer);
    const link = await issueUserToken(db, { userId: customer.id, purpose: "password_reset" });
    const reset = await post("/reset-password", {
      token: link,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.status).toBe(302);
    expect((await expectRefusedToken(token.as)).code).toBe("invalid_token");
  });

  it("refuses the tokens after the owner changes the password on /profile/security", async () => {
    const customer = await createUser(db, { password: PASSWORD });
    const token = await tokenOf(customer);
    const changed = await post(
      "/profile/security",
      {
        currentPassword: PASSWORD,
        newPassword: `${PASSWORD}-nueva`,
        confirmPassword: `${PASSWORD}-nueva`,
      },
      await signedInCookie(customer.id),
    );
    expect(changed.status).toBe(302);
    await expectRefusedToken(token.as);
  });

  it("refuses the tokens after an admin sets the account's password", async () => {
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db);
    const token = await tokenOf(customer);
    const set = await api(
      "PUT",
      `/api/users/${customer.id}/password`,
      browser(await signedInCookie(admin.id)),
      {
        password: PASSWORD,
      },
    );
    expect(set.status).toBe(204);
    await expectRefusedToken(token.as);
  });

  it("refuses the tokens once the owner's new e-mail is confirmed", async () => {
    const customer = await createUser(db, { password: PASSWORD });
    const token = await tokenOf(customer);
    const email = `nuevo-${unique()}@example.com`;
    const changed = await api("PUT", "/api/profile", browser(await signedInCookie(customer.id)), {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email,
      phone: null,
      currentPassword: PASSWORD,
    });
    expect(changed.status).toBe(200);
    // Decision 129: the new address counts once its link is followed.
    const [text] = await mailbox.textsTo(email);
    const confirm = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1] ?? "";
    const confirmed = await post("/confirm-email", { token: confirm });
    expect(confirmed.status).toBe(302);
    await expectRefusedToken(token.as);
  }, 30_000);
});

describe("item 10: the owner sees and revokes the account's tokens on the security tab", () => {
  it("lists them and revokes one of their own, without JavaScript", async () => {
    const customer = await createUser(db);
    const token = await tokenOf(customer);
    const cookie = await signedInCookie(customer.id);
    const page = await (
      await fetch(`${server.baseUrl}/profile/security`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Tokens de API");
    expect(page).toContain(token.prefix);
    const revoked = await post(
      "/profile/security",
      { intent: "revoke-token", tokenId: String(token.id) },
      cookie,
    );
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/profile/security");
    await expectRefusedToken(token.as);
  });

  it("cannot revoke another account's token", async () => {
    const customer = await createUser(db);
    const victim = await createUser(db);
    const victims = await tokenOf(victim);
    const page = await (
      await fetch(`${server.baseUrl}/profile/security`, {
        headers: { Cookie: await signedInCookie(customer.id) },
      })
    ).text();
    expect(page).not.toContain(victims.prefix);
    const attempt = await post(
      "/profile/security",
      { intent: "revoke-token", tokenId: String(victims.id) },
      await signedInCookie(customer.id),
    );
    expect(attempt.status).toBe(302);
    expect((await api("GET", "/api/profile", victims.as)).status).toBe(200);
    const row = await db
      .selectFrom("apiTokens")
      .select("revokedAt")
      .where("id", "=", victims.id)
      .executeTakeFirstOrThrow();
    expect(row.revokedAt).toBeNull();
  });
});

describe("item 10: making admins and setting their passwords takes a signed-in admin", () => {
  async function roleOf(userId: number) {
    const row = await db
      .selectFrom("users")
      .select(["role", "email", "passwordHash"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    return row;
  }

  async function expectSessionRequired(response: Response) {
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ code: "session_only" });
  }

  it("refuses an admin-level write token promoting a customer; an admin's session may", async () => {
    const admin = await createUser(db, { role: "admin" });
    const customer = await createUser(db);
    const token = await tokenOf(admin);
    await expectSessionRequired(
      await api("PUT", `/api/users/${customer.id}/role`, token.as, { role: "admin" }),
    );
    expect((await roleOf(customer.id)).role).toBe("customer");
    const bySession = await api(
      "PUT",
      `/api/users/${customer.id}/role`,
      browser(await signedInCookie(admin.id)),
      { role: "admin" },
    );
    expect(bySession.status).toBe(200);
    expect((await roleOf(customer.id)).role).toBe("admin");
  });

  it("refuses it registering a new admin", async () => {
    const admin = await createUser(db, { role: "admin" });
    const token = await tokenOf(admin);
    const email = `admin-${unique()}@example.com`;
    await expectSessionRequired(
      await api("POST", "/api/users", token.as, {
        email,
        password: PASSWORD,
        firstName: "Rita",
        lastName: "Soler",
        phone: null,
        role: "admin",
      }),
    );
    const created = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it("refuses it setting another admin's password or e-mail; an admin's session may", async () => {
    const admin = await createUser(db, { role: "admin" });
    const other = await createUser(db, {
      role: "admin",
      password: PASSWORD,
    });
    const token = await tokenOf(admin);
    const before = await roleOf(other.id);
    await expectSessionRequired(
      await api("PUT", `/api/users/${other.id}/password`, token.as, { password: `${PASSWORD}-x` }),
    );
    await expectSessionRequired(
      await api("PUT", `/api/users/${other.id}`, token.as, {
        firstName: other.firstName,
        lastName: other.lastName,
        email: `atacante-${unique()}@example.com`,
        phone: null,
      }),
    );
    expect(await roleOf(other.id)).toEqual(before);
    const bySession = await api(
      "PUT",
      `/api/users/${other.id}/password`,
      browser(await signedInCookie(admin.id)),
      { password: `${PASSWORD}-x` },
    );
    expect(bySession.status).toBe(204);
    expect((await roleOf(other.id)).passwordHash).not.toBe(before.passwordHash);
  });
});

describe("item 11: the session cookie lives as long as the session", () => {
  it("gives an admin's sign-in a cookie of 12 hours (Max-Age 43200), not 30 days", async () => {
    const admin = await createUser(db, {
      role: "admin",
      password: PASSWORD,
    });
    const { recoveryCodes } = await enrolTwoFactor(db, admin.id);
    const password = await post("/login", { email: admin.email, password: PASSWORD });
    // Decision 163: the password opens no session of an administrator; the second step does.
    const login = await passSecondStepOverHttp(server, password, recoveryCodes[0]);
    expect(login.status).toBe(302);
    expect(maxAgeOf(sessionSetCookie(login))).toBe(43_200);
  });

  it("gives a customer's sign-in the customer session's life (90 days)", async () => {
    const customer = await createUser(db, { password: PASSWORD });
    const login = await post("/login", { email: customer.email, password: PASSWORD });
    expect(login.status).toBe(302);
    expect(maxAgeOf(sessionSetCookie(login))).toBe(90 * 24 * 60 * 60);
  });

  it("renews an admin's cookie with what is left of the 12 hours, never more", async () => {
    const admin = await createUser(db, { role: "admin" });
    const cookie = await signedInCookie(admin.id);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await db
      .updateTable("sessions")
      .set({ createdAt: hoursAgo(10), lastSeenAt: hoursAgo(0.1) })
      .where("userId", "=", admin.id)
      .execute();
    const response = await fetch(`${server.baseUrl}/admin`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const maxAge = maxAgeOf(sessionSetCookie(response));
    expect(maxAge).toBeGreaterThan(2 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);
  });
});
