import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCustomer } from "~/models/customers/users.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createOrder } from "../../../seed/factories/orders";
import { createUser } from "../../../seed/factories/users";
import { callers, tokenFor, useApiServer } from "../../setup/api-client";
import { signedInCookie } from "../../setup/route-helpers";

/*
 * The accounts' own calls (storefront.md §7, backoffice.md §7): signing in and out, registering,
 * completing and changing the profile, the password and deleting the account, through the
 * same model functions as /login, /register, /complete-profile and /profile's tabs.
 */

const api = useApiServer();

/** Password hashes at production cost, on a machine whose two cores may be busy. */
const HASH_BOUND = 60_000;
const PASSWORD = "Jacaranda-Marea-2931";

let ipCounter = 0;
/** A fresh client address per test: the sign-in and sign-up limits count per IP. */
function freshIp() {
  ipCounter += 1;
  return `198.18.${Math.floor(Math.random() * 200) + 1}.${(ipCounter % 250) + 1}`;
}

async function customerWithPassword(overrides: { email?: string } = {}) {
  const email = overrides.email ?? `api-${crypto.randomBytes(5).toString("hex")}@example.com`;
  await createCustomer({
    email,
    password: PASSWORD,
    firstName: "Marta",
    lastName: "Zelaya",
    phone: null,
  });
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user;
}

/** POST /api/auth/login as a browser on our origin: the answer and its session cookie. */
async function apiLogin(email: string, password: string, ip: string, cookie?: string) {
  const answer = await api.call("POST", "/api/auth/login", {
    body: { email, password },
    headers: {
      Origin: api.origin,
      "X-Forwarded-For": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  const cookies = answer.headers.getSetCookie();
  const session = cookies.find((c) => c.startsWith("perfumeria_session="))?.split(";")[0];
  const device = cookies.find((c) => c.startsWith("known_device="))?.split(";")[0];
  return { answer, session, device };
}

/** The /login form's post, for the shared limit. */
function formLogin(email: string, password: string, ip: string) {
  return fetch(`${api.baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: api.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": ip,
    },
    body: new URLSearchParams({ email, password }),
  });
}

describe("POST /api/auth/login and GET /api/auth/me", () => {
  it(
    "signs in like /login and the session cookie then reads the account",
    async () => {
      const user = await customerWithPassword();
      const { answer, session, device } = await apiLogin(
        user.email.toUpperCase(),
        PASSWORD,
        freshIp(),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        role: "customer",
        loyaltyPoints: 50,
        needsProfileCompletion: true,
      });
      expect(session).toBeTruthy();
      expect(device).toBeTruthy();

      const me = await api.get("/api/auth/me", { as: { cookie: session! } });
      expect(me.status).toBe(200);
      expect(me.body).toEqual(answer.body.user);

      const anonymous = await api.get("/api/auth/me");
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    },
    HASH_BOUND,
  );

  it(
    "refuses wrong credentials and a blocked account with the screen's messages",
    async () => {
      const user = await customerWithPassword();
      const wrong = await apiLogin(user.email, "otra-clave-9999", freshIp());
      expect(wrong.answer.status).toBe(401);
      expect(wrong.answer.body.detail).toBe("Credenciales incorrectas");
      expect(wrong.session).toBeUndefined();

      await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
      const blocked = await apiLogin(user.email, PASSWORD, freshIp());
      expect(blocked.answer.status).toBe(401);
      expect(blocked.answer.body.detail).toBe(
        "Tu cuenta está bloqueada. Contacta a soporte para más información.",
      );
      expect(blocked.session).toBeUndefined();
    },
    HASH_BOUND,
  );

  it("checks the body with the form's messages, and refuses a token", async () => {
    const bad = await apiLogin("no-es-correo", "", freshIp());
    expect(bad.answer.status).toBe(422);
    expect(bad.answer.body.errors.email).toEqual(["Correo electrónico inválido"]);

    const missing = await api.call("POST", "/api/auth/login", {
      body: {},
      headers: { Origin: api.origin },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      email: ["El correo electrónico es requerido"],
      password: ["La contraseña es requerida"],
    });

    const { asCustomer } = await callers();
    const byToken = await api.call("POST", "/api/auth/login", {
      as: asCustomer,
      body: { email: "a@example.com", password: "x" },
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe("session_only");
  });

  it("answers a token with its own account", async () => {
    const { asCustomer, customer } = await callers();
    const me = await api.get("/api/auth/me", { as: asCustomer });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: customer.id, email: customer.email, role: "customer" });
  });

  it("refuses a sign-in posted from another site (the Origin check)", async () => {
    const foreign = await api.call("POST", "/api/auth/login", {
      body: { email: "a@example.com", password: "x" },
      headers: { Origin: "https://otro-sitio.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(foreign.headers.getSetCookie()).toEqual([]);
  });

  it(
    "shares /login's limit: failed attempts on either count, the 11th gets 429 with Retry-After",
    async () => {
      const ip = freshIp();
      // Wrong passwords for two accounts, five each: under each account's own limit of ten, so
      // the 11th is refused by the address's limit. (Accounts made at the tests' hashing cost:
      // an unknown address costs a production-cost hash, and login-throttle.test.ts has those.)
      const owner = { password: "la-clave-de-verdad-1" };
      const [viaForm, viaApi] = [await createUser(db, owner), await createUser(db, owner)];
      for (let i = 0; i < 5; i++) {
        expect((await formLogin(viaForm.email, "incorrecta", ip)).status).toBe(401);
        expect((await apiLogin(viaApi.email, "incorrecta", ip)).answer.status).toBe(401);
      }
      const limited = await apiLogin("otra@example.com", "incorrecta", ip);
      expect(limited.answer.status).toBe(429);
      expect(limited.answer.headers.get("retry-after")).toBe("60");
      expect(limited.answer.body.detail).toBe(
        "Demasiados intentos de inicio de sesión. Espera un minuto e inténtalo de nuevo.",
      );
      expect((await formLogin("otra@example.com", "incorrecta", ip)).status).toBe(429);
    },
    HASH_BOUND,
  );
});

describe("POST /api/auth/logout", () => {
  it("ends the session: its cookie no longer signs in", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(200);
    const out = await api.call("POST", "/api/auth/logout", { as: { cookie } });
    expect(out.status).toBe(204);
    expect(out.text).toBe("");
    expect(out.headers.getSetCookie().join()).toContain("perfumeria_session=;");
    expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(401);

    const { asCustomer } = await callers();
    const byToken = await api.call("POST", "/api/auth/logout", { as: asCustomer });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe("session_only");
  });
});

describe("POST /api/auth/register", () => {
  const received = {
    title: "¡Cuenta creada!",
    description:
      "Si este correo no tenía cuenta, ya está creada: inicia sesión con la contraseña que elegiste. Si ya la tenía, inicia sesión con tu contraseña de siempre.",
  };

  function register(body: unknown, ip = freshIp()) {
    return api.call("POST", "/api/auth/register", {
      body,
      headers: { Origin: api.origin, "X-Forwarded-For": ip },
    });
  }

  it(
    "creates the account with /register's rules, and answers the same for a taken address",
    async () => {
      const email = `nueva-${crypto.randomBytes(4).toString("hex")}@example.com`;
      const fields = {
        firstName: "Rosa",
        lastName: "Banegas",
        email,
        phone: "9999-1234",
        password: PASSWORD,
      };
      const created = await register(fields);
      expect(created.status).toBe(200);
      expect(created.body).toEqual(received);
      const row = await db
        .selectFrom("users")
        .select(["id", "firstName", "phone", "loyaltyPoints", "role"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        firstName: "Rosa",
        phone: "+504 9999-1234",
        loyaltyPoints: 50,
        role: "customer",
      });
      expect(created.headers.getSetCookie()).toEqual([]);

      // Decision 082: a taken address gets the same answer, and its account is untouched.
      const again = await register({
        ...fields,
        firstName: "Intrusa",
        password: "Otra-Clave-7731",
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(received);
      const same = await db
        .selectFrom("users")
        .select("firstName")
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      expect(same.firstName).toBe("Rosa");
    },
    HASH_BOUND,
  );

  it("refuses bad input with the form's messages and creates nothing", async () => {
    const email = `mala-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const bad = await register({
      firstName: "",
      lastName: "Banegas",
      email,
      password: "corta",
      confirmPassword: "otra",
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe("Revisa los datos enviados.");
    expect(bad.body.errors).toMatchObject({
      firstName: ["El primer nombre es requerido"],
      password: ["La contraseña debe tener al menos 8 caracteres"],
      confirmPassword: ["Las contraseñas no coinciden"],
    });

    const weak = await register({
      firstName: "Ana",
      lastName: "Cruz",
      email,
      password: "password1",
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toHaveLength(1);

    const notText = await register({ firstName: 5, lastName: "Cruz", email, password: PASSWORD });
    expect(notText.status).toBe(422);
    // The body is /register's form: its own word for the first name (storefront.md §5).
    expect(notText.body.errors.firstName).toEqual(["El primer nombre es requerido"]);

    // A confirmation that is sent must agree, as on the form; one left out is the password.
    const differ = await register({
      firstName: "Ana",
      lastName: "Cruz",
      email,
      password: PASSWORD,
      confirmPassword: `${PASSWORD}x`,
    });
    expect(differ.status).toBe(422);
    expect(differ.body.errors).toEqual({ confirmPassword: ["Las contraseñas no coinciden"] });

    const rows = await db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(rows).toEqual([]);

    const { asCustomer } = await callers();
    const byToken = await api.call("POST", "/api/auth/register", {
      as: asCustomer,
      body: { firstName: "Ana", lastName: "Cruz", email, password: PASSWORD },
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe("session_only");
  });
});

describe("POST /api/auth/complete-profile", () => {
  it("requires the five fields, as /complete-profile does, and saves them", async () => {
    const user = await createUser(db, { googleId: `g-${Date.now()}`, phone: null });
    const cookie = { cookie: await signedInCookie(user.id) };
    const missing = await api.call("POST", "/api/auth/complete-profile", {
      as: cookie,
      body: {
        firstName: "Ana",
        lastName: "Cruz",
        phone: "12",
        favoriteAddress1: "",
        favoriteAddress2: " ",
      },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      phone: ["Formato inválido. Ejemplo: 0000-0000"],
      favoriteAddress1: ["La dirección principal es requerida"],
      favoriteAddress2: ["La dirección alternativa es requerida"],
    });

    const done = await api.call("POST", "/api/auth/complete-profile", {
      as: cookie,
      body: {
        firstName: "Ana",
        lastName: "Cruz",
        phone: "9876-5432",
        favoriteAddress1: "Col. Palmira, Tegucigalpa",
        favoriteAddress2: "Barrio Guamilito, San Pedro Sula",
      },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: user.id,
      phone: "+504 9876-5432",
      favoriteAddress1: "Col. Palmira, Tegucigalpa",
      signsInWithGoogle: true,
      needsProfileCompletion: false,
    });

    // A field left out is named by the body's own check, with the form's message.
    const leftOut = await api.call("POST", "/api/auth/complete-profile", {
      as: cookie,
      body: { firstName: "Ana", lastName: "Cruz", phone: "9876-5432", favoriteAddress1: "Centro" },
    });
    expect(leftOut.status).toBe(422);
    expect(leftOut.body.errors).toEqual({
      favoriteAddress2: ["La dirección alternativa es requerida"],
    });

    const anonymous = await api.call("POST", "/api/auth/complete-profile", {
      body: {},
      headers: { Origin: api.origin },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("GET and PUT /api/profile", () => {
  it("changes what /profile's loader then shows; a new e-mail waits for its link", async () => {
    const user = await customerWithPassword();
    await db
      .updateTable("users")
      .set({ favoriteAddress1: "Col. Kennedy" })
      .where("id", "=", user.id)
      .execute();
    const cookie = await signedInCookie(user.id);
    const before = await api.get("/api/profile", { as: { cookie } });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      id: user.id,
      hasPassword: true,
      mustVerifyEmail: false,
      pendingEmail: null,
    });

    const email = `cambio-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const changed = await api.call("PUT", "/api/profile", {
      as: { cookie },
      body: {
        firstName: " Elena ",
        lastName: "Paz",
        email: email.toUpperCase(),
        phone: "2234-5678",
        currentPassword: PASSWORD,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      firstName: "Elena",
      lastName: "Paz",
      // Decision 129: the sign-in e-mail changes when the link sent to the new one is followed.
      email: user.email,
      pendingEmail: email,
      phone: "+504 2234-5678",
      // Not sent: kept.
      favoriteAddress1: "Col. Kennedy",
    });

    const page = await fetch(`${api.baseUrl}/profile?_data=routes/_store.profile._index`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({
      defaults: {
        firstName: "Elena",
        lastName: "Paz",
        email: user.email,
        phone: "+504 2234-5678",
        favoriteAddress1: "Col. Kennedy",
        favoriteAddress2: "",
      },
      pendingEmail: email,
    });
  });

  it("answers another account's e-mail as a free one; refuses a missing password and bad input (422)", async () => {
    const other = await createUser(db);
    const user = await customerWithPassword();
    const cookie = { cookie: await signedInCookie(user.id) };
    const taken = await api.call("PUT", "/api/profile", {
      as: cookie,
      body: { firstName: "Nuevo", lastName: "Paz", email: other.email, currentPassword: PASSWORD },
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ email: user.email, pendingEmail: other.email });

    const unconfirmed = await api.call("PUT", "/api/profile", {
      as: cookie,
      body: { firstName: "Otro", lastName: "Paz", email: "sin-clave@example.com" },
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.code).toBe("password_required");
    expect(unconfirmed.body.errors.currentPassword).toEqual(["Contraseña actual requerida"]);

    const bad = await api.call("PUT", "/api/profile", {
      as: cookie,
      body: { firstName: "", lastName: "Paz", email: "x", phone: "12" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      firstName: ["El nombre es requerido"],
      email: ["Correo electrónico inválido"],
      phone: ["Formato inválido. Ejemplo: +504 0000-0000"],
    });
    const row = await db
      .selectFrom("users")
      .select(["firstName", "email"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: "Nuevo", email: user.email });
  });

  it("refuses a visitor, a read-only token on a write, and a write from another site", async () => {
    expect((await api.get("/api/profile")).status).toBe(401);
    const user = await createUser(db, { firstName: "Quieta" });
    const readOnly = await tokenFor(user, { scope: "read" });
    expect((await api.get("/api/profile", { as: { token: readOnly.token } })).status).toBe(200);
    const body = { firstName: "Cambiada", lastName: "Paz", email: user.email };
    const write = await api.call("PUT", "/api/profile", { as: { token: readOnly.token }, body });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe("read_only_token");

    const cookie = await signedInCookie(user.id);
    const foreign = await api.call("PUT", "/api/profile", {
      body,
      headers: { Cookie: cookie, Origin: "https://otro-sitio.example" },
    });
    expect(foreign.status).toBe(403);
    const row = await db
      .selectFrom("users")
      .select("firstName")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.firstName).toBe("Quieta");
  });
});

describe("PUT /api/profile/password", () => {
  it(
    "changes the password with /profile/security's rules and ends the account's other sessions",
    async () => {
      const user = await customerWithPassword();
      const here = await signedInCookie(user.id);
      const elsewhere = await signedInCookie(user.id);

      const wrong = await api.call("PUT", "/api/profile/password", {
        as: { cookie: here },
        body: { currentPassword: "no-es-esta-1234", newPassword: "Otra-Clave-Segura-55" },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.currentPassword).toEqual(["La contraseña actual es incorrecta"]);

      const short = await api.call("PUT", "/api/profile/password", {
        as: { cookie: here },
        body: { currentPassword: PASSWORD, newPassword: "corta" },
      });
      expect(short.status).toBe(422);
      expect(short.body.errors.newPassword).toEqual([
        "La nueva contraseña debe tener al menos 8 caracteres",
      ]);

      const changed = await api.call("PUT", "/api/profile/password", {
        as: { cookie: here },
        body: { currentPassword: PASSWORD, newPassword: "Otra-Clave-Segura-55" },
      });
      expect(changed.status).toBe(204);
      expect((await api.get("/api/auth/me", { as: { cookie: here } })).status).toBe(200);
      expect((await api.get("/api/auth/me", { as: { cookie: elsewhere } })).status).toBe(401);

      const signIn = await apiLogin(user.email, "Otra-Clave-Segura-55", freshIp());
      expect(signIn.answer.status).toBe(200);
    },
    HASH_BOUND,
  );
});

describe("DELETE /api/profile/account", () => {
  it(
    "is confirmed with the account's e-mail and password, as /profile/danger asks",
    async () => {
      const user = await customerWithPassword();
      const cookie = await signedInCookie(user.id);
      const unconfirmed = await api.call("DELETE", "/api/profile/account", {
        as: { cookie },
        body: { confirmEmail: "otra@example.com", currentPassword: PASSWORD },
      });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.errors.confirmEmail).toEqual([
        "El correo no coincide con el de tu cuenta",
      ]);
      const wrong = await api.call("DELETE", "/api/profile/account", {
        as: { cookie },
        body: { confirmEmail: user.email, currentPassword: "no-es-esta-1234" },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.code).toBe("wrong_password");
      expect(
        await db.selectFrom("users").select("id").where("id", "=", user.id).execute(),
      ).toHaveLength(1);

      const deleted = await api.call("DELETE", "/api/profile/account", {
        as: { cookie },
        body: { confirmEmail: user.email.toUpperCase(), currentPassword: PASSWORD },
      });
      expect(deleted.status).toBe(204);
      expect(await db.selectFrom("users").select("id").where("id", "=", user.id).execute()).toEqual(
        [],
      );
      expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(401);
    },
    HASH_BOUND,
  );

  it("refuses while an order is open (409), and a blocked account's token (401)", async () => {
    const user = await customerWithPassword();
    const product = await createProduct(db);
    await createOrder(db, { userId: user.id, lines: [{ product }] });
    const { token } = await tokenFor(user);
    const open = await api.call("DELETE", "/api/profile/account", {
      as: { token },
      body: { confirmEmail: user.email, currentPassword: PASSWORD },
    });
    expect(open.status).toBe(409);
    expect(open.body.detail).toBe(
      "Tienes pedidos en curso. Podrás eliminar tu cuenta cuando se entreguen o se cancelen.",
    );

    await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
    const blocked = await api.call("DELETE", "/api/profile/account", {
      as: { token },
      body: { confirmEmail: user.email, currentPassword: PASSWORD },
    });
    expect(blocked.status).toBe(401);
    expect(
      await db.selectFrom("users").select("id").where("id", "=", user.id).execute(),
    ).toHaveLength(1);
  });
});
