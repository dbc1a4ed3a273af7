import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { listAdminUsers } from "~/models/customers/admin.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createOrder } from "../../../seed/factories/orders";
import { createUser } from "../../../seed/factories/users";
import { callers, tokenFor, useApiServer } from "../../setup/api-client";
import { signedInCookie } from "../../setup/route-helpers";

/*
 * The back office's customers calls (backoffice.md §7 "Users", the loyalty adjustment): the
 * same model functions and refusals as /admin/users, its profile view, its delete page and
 * /admin/loyalty.
 */

const api = useApiServer();
const SCRYPT_BOUND = 60_000;

function uniqueEmail(prefix: string) {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

async function historyOf(userId: number) {
  return db
    .selectFrom("userActivityLog")
    .select(["actionType", "fieldChanged", "oldValue", "newValue", "adminNotes"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();
}

describe("GET /api/users", () => {
  it("lists what /admin/users lists for the same filters, page by page", async () => {
    const { asAdmin } = await callers();
    const surname = `Listado${crypto.randomBytes(3).toString("hex")}`;
    for (let i = 0; i < 3; i++) await createUser(db, { lastName: surname });
    await createUser(db, { lastName: surname, role: "admin" });

    const answer = await api.get(`/api/users?q=${surname}&role=customer&limit=2`, { as: asAdmin });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ page: 1, pageCount: 2, total: 3, limit: 2 });
    const screen = await listAdminUsers({ search: surname, role: "customer", pageSize: 2 });
    expect(answer.body.items.map((u: { id: number }) => u.id)).toEqual(
      screen.users.map((u) => u.id),
    );
    expect(answer.body.items[0]).toMatchObject({
      lastName: surname,
      role: "customer",
      isBlocked: false,
      orderCount: 0,
      totalSpent: 0,
    });
    const last = await api.get(`/api/users?q=${surname}&limit=2&page=9`, { as: asAdmin });
    expect(last.body).toMatchObject({ page: 2, total: 4 });
  });

  it("refuses a visitor (401), a customer (403) and a bad filter (400)", async () => {
    const { asCustomer, customerSession, asAdmin } = await callers();
    expect((await api.get("/api/users")).status).toBe(401);
    expect((await api.get("/api/users", { as: asCustomer })).status).toBe(403);
    const bySession = await api.get("/api/users", { as: customerSession });
    expect(bySession.status).toBe(403);
    expect(bySession.body.detail).toBe("Esta llamada es solo para administradores.");
    const bad = await api.get("/api/users?role=robot&limit=0", { as: asAdmin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["limit", "role"]);
  });
});

describe("POST /api/users", () => {
  it(
    "creates an account with /admin/users/new's rules (201), and 409 for a taken e-mail",
    async () => {
      const { asAdmin, admin } = await callers();
      const email = uniqueEmail("creada");
      const body = {
        email,
        password: "Ceiba-Tranvia-4821",
        firstName: "Nora",
        lastName: "Matute",
        phone: "+504 9988-7766",
        role: "customer",
      };
      const created = await api.call("POST", "/api/users", { as: asAdmin, body });
      expect(created.status).toBe(201);
      expect(created.headers.get("location")).toBe(`/api/users/${created.body.id}`);
      expect(created.body).toMatchObject({
        email,
        firstName: "Nora",
        phone: "+504 9988-7766",
        role: "customer",
        isBlocked: false,
        signsInWithGoogle: false,
      });
      const history = await db
        .selectFrom("userActivityLog")
        .select(["adminId", "actionDescription"])
        .where("userId", "=", created.body.id)
        .execute();
      expect(history).toEqual([
        { adminId: admin.id, actionDescription: "Cuenta creada por un administrador" },
      ]);

      const taken = await api.call("POST", "/api/users", {
        as: asAdmin,
        body: { ...body, email: email.toUpperCase() },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.detail).toBe("Ya existe una cuenta con este correo electrónico.");
    },
    SCRYPT_BOUND,
  );

  it("refuses bad input with the form's messages, a customer and a read-only token", async () => {
    const { asAdmin, asCustomer, admin } = await callers();
    const email = uniqueEmail("mala");
    const bad = await api.call("POST", "/api/users", {
      as: asAdmin,
      body: {
        email,
        password: "corta",
        firstName: "Nora",
        lastName: "",
        phone: "+504 1234-5678",
        role: "customer",
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      password: ["La contraseña debe tener al menos 8 caracteres"],
      lastName: ["El apellido es requerido"],
      phone: ["Formato inválido. Ejemplo: +504 9999-0000 (el número empieza con 2 a 9)"],
    });
    const badRole = await api.call("POST", "/api/users", {
      as: asAdmin,
      body: { email, password: "x", firstName: "a", lastName: "b", role: "jefe" },
    });
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors.role).toEqual(["Elige el rol del usuario."]);

    const body = {
      email,
      password: "Ceiba-Tranvia-4821",
      firstName: "Nora",
      lastName: "Matute",
      role: "admin",
    };
    expect((await api.call("POST", "/api/users", { as: asCustomer, body })).status).toBe(403);
    const readOnly = await tokenFor(admin, { scope: "read" });
    const refused = await api.call("POST", "/api/users", { as: { token: readOnly.token }, body });
    expect(refused.status).toBe(403);
    expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual(
      [],
    );
  });
});

describe("GET, PUT and DELETE /api/users/{id}", () => {
  it("changes name, e-mail and phone, each change in the history", async () => {
    const { asAdmin } = await callers();
    const user = await createUser(db, { firstName: "Antes", phone: null });
    const other = await createUser(db);
    const email = uniqueEmail("editada");
    const updated = await api.call("PUT", `/api/users/${user.id}`, {
      as: asAdmin,
      body: { firstName: "Después", lastName: user.lastName, email, phone: "2233-4455" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: "Después", email, phone: "+504 2233-4455" });
    expect((await historyOf(user.id)).map((e) => e.fieldChanged)).toEqual([
      "firstName",
      "email",
      "phone",
    ]);
    const read = await api.get(`/api/users/${user.id}`, { as: asAdmin });
    expect(read.body).toEqual(updated.body);

    const taken = await api.call("PUT", `/api/users/${user.id}`, {
      as: asAdmin,
      body: { firstName: "X", lastName: "Y", email: other.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toEqual(["Ya existe una cuenta con este correo electrónico."]);

    const unknown = await api.call("PUT", "/api/users/999999999", {
      as: asAdmin,
      body: { firstName: "X", lastName: "Y", email: uniqueEmail("nadie") },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Usuario no encontrado");
    expect((await api.get("/api/users/abc", { as: asAdmin })).status).toBe(404);
  });

  it("deletes an account, but not oneself nor one with an open order", async () => {
    const { asAdmin, admin } = await callers();
    const user = await createUser(db);
    const busy = await createUser(db);
    await createOrder(db, { userId: busy.id, lines: [{ product: await createProduct(db) }] });

    const self = await api.call("DELETE", `/api/users/${admin.id}`, { as: asAdmin });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe("No puedes eliminar tu propia cuenta desde el panel.");
    const open = await api.call("DELETE", `/api/users/${busy.id}`, { as: asAdmin });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe("open_orders");

    const deleted = await api.call("DELETE", `/api/users/${user.id}`, { as: asAdmin });
    expect(deleted.status).toBe(204);
    expect(await db.selectFrom("users").select("id").where("id", "=", user.id).execute()).toEqual(
      [],
    );
    expect((await api.call("DELETE", `/api/users/${user.id}`, { as: asAdmin })).status).toBe(404);
  });
});

describe("role, block, unblock and password of /api/users/{id}", () => {
  it("changes the role, never one's own", async () => {
    // Decision 131: roles change with an admin's session; an admin-level token gets a 403.
    const { asAdmin, adminSession: asAdminSession, admin } = await callers();
    const user = await createUser(db);
    const byToken = await api.call("PUT", `/api/users/${user.id}/role`, {
      as: asAdmin,
      body: { role: "admin" },
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.code).toBe("session_only");
    const promoted = await api.call("PUT", `/api/users/${user.id}/role`, {
      as: asAdminSession,
      body: { role: "admin" },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("admin");
    expect(await historyOf(user.id)).toMatchObject([
      { actionType: "role_change", oldValue: "customer", newValue: "admin" },
    ]);

    const self = await api.call("PUT", `/api/users/${admin.id}/role`, {
      as: asAdminSession,
      body: { role: "customer" },
    });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe("No puedes cambiar tu propio rol.");
    const bad = await api.call("PUT", `/api/users/${user.id}/role`, {
      as: asAdminSession,
      body: { role: "jefe" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.role).toEqual(["Elige el rol del usuario."]);
  });

  it("blocks (ending the user's sessions) and unblocks, never oneself", async () => {
    const { asAdmin, admin } = await callers();
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(200);

    const blocked = await api.call("PUT", `/api/users/${user.id}/block`, { as: asAdmin });
    expect(blocked.status).toBe(200);
    expect(blocked.body.isBlocked).toBe(true);
    expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(401);
    const sessions = await db
      .selectFrom("sessions")
      .select("sid")
      .where("userId", "=", user.id)
      .execute();
    expect(sessions).toEqual([]);

    const self = await api.call("PUT", `/api/users/${admin.id}/block`, { as: asAdmin });
    expect(self.status).toBe(403);
    expect(self.body.detail).toBe("No puedes bloquear tu propia cuenta.");

    const unblocked = await api.call("PUT", `/api/users/${user.id}/unblock`, { as: asAdmin });
    expect(unblocked.status).toBe(200);
    expect(unblocked.body.isBlocked).toBe(false);
    expect((await historyOf(user.id)).map((e) => e.actionType)).toEqual([
      "account_block",
      "account_unblock",
    ]);
    expect((await api.call("PUT", "/api/users/999999999/block", { as: asAdmin })).status).toBe(404);
  });

  it(
    "sets a new password with the form's rules, never one's own",
    async () => {
      const { asAdmin, adminSession, admin } = await callers();
      const user = await createUser(db, { firstName: "Gabriela", lastName: "Reyes" });
      const cookie = await signedInCookie(user.id);
      const weak = await api.call("PUT", `/api/users/${user.id}/password`, {
        as: asAdmin,
        body: { password: "corta" },
      });
      expect(weak.status).toBe(422);
      expect(weak.body.errors.password).toEqual(["La contraseña debe tener al menos 8 caracteres"]);
      const differ = await api.call("PUT", `/api/users/${user.id}/password`, {
        as: asAdmin,
        body: { password: "Ceiba-Tranvia-4821", confirmPassword: "Ceiba-Tranvia-4822" },
      });
      expect(differ.status).toBe(422);
      expect(differ.body.errors.confirmPassword).toEqual(["Las contraseñas no coinciden"]);

      const reset = await api.call("PUT", `/api/users/${user.id}/password`, {
        as: asAdmin,
        body: { password: "Ceiba-Tranvia-4821" },
      });
      expect(reset.status).toBe(204);
      expect((await api.get("/api/auth/me", { as: { cookie } })).status).toBe(401);
      expect((await historyOf(user.id)).map((e) => e.actionType)).toEqual(["password_reset"]);

      // An admin's password is never set with a token (decision 131); with a session, not one's own.
      const byToken = await api.call("PUT", `/api/users/${admin.id}/password`, {
        as: asAdmin,
        body: { password: "Ceiba-Tranvia-4821" },
      });
      expect(byToken.status).toBe(403);
      expect(byToken.body.code).toBe("session_only");
      const self = await api.call("PUT", `/api/users/${admin.id}/password`, {
        as: adminSession,
        body: { password: "Ceiba-Tranvia-4821" },
      });
      expect(self.status).toBe(403);
      expect(self.body.detail).toBe("Cambia tu propia contraseña desde tu perfil.");
    },
    SCRYPT_BOUND,
  );
});

describe("notes, history and orders of /api/users/{id}", () => {
  it("adds a note to the history, lists notes apart, and serves no PUT of notes", async () => {
    const { asAdmin, admin } = await callers();
    const user = await createUser(db);
    await api.call("PUT", `/api/users/${user.id}/block`, { as: asAdmin });
    const added = await api.call("POST", `/api/users/${user.id}/notes`, {
      as: asAdmin,
      body: { note: "  Llamó para confirmar su dirección.  " },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      actionType: "admin_note",
      note: "Llamó para confirmar su dirección.",
      admin: { email: admin.email },
    });

    const empty = await api.call("POST", `/api/users/${user.id}/notes`, {
      as: asAdmin,
      body: { note: "   " },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.note).toEqual(["La nota no puede estar vacía."]);

    const notes = await api.get(`/api/users/${user.id}/admin-notes`, { as: asAdmin });
    expect(notes.status).toBe(200);
    expect(notes.body).toMatchObject({ total: 1, page: 1, pageCount: 1, limit: 20 });
    expect(notes.body.items).toEqual([added.body]);

    const activity = await api.get(`/api/users/${user.id}/activity?limit=1`, { as: asAdmin });
    expect(activity.body).toMatchObject({ total: 2, pageCount: 2 });
    expect(activity.body.items[0].id).toBe(added.body.id);
    const older = await api.get(`/api/users/${user.id}/activity?limit=1&page=2`, { as: asAdmin });
    expect(older.body.items[0].actionType).toBe("account_block");

    const put = await api.call("PUT", `/api/users/${user.id}/notes`, {
      as: asAdmin,
      body: { adminNotes: "x" },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    expect((await api.get("/api/users/999999999/activity", { as: asAdmin })).status).toBe(404);
  });

  it("pages the account's orders, newest first", async () => {
    const { asAdmin, asCustomer } = await callers();
    const user = await createUser(db);
    const product = await createProduct(db);
    const first = await createOrder(db, {
      userId: user.id,
      lines: [{ product }],
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    const second = await createOrder(db, {
      userId: user.id,
      lines: [{ product }],
      createdAt: "2026-02-01T10:00:00.000Z",
    });
    const page = await api.get(`/api/users/${user.id}/orders?limit=1`, { as: asAdmin });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, pageCount: 2, limit: 1 });
    expect(page.body.items).toEqual([
      {
        id: second.id,
        orderNumber: second.orderNumber,
        status: "pending",
        statusLabel: expect.any(String),
        total: second.total,
        paymentMethod: "bank_transfer",
        createdAt: "2026-02-01T10:00:00.000Z",
      },
    ]);
    const next = await api.get(`/api/users/${user.id}/orders?limit=1&page=2`, { as: asAdmin });
    expect(next.body.items[0].id).toBe(first.id);
    expect((await api.get(`/api/users/${user.id}/orders`, { as: asCustomer })).status).toBe(403);
  });
});

describe("GET /api/users/search", () => {
  it("finds customers as /admin/loyalty does, with their full name", async () => {
    const { asAdmin } = await callers();
    const surname = `Busqueda${crypto.randomBytes(3).toString("hex")}`;
    const customer = await createUser(db, { firstName: "Iris", lastName: surname });
    await createUser(db, { firstName: "Jefe", lastName: surname, role: "admin" });
    const found = await api.get(`/api/users/search?q=${surname}`, { as: asAdmin });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({
      id: customer.id,
      fullName: `Iris ${surname}`,
      isBlocked: false,
    });
    const short = await api.get("/api/users/search?q=a", { as: asAdmin });
    expect(short.body).toMatchObject({ items: [], total: 0 });
  });
});

describe("POST /api/loyalty-points/add", () => {
  it("adds points through the ledger, with /admin/loyalty's rules", async () => {
    const { asAdmin, admin, asCustomer } = await callers();
    const customer = await createUser(db);
    const added = await api.call("POST", "/api/loyalty-points/add", {
      as: asAdmin,
      body: { userId: customer.id, points: 120, description: "Compensación por retraso" },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      userId: customer.id,
      points: 120,
      balance: 120,
      pointsEarned: 120,
      pointsRedeemed: 0,
      loyaltyTier: "bronce",
    });
    const ledger = await db
      .selectFrom("pointsHistory")
      .select(["points", "type", "description"])
      .where("userId", "=", customer.id)
      .execute();
    expect(ledger).toEqual([
      { points: 120, type: "admin", description: "Compensación por retraso" },
    ]);

    const zero = await api.call("POST", "/api/loyalty-points/add", {
      as: asAdmin,
      body: { userId: customer.id, points: 0, description: "" },
    });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toMatchObject({
      points: ["Los puntos deben ser al menos 1"],
      description: ["La descripción es requerida"],
    });
    const toAdmin = await api.call("POST", "/api/loyalty-points/add", {
      as: asAdmin,
      body: { userId: admin.id, points: 10, description: "x" },
    });
    expect(toAdmin.status).toBe(404);
    expect(toAdmin.body.detail).toBe("Cliente no encontrado");
    const byCustomer = await api.call("POST", "/api/loyalty-points/add", {
      as: asCustomer,
      body: { userId: customer.id, points: 10, description: "x" },
    });
    expect(byCustomer.status).toBe(403);
    const row = await db
      .selectFrom("users")
      .select("loyaltyPoints")
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(row.loyaltyPoints).toBe(120);
  });
});

describe("the OpenAPI document", () => {
  it("documents the accounts' calls, and no PUT of notes", async () => {
    const doc = (await api.get("/api/openapi.json")).body;
    expect(Object.keys(doc.paths["/api/users/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(doc.paths["/api/users/{id}/notes"])).toEqual(["post"]);
    expect(doc.paths["/api/auth/login"].post.tags).toEqual(["Cuenta"]);
    expect(doc.paths["/api/profile/account"].delete.requestBody).toBeTruthy();
    expect(doc.paths["/api/loyalty-points/add"].post.responses).toHaveProperty("404");
  });
});
