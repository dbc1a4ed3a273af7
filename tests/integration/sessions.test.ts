import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserBlocked } from "~/models/customers/admin.server";
import { changePassword } from "~/models/customers/users.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { startServer } from "../setup/http-server";

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function signIn(email: string, password: string, cookie?: string) {
  const response = await fetch(`${server.baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ email, password }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("perfumeria_session="))!
    .split(";")[0];
}

/** 200 when the cookie is still signed in (/orders needs a user), 302 to /login otherwise. */
async function ordersStatus(cookie: string) {
  const response = await fetch(`${server.baseUrl}/orders`, {
    redirect: "manual",
    headers: { Cookie: cookie },
  });
  return response.status;
}

async function newCustomer(password: string) {
  const email = `sesiones-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const { id } = await createUser(db, {
    email,
    password,
    firstName: "Sara",
    lastName: "Paz",
    phone: null,
  });
  return { id, email };
}

describe("sessions", () => {
  it("are stored in SQLite with a 30-day idle expiry and a new id at every sign-in", async () => {
    const { id, email } = await newCustomer("clave-segura-1");
    const visitor = await fetch(`${server.baseUrl}/login`, { redirect: "manual" });
    expect(visitor.status).toBe(200);

    const first = await signIn(email, "clave-segura-1");
    // Signing in again from the same browser replaces the session (no fixation).
    const second = await signIn(email, "clave-segura-1", first);
    expect(first).not.toBe(second);
    const rows = await db
      .selectFrom("sessions")
      .select(["expire"])
      .where("userId", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    const days = (Date.parse(rows[0].expire) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("sets the cookie HttpOnly and SameSite=Lax, Secure and __Host- only over HTTPS", async () => {
    const { email } = await newCustomer("clave-segura-1");
    const plain = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: "clave-segura-1" }),
    });
    const plainCookie = plain.headers
      .getSetCookie()
      .find((c) => c.startsWith("perfumeria_session="))!;
    expect(plainCookie).toMatch(/HttpOnly/i);
    expect(plainCookie).toMatch(/SameSite=Lax/i);
    expect(plainCookie).not.toMatch(/Secure/i);

    const viaTls = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        // Behind the proxy the site's origin is https (the Origin check compares schemes).
        Origin: server.origin.replace(/^http:/, "https:"),
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email, password: "clave-segura-1" }),
    });
    const tlsCookie = viaTls.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-perfumeria_session="))!;
    expect(tlsCookie).toMatch(/; Secure/i);
  });

  it("are deleted on the server at sign-out, so a copied cookie stops working", async () => {
    const { email } = await newCustomer("clave-segura-1");
    const cookie = await signIn(email, "clave-segura-1");
    expect(await ordersStatus(cookie)).toBe(200);
    const logout = await fetch(`${server.baseUrl}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, Cookie: cookie },
    });
    expect(logout.status).toBe(302);
    expect(await ordersStatus(cookie)).toBe(302);
  });

  it("all end when the password changes (except the one that changed it)", async () => {
    const { id, email } = await newCustomer("clave-segura-1");
    const phone = await signIn(email, "clave-segura-1");
    const laptop = await signIn(email, "clave-segura-1");
    const laptopSid = await db
      .selectFrom("sessions")
      .select("sid")
      .where("userId", "=", id)
      .orderBy("expire", "desc")
      .executeTakeFirstOrThrow();
    await changePassword(id, "clave-nueva-22", laptopSid.sid);
    expect(await ordersStatus(phone)).toBe(302);
    expect(await ordersStatus(laptop)).toBe(200);
  });

  it("all end when the account is blocked, and a blocked user cannot sign in", async () => {
    const { id, email } = await newCustomer("clave-segura-1");
    const cookie = await signIn(email, "clave-segura-1");
    const admin = await createUser(db, { role: "admin" });
    expect(await setUserBlocked(admin.id, id, true)).toEqual({ ok: true, changed: true });
    expect(await ordersStatus(cookie)).toBe(302);
    const again = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: "clave-segura-1" }),
    });
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("Tu cuenta está bloqueada");
  });
});
