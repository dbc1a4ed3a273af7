import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredSessions } from "~/models/auth/sessions.server";
import { newRecoveryCodes, totpStep } from "~/models/auth/two-factor.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { startServer } from "../setup/http-server";
import { sessionCookie } from "../setup/route-helpers";

/*
 * Decision 163 against the built server: an administrator's sign-in asks for a second step
 * (set up the first time), with the app's code or a recovery code, each taken once; wrong codes
 * are limited; "Recordar este equipo" skips the code; a dangerous act asks for a fresh code;
 * the JSON sign-in asks for `code`.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const PASSWORD = "clave-admin-segura-2fa";

/** The browser: its cookies, kept between requests as a browser keeps them. */
class Browser {
  cookies = new Map<string, string>();

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      const expired = attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  async get(path: string) {
    return this.take(
      await fetch(server.baseUrl + path, {
        redirect: "manual",
        headers: { Cookie: this.header() },
      }),
    );
  }

  async post(path: string, fields: Record<string, string>) {
    return this.take(
      await fetch(server.baseUrl + path, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: this.header(),
        },
        body: new URLSearchParams(fields),
      }),
    );
  }
}

function codeAt(secret: string, step: number) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
}

function codeNow(secret: string) {
  return codeAt(secret, totpStep(new Date()));
}

async function newAdmin() {
  return createUser(db, { role: "admin", password: PASSWORD });
}

/** An administrator whose code is set up already: its secret and recovery codes. */
async function enrolledAdmin() {
  const admin = await newAdmin();
  const secret = new Secret({ size: 20 }).base32;
  const { codes, hashes } = newRecoveryCodes();
  await db
    .insertInto("twoFactors")
    .values({
      userId: admin.id,
      secret,
      lastStep: null,
      recoveryCodes: JSON.stringify(hashes),
      createdAt: new Date().toISOString(),
    })
    .execute();
  return { admin, secret, recoveryCodes: codes };
}

async function passwordStep(browser: Browser, email: string) {
  return browser.post("/admin-access", { email, password: PASSWORD });
}

describe("the first sign-in sets up the second factor", () => {
  it("asks for the setup, draws the QR on the server, and shows ten recovery codes once", async () => {
    const admin = await newAdmin();
    const browser = new Browser();
    const signIn = await passwordStep(browser, admin.email);
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/admin-access/configurar");
    // The password alone opened nothing.
    expect((await browser.get("/admin")).headers.get("location")).toMatch(/^\/login/);

    const page = await browser.get("/admin-access/configurar");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Configura la verificación en dos pasos");
    expect(html).toMatch(/<svg[^>]*viewBox/);
    const secret = html.match(/>([A-Z2-7]{4}(?: [A-Z2-7]{1,4})+)</)![1].replace(/ /g, "");
    expect(secret).toHaveLength(32);
    // A reload keeps the same secret (the app may be scanned already).
    expect(await (await browser.get("/admin-access/configurar")).text()).toContain(
      secret.match(/.{4}/g)!.join(" "),
    );

    const wrong = await browser.post("/admin-access/configurar", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("El código no es correcto");
    expect(
      await db.selectFrom("twoFactors").select("id").where("userId", "=", admin.id).execute(),
    ).toEqual([]);

    const right = await browser.post("/admin-access/configurar", { code: codeNow(secret) });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin-access/codigos");
    const codesPage = await (await browser.get("/admin-access/codigos")).text();
    const codes = codesPage.match(/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/g);
    expect(new Set(codes).size).toBe(10);
    // Shown once: the page sends on to the panel now.
    expect((await browser.get("/admin-access/codigos")).headers.get("location")).toBe("/admin");
    expect((await browser.get("/admin")).status).toBe(200);
    const stored = await db
      .selectFrom("twoFactors")
      .select(["secret", "recoveryCodes"])
      .where("userId", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toBe(secret);
    // Only hashes are stored.
    expect(stored.recoveryCodes).not.toContain(codes![0]);
  });

  it("sends a customer made admin, still signed in, to the setup before the panel", async () => {
    const user = await createUser(db, { role: "admin" });
    const browser = new Browser();
    const [name, value] = (await sessionCookie({ userId: user.id, secondFactor: null })).split("=");
    browser.cookies.set(name, value);
    expect((await browser.get("/admin")).headers.get("location")).toBe("/admin-access/configurar");
    expect((await browser.get("/admin-access/configurar")).status).toBe(200);
  });
});

describe("the second step", () => {
  it("takes the app's code once: the same code cannot sign in again", async () => {
    const { admin, secret } = await enrolledAdmin();
    const first = new Browser();
    expect((await passwordStep(first, admin.email)).headers.get("location")).toBe(
      "/admin-access/verificar",
    );
    const code = codeNow(secret);
    const signedIn = await first.post("/admin-access/verificar", { code });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    expect((await first.get("/admin")).status).toBe(200);

    const second = new Browser();
    await passwordStep(second, admin.email);
    const replayed = await second.post("/admin-access/verificar", { code });
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toContain("ya se usó");
  });

  it("takes a recovery code once", async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    const first = new Browser();
    await passwordStep(first, admin.email);
    const typed = recoveryCodes[3].toLowerCase().replace(/-/g, " ");
    expect((await first.post("/admin-access/verificar", { code: typed })).status).toBe(302);
    const second = new Browser();
    await passwordStep(second, admin.email);
    expect((await second.post("/admin-access/verificar", { code: recoveryCodes[3] })).status).toBe(
      400,
    );
  });

  it("remembers a device for 30 days when asked, until it is forgotten", async () => {
    const { admin, secret } = await enrolledAdmin();
    const browser = new Browser();
    await passwordStep(browser, admin.email);
    await browser.post("/admin-access/verificar", { code: codeNow(secret), remember: "on" });
    expect(browser.cookies.has("trusted_device")).toBe(true);
    const device = await db
      .selectFrom("trustedDevices")
      .select(["expiresAt"])
      .where("userId", "=", admin.id)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(device.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await browser.post("/logout", {});
    const again = await passwordStep(browser, admin.email);
    expect(again.headers.get("location")).toBe("/admin");

    // Another account's browser, given this cookie, still asks that account for its code.
    const other = await enrolledAdmin();
    const borrowed = new Browser();
    borrowed.cookies.set("trusted_device", browser.cookies.get("trusted_device")!);
    expect((await passwordStep(borrowed, other.admin.email)).headers.get("location")).toBe(
      "/admin-access/verificar",
    );

    await db.deleteFrom("trustedDevices").where("userId", "=", admin.id).execute();
    await browser.post("/logout", {});
    expect((await passwordStep(browser, admin.email)).headers.get("location")).toBe(
      "/admin-access/verificar",
    );
  });

  it("drops the sign-in after five wrong codes, and limits an account to ten in 15 minutes", async () => {
    const { admin, secret } = await enrolledAdmin();
    const browser = new Browser();
    await passwordStep(browser, admin.email);
    for (let i = 0; i < 4; i += 1) {
      expect((await browser.post("/admin-access/verificar", { code: "111111" })).status).toBe(400);
    }
    const fifth = await browser.post("/admin-access/verificar", { code: "111111" });
    expect(fifth.status).toBe(302);
    expect(fifth.headers.get("location")).toBe("/admin-access");
    // The pending sign-in is gone: the right code now opens nothing.
    const late = await browser.post("/admin-access/verificar", { code: codeNow(secret) });
    expect(late.headers.get("location")).toBe("/admin-access");

    // Typing the password again does not buy more guesses than the account's ten.
    await passwordStep(browser, admin.email);
    for (let i = 0; i < 4; i += 1)
      await browser.post("/admin-access/verificar", { code: "222222" });
    await passwordStep(browser, admin.email);
    await browser.post("/admin-access/verificar", { code: "333333" });
    const limited = await browser.post("/admin-access/verificar", { code: codeNow(secret) });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Espera 15 minutos");
    expect((await browser.get("/admin")).headers.get("location")).toMatch(/^\/login/);
  });

  it("leaves a pending sign-in that is not this browser's to nobody", async () => {
    const { admin } = await enrolledAdmin();
    const browser = new Browser();
    await passwordStep(browser, admin.email);
    const stranger = new Browser();
    expect((await stranger.get("/admin-access/verificar")).headers.get("location")).toBe(
      "/admin-access",
    );
  });
});

describe("step-up for dangerous acts", () => {
  it("asks a session whose last code is over 10 minutes old for a code before a role change", async () => {
    const { admin, secret } = await enrolledAdmin();
    const customer = await createUser(db);
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    const browser = new Browser();
    const [name, value] = (
      await sessionCookie({ userId: admin.id, secondFactor: { method: "totp", provedAt: stale } })
    ).split("=");
    browser.cookies.set(name, value);
    const here = `/admin/users/${customer.id}`;
    expect(await (await browser.get(here)).text()).toContain("Código de verificación");

    const refused = await browser.post(here, { intent: "set-role", role: "admin" });
    expect(refused.headers.get("location")).toBe(here);
    const role = async () =>
      (
        await db
          .selectFrom("users")
          .select("role")
          .where("id", "=", customer.id)
          .executeTakeFirstOrThrow()
      ).role;
    expect(await role()).toBe("customer");

    const wrong = await browser.post(here, { intent: "set-role", role: "admin", stepUpCode: "1" });
    expect(wrong.headers.get("location")).toBe(here);
    expect(await role()).toBe("customer");

    await browser.post(here, { intent: "set-role", role: "admin", stepUpCode: codeNow(secret) });
    expect(await role()).toBe("admin");
    // Fresh now: the next ten minutes ask for none.
    expect(await (await browser.get(here)).text()).not.toContain("Código de verificación");
    await browser.post(here, { intent: "set-role", role: "customer" });
    expect(await role()).toBe("customer");
  });

  it("keeps the bank account as it was without a fresh code, and the form as typed", async () => {
    const { admin } = await enrolledAdmin();
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    const browser = new Browser();
    const [name, value] = (
      await sessionCookie({ userId: admin.id, secondFactor: { method: "device", provedAt: stale } })
    ).split("=");
    browser.cookies.set(name, value);
    const page = await (await browser.get("/admin/settings/shipping")).text();
    expect(page).toContain("Código de verificación");
    // The tab's values as the form holds them (its loader's data).
    const data = await browser.get(
      `/admin/settings/shipping?_data=${encodeURIComponent("routes/admin.settings.$tab")}`,
    );
    const { values } = (await data.json()) as { values: Record<string, string> };
    const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const refused = await browser.post("/admin/settings/shipping", {
      ...fields,
      bank_account_number: "999-999999-9",
    });
    const text = await refused.text();
    expect(refused.status).toBe(403);
    expect(text).toContain("escribe el código de tu aplicación");
    expect(text).toContain("999-999999-9");
    const stored = await db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "bank_account_number")
      .executeTakeFirst();
    expect(stored?.value).not.toBe("999-999999-9");
  });
});

describe("the second factor on /profile/security", () => {
  it("forgets the account's own remembered devices only, and every one at a password change", async () => {
    const { admin, secret } = await enrolledAdmin();
    const other = await enrolledAdmin();
    const browser = new Browser();
    await passwordStep(browser, admin.email);
    await browser.post("/admin-access/verificar", { code: codeNow(secret), remember: "on" });
    await passwordStep(new Browser(), other.admin.email);
    const theirs = await trustDeviceOf(other.admin.id);
    const mine = await db
      .selectFrom("trustedDevices")
      .select("id")
      .where("userId", "=", admin.id)
      .executeTakeFirstOrThrow();
    const page = await (await browser.get("/profile/security")).text();
    expect(page).toContain("Verificación en dos pasos");
    expect(page).toContain("Equipos recordados");

    // Another account's device, named by its id: nothing is forgotten.
    await browser.post("/profile/security", { intent: "forget-device", deviceId: String(theirs) });
    expect(await devicesOf(other.admin.id)).toBe(1);
    await browser.post("/profile/security", { intent: "forget-device", deviceId: String(mine.id) });
    expect(await devicesOf(admin.id)).toBe(0);

    // A password change forgets them all (afterPasswordChange).
    await trustDeviceOf(admin.id);
    await browser.post("/profile/security", {
      currentPassword: PASSWORD,
      newPassword: "otra-clave-muy-segura-7",
      confirmPassword: "otra-clave-muy-segura-7",
    });
    expect(await devicesOf(admin.id)).toBe(0);
  });

  it("makes new recovery codes only with a fresh code, shows them once, and the old ones stop working", async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const stale = new Date(Date.now() - 11 * 60_000).toISOString();
    const browser = new Browser();
    const [name, value] = (
      await sessionCookie({ userId: admin.id, secondFactor: { method: "totp", provedAt: stale } })
    ).split("=");
    browser.cookies.set(name, value);
    const refused = await browser.post("/profile/security", { intent: "renew-recovery-codes" });
    expect(refused.headers.get("location")).toBe("/profile/security");
    const renewed = await browser.post("/profile/security", {
      intent: "renew-recovery-codes",
      stepUpCode: codeNow(secret),
    });
    expect(renewed.headers.get("location")).toBe("/admin-access/codigos");
    const page = await (await browser.get("/admin-access/codigos")).text();
    const codes = page.match(/[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/g)!;
    expect(new Set(codes).size).toBe(10);
    expect(codes).not.toContain(recoveryCodes[0]);

    const old = new Browser();
    await passwordStep(old, admin.email);
    expect((await old.post("/admin-access/verificar", { code: recoveryCodes[0] })).status).toBe(
      400,
    );
    expect((await old.post("/admin-access/verificar", { code: codes[0] })).status).toBe(302);
  });
});

async function trustDeviceOf(userId: number) {
  const row = await db
    .insertInto("trustedDevices")
    .values({
      userId,
      tokenHash: crypto.randomBytes(32).toString("hex"),
      label: "Chrome en Windows",
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function devicesOf(userId: number) {
  const rows = await db
    .selectFrom("trustedDevices")
    .select("id")
    .where("userId", "=", userId)
    .execute();
  return rows.length;
}

describe("remembered devices' end", () => {
  it("is swept by the sessions' hourly job once their 30 days are over", async () => {
    const { admin } = await enrolledAdmin();
    const live = await trustDeviceOf(admin.id);
    const over = await trustDeviceOf(admin.id);
    await db
      .updateTable("trustedDevices")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", over)
      .execute();
    await deleteExpiredSessions();
    const left = await db
      .selectFrom("trustedDevices")
      .select("id")
      .where("userId", "=", admin.id)
      .execute();
    expect(left.map((row) => row.id)).toEqual([live]);
  });
});

describe("the JSON API", () => {
  async function apiSignIn(body: Record<string, string>) {
    return fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.origin, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it("answers an administrator's sign-in without a code with its own problem type", async () => {
    const { admin, secret } = await enrolledAdmin();
    const missing = await apiSignIn({ email: admin.email, password: PASSWORD });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({
      type: "/api/docs#second-factor-required",
      code: "second_factor_required",
    });
    const wrong = await apiSignIn({ email: admin.email, password: PASSWORD, code: "123456" });
    expect(wrong.status).toBe(401);
    const right = await apiSignIn({
      email: admin.email,
      password: PASSWORD,
      code: codeNow(secret),
    });
    expect(right.status).toBe(200);

    const unenrolled = await newAdmin();
    const setup = await apiSignIn({ email: unenrolled.email, password: PASSWORD });
    expect(setup.status).toBe(403);
    expect((await setup.json()).type).toBe("/api/docs#second-factor-setup-required");
    // Both types are explained where they point.
    const reference = await (await fetch(`${server.baseUrl}/api/docs`)).text();
    expect(reference).toContain('id="second-factor-required"');
    expect(reference).toContain('id="second-factor-setup-required"');
  });

  it("refuses admin calls to an administrator's session that has not passed the second step", async () => {
    const admin = await newAdmin();
    const cookie = await sessionCookie({ userId: admin.id, secondFactor: null });
    const answer = await fetch(`${server.baseUrl}/api/admin/stats`, {
      headers: { Cookie: cookie },
    });
    expect(answer.status).toBe(403);
    expect((await answer.json()).type).toBe("/api/docs#second-factor-required");
  });

  it("creates no admin-level token for an administrator without a second factor", async () => {
    const { admin } = await enrolledAdmin();
    const unenrolled = await newAdmin();
    const browser = new Browser();
    const [name, value] = (await sessionCookie({ userId: admin.id })).split("=");
    browser.cookies.set(name, value);
    const refused = await browser.post("/admin/api-tokens", {
      name: "Contabilidad",
      email: unenrolled.email,
      scope: "read",
      level: "admin",
      days: "30",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("aún no configuró la verificación en dos pasos");
    const tokens = await db
      .selectFrom("apiTokens")
      .select("id")
      .where("userId", "=", unenrolled.id)
      .execute();
    expect(tokens).toEqual([]);
  });
});
