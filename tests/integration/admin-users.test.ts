import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addUserNote,
  createUserByAdmin,
  deleteUserByAdmin,
  listAdminUsers,
  listUserActivity,
  resetUserPassword,
  setUserBlocked,
  setUserRole,
  updateUserInfo,
} from "~/models/customers/admin.server";
import { verifyLogin } from "~/models/customers/users.server";
import { action as userAction, loader as userLoader } from "~/routes/admin.users_.$userId/route";
import { action as deleteAction } from "~/routes/admin.users_.$userId_.delete";
import { action as createAction } from "~/routes/admin.users_.new";
import { getUser } from "~/web/auth.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../db/factories/catalog";
import { createOrder } from "../../db/factories/orders";
import { createUser } from "../../db/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

let admin: Awaited<ReturnType<typeof createUser>>;
let adminCookie: string;

beforeAll(async () => {
  admin = await createUser(db, { role: "admin", firstName: "Ana", lastName: "Admin" });
  adminCookie = await signedInCookie(admin.id);
});

const unique = () => crypto.randomBytes(4).toString("hex");

const sessionsOf = async (userId: number) =>
  (
    await db
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow()
  ).n;

const userRow = (id: number) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

const activityOf = (userId: number) =>
  db.selectFrom("userActivityLog").selectAll().where("userId", "=", userId).orderBy("id").execute();

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

const post = (
  route: typeof userAction | typeof deleteAction | typeof createAction,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  cookie = adminCookie,
) => settle(() => route({ request: formPost(path, fields, cookie), params, context: {} }));

const userPost = (userId: number, fields: Record<string, string>, cookie = adminCookie) =>
  post(userAction, `/admin/users/${userId}`, { userId: String(userId) }, fields, cookie);

describe("the list", () => {
  it("finds by name, e-mail or phone digits, filters by role, and sums orders in one query", async () => {
    const tag = unique();
    const customer = await createUser(db, {
      firstName: `Marisol${tag}`,
      email: `marisol-${tag}@example.com`,
      phone: "+504 3170-4455",
    });
    const product = await createProduct(db, { price: 100_000, stock: 20 });
    const delivered = await createOrder(db, {
      lines: [{ product }],
      userId: customer.id,
      status: "delivered",
    });
    await createOrder(db, { lines: [{ product }], userId: customer.id, status: "pending" });

    const byName = await listAdminUsers({ search: `marisol${tag}` });
    expect(byName.users.map((user) => user.id)).toEqual([customer.id]);
    expect(byName.users[0]).toMatchObject({ orderCount: 2, totalSpent: delivered.total });
    expect((await listAdminUsers({ search: `MARISOL-${tag}@` })).total).toBe(1);
    expect((await listAdminUsers({ search: "31704455" })).users.map((u) => u.id)).toContain(
      customer.id,
    );
    expect((await listAdminUsers({ search: `marisol${tag}`, role: "admin" })).total).toBe(0);
    const admins = await listAdminUsers({ role: "admin", pageSize: 100 });
    expect(admins.users.every((user) => user.role === "admin")).toBe(true);
    expect(admins.users.map((user) => user.id)).toContain(admin.id);
  });

  it("pages the results", async () => {
    const tag = unique();
    for (let i = 0; i < 3; i++) await createUser(db, { lastName: `Pagina${tag}` });
    const first = await listAdminUsers({ search: `Pagina${tag}`, pageSize: 2 });
    const second = await listAdminUsers({ search: `Pagina${tag}`, pageSize: 2, page: 2 });
    expect(first).toMatchObject({ total: 3, pageCount: 2, page: 1 });
    expect(first.users).toHaveLength(2);
    expect(second.users).toHaveLength(1);
    expect(second.users[0]?.id).not.toBe(first.users[0]?.id);
  });
});

describe("creating a user (/admin/users/new)", () => {
  const create = (fields: Record<string, string>, cookie = adminCookie) =>
    post(createAction, "/admin/users/new", {}, fields, cookie);

  it("refuses missing fields, a bad phone and a short password with §5's messages", async () => {
    const missing = await create({ firstName: "Rosa", role: "customer" });
    expect(missing.status).toBe(400);
    const { result } = await missing.json();
    expect(result.error[""]).toEqual(["Todos los campos son obligatorios."]);
    expect(result.error.email).toBeDefined();

    const email = `rosa-${unique()}@example.com`;
    const bad = await create({
      firstName: "Rosa",
      lastName: "Mejía",
      email,
      phone: "+504 1234-5678",
      password: "corta",
      role: "customer",
    });
    expect(bad.status).toBe(400);
    const errors = (await bad.json()).result.error;
    expect(errors[""]).toBeUndefined();
    expect(errors.phone[0]).toMatch(/^Formato inválido/);
    expect(errors.password).toEqual(["La contraseña debe tener al menos 8 caracteres"]);
    expect(
      await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBe(undefined);
  });

  it("creates a customer who can sign in, with the welcome bonus and the creation logged", async () => {
    const email = `nuevo-${unique()}@example.com`;
    const response = await create({
      firstName: " Rosa ",
      lastName: "Mejía",
      email: email.toUpperCase(),
      phone: "98765432",
      password: "una-clave-segura",
      role: "customer",
    });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.title).toBe("Usuario creado");
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(response.headers.get("Location")).toBe(`/admin/users/${user.id}`);
    expect(user).toMatchObject({ firstName: "Rosa", phone: "+504 9876-5432", role: "customer" });
    expect(user.hasRegistrationBonus).toBe(1);
    expect(await verifyLogin(email, "una-clave-segura")).toMatchObject({ ok: true });
    const [created] = await activityOf(user.id);
    expect(created).toMatchObject({ adminId: admin.id, actionType: "profile_update" });

    const again = await create({
      firstName: "Otra",
      lastName: "Persona",
      email,
      password: "otra-clave-segura",
      role: "customer",
    });
    expect(again.status).toBe(400);
    expect((await again.json()).result.error.email).toEqual([
      "Ya existe una cuenta con este correo electrónico.",
    ]);
  });

  it("creates an administrator without loyalty points", async () => {
    const email = `admin-${unique()}@example.com`;
    const created = await createUserByAdmin(admin.id, {
      firstName: "Beto",
      lastName: "Admin",
      email,
      phone: null,
      password: "clave-de-admin",
      role: "admin",
    });
    expect(created.ok).toBe(true);
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: "admin", loyaltyPoints: 0, hasRegistrationBonus: 0 });
  });
});

describe("editing the information", () => {
  it("writes one history entry per changed field and refuses a taken e-mail", async () => {
    const user = await createUser(db, { phone: null });
    const other = await createUser(db);
    const email = `cambiado-${unique()}@example.com`;
    const response = await userPost(user.id, {
      intent: "update-info",
      firstName: user.firstName,
      lastName: "Cambiado",
      email,
      phone: "2234-5678",
    });
    expect((await toastOf(response))?.title).toBe("Información actualizada");
    expect(await userRow(user.id)).toMatchObject({
      lastName: "Cambiado",
      email,
      phone: "+504 2234-5678",
    });
    const log = await activityOf(user.id);
    expect(log.map((entry) => entry.fieldChanged)).toEqual(["lastName", "email", "phone"]);
    expect(log[1]).toMatchObject({
      actionType: "profile_update",
      adminId: admin.id,
      oldValue: user.email,
      newValue: email,
    });

    const unchanged = await updateUserInfo(admin.id, user.id, {
      firstName: user.firstName,
      lastName: "Cambiado",
      email,
      phone: "+504 2234-5678",
    });
    expect(unchanged).toEqual({ ok: true, changed: [] });
    expect(await activityOf(user.id)).toHaveLength(3);

    const taken = await userPost(user.id, {
      intent: "update-info",
      firstName: "X",
      lastName: "Y",
      email: other.email.toUpperCase(),
    });
    expect(taken.status).toBe(400);
    expect((await taken.json()).result.error.email).toEqual([
      "Ya existe una cuenta con este correo electrónico.",
    ]);
    expect((await userRow(user.id))?.firstName).toBe(user.firstName);
  });
});

describe("role, block, password: the rules the model enforces", () => {
  it("refuses an admin acting on themself", async () => {
    expect(await setUserRole(admin.id, admin.id, "customer")).toEqual({
      ok: false,
      error: "self",
    });
    expect(await setUserBlocked(admin.id, admin.id, true)).toEqual({ ok: false, error: "self" });
    expect(await resetUserPassword(admin.id, admin.id, "nueva-clave-123")).toEqual({
      ok: false,
      error: "self",
    });
    expect(await deleteUserByAdmin(admin.id, admin.id)).toEqual({ ok: false, error: "self" });
    expect(await userRow(admin.id)).toMatchObject({ role: "admin", isBlocked: 0 });

    const response = await userPost(admin.id, { intent: "block" });
    const toast = await toastOf(response);
    expect(toast).toMatchObject({
      type: "error",
      title: "Error al cambiar el estado del usuario",
      description: "No puedes bloquear tu propia cuenta.",
    });
    expect(await activityOf(admin.id)).toEqual([]);
  });

  it("never leaves the store without an active administrator", async () => {
    // Two admins act on each other from pages loaded at the same time: the second is refused.
    const first = await createUser(db, { role: "admin" });
    const second = await createUser(db, { role: "admin" });
    await db
      .updateTable("users")
      .set({ role: "customer" })
      .where("role", "=", "admin")
      .where("id", "not in", [first.id, second.id])
      .execute();
    try {
      expect(await setUserBlocked(first.id, second.id, true)).toEqual({ ok: true, changed: true });
      expect(await setUserBlocked(second.id, first.id, true)).toEqual({
        ok: false,
        error: "last-admin",
      });
      expect(await setUserRole(second.id, first.id, "customer")).toEqual({
        ok: false,
        error: "last-admin",
      });
      expect(await deleteUserByAdmin(second.id, first.id)).toEqual({
        ok: false,
        error: "last-admin",
      });
      expect(await userRow(first.id)).toMatchObject({ role: "admin", isBlocked: 0 });
      // A blocked admin may lose the role: the active one stays.
      expect(await setUserRole(first.id, second.id, "customer")).toEqual({
        ok: true,
        changed: true,
      });
    } finally {
      await db.updateTable("users").set({ role: "admin" }).where("id", "=", admin.id).execute();
    }
  });

  it("blocking ends every session at once; the old cookie counts as signed out, sign-in is refused", async () => {
    const email = `bloqueo-${unique()}@example.com`;
    const created = await createUserByAdmin(admin.id, {
      firstName: "Bruno",
      lastName: "Bloqueado",
      email,
      phone: null,
      password: "clave-bloqueo-1",
      role: "customer",
    });
    if (!created.ok) throw new Error("not created");
    const userId = created.userId;
    const phoneCookie = await signedInCookie(userId);
    const laptopCookie = await signedInCookie(userId);
    expect(await sessionsOf(userId)).toBe(2);
    expect((await getUser(get("/", phoneCookie)))?.id).toBe(userId);

    const response = await userPost(userId, { intent: "block" });
    expect((await toastOf(response))?.title).toBe("Usuario bloqueado");
    expect(await sessionsOf(userId)).toBe(0);
    expect(await getUser(get("/", phoneCookie))).toBeNull();
    expect(await getUser(get("/", laptopCookie))).toBeNull();
    expect(await verifyLogin(email, "clave-bloqueo-1")).toEqual({ ok: false, reason: "blocked" });
    const [, blocked] = await activityOf(userId);
    expect(blocked).toMatchObject({
      actionType: "account_block",
      adminId: admin.id,
      newValue: "bloqueado",
    });

    await userPost(userId, { intent: "unblock" });
    expect(await verifyLogin(email, "clave-bloqueo-1")).toMatchObject({ ok: true });
    expect((await activityOf(userId)).at(-1)?.actionType).toBe("account_unblock");
  });

  it("a new password ends the user's sessions and is the one that signs in", async () => {
    const email = `clave-${unique()}@example.com`;
    const created = await createUserByAdmin(admin.id, {
      firstName: "Clara",
      lastName: "Clave",
      email,
      phone: null,
      password: "clave-original-1",
      role: "customer",
    });
    if (!created.ok) throw new Error("not created");
    const cookie = await signedInCookie(created.userId);

    const mismatch = await userPost(created.userId, {
      intent: "set-password",
      password: "clave-nueva-123",
      confirmPassword: "otra-cosa-123",
    });
    expect(mismatch.status).toBe(400);
    const refused = await mismatch.json();
    expect(refused.result.error.confirmPassword).toEqual(["Las contraseñas no coinciden"]);
    expect(JSON.stringify(refused)).not.toContain("clave-nueva-123");

    const response = await userPost(created.userId, {
      intent: "set-password",
      password: "clave-nueva-123",
      confirmPassword: "clave-nueva-123",
    });
    expect((await toastOf(response))?.title).toBe("Contraseña actualizada");
    expect(await getUser(get("/", cookie))).toBeNull();
    expect(await verifyLogin(email, "clave-original-1")).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
    expect(await verifyLogin(email, "clave-nueva-123")).toMatchObject({ ok: true });
    const entry = (await activityOf(created.userId)).at(-1);
    expect(entry).toMatchObject({ actionType: "password_reset", adminId: admin.id });
    expect(JSON.stringify(entry)).not.toContain("clave-nueva-123");
  });

  it("toggles the role with its history entry", async () => {
    const user = await createUser(db);
    const response = await userPost(user.id, { intent: "set-role", role: "admin" });
    expect((await toastOf(response))?.title).toBe("Rol actualizado");
    expect((await userRow(user.id))?.role).toBe("admin");
    expect((await activityOf(user.id)).at(-1)).toMatchObject({
      actionType: "role_change",
      oldValue: "customer",
      newValue: "admin",
      adminId: admin.id,
    });
    await userPost(user.id, { intent: "set-role", role: "customer" });
    expect((await userRow(user.id))?.role).toBe("customer");
  });

  it("writes the change and its history entry together or not at all", async () => {
    const user = await createUser(db);
    // An acting admin id that does not exist breaks the history's foreign key: the change goes too.
    await expect(setUserRole(2_000_000_000, user.id, "admin")).rejects.toThrow();
    await expect(setUserBlocked(2_000_000_000, user.id, true)).rejects.toThrow();
    expect(await userRow(user.id)).toMatchObject({ role: "customer", isBlocked: 0 });
    expect(await activityOf(user.id)).toEqual([]);
  });
});

describe("notes and the profile view", () => {
  it("refuses an empty note and keeps a real one with its author", async () => {
    const user = await createUser(db);
    expect(await addUserNote(admin.id, user.id, "   ")).toEqual({ ok: false, error: "empty" });
    const empty = await userPost(user.id, { intent: "add-note", note: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).result.error.note).toEqual(["La nota no puede estar vacía."]);

    const response = await userPost(user.id, { intent: "add-note", note: " Llamó por su pedido " });
    expect((await toastOf(response))?.title).toBe("Nota agregada");
    const [note] = await listUserActivity(user.id);
    expect(note).toMatchObject({
      actionType: "admin_note",
      adminNotes: "Llamó por su pedido",
      adminEmail: admin.email,
      adminFirstName: "Ana",
    });

    const page = await settle(() =>
      userLoader({
        request: get(`/admin/users/${user.id}`, adminCookie),
        params: { userId: String(user.id) },
        context: {},
      }),
    );
    const data = await page.json();
    expect(data.activity[0].adminNotes).toBe("Llamó por su pedido");
    expect(data.user).not.toHaveProperty("passwordHash");
    expect(data.isSelf).toBe(false);
  });
});

describe("deleting (/admin/users/{id}/delete)", () => {
  const remove = (userId: number) =>
    post(deleteAction, `/admin/users/${userId}/delete`, { userId: String(userId) }, {});

  it("deletes a customer with their data and refuses one with an open order", async () => {
    const user = await createUser(db);
    await signedInCookie(user.id);
    await addUserNote(admin.id, user.id, "Antes de borrar");
    const response = await remove(user.id);
    expect(response.headers.get("Location")).toBe("/admin/users");
    expect((await toastOf(response))?.title).toBe("Usuario eliminado");
    expect(await userRow(user.id)).toBeUndefined();
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await activityOf(user.id)).toEqual([]);

    const busy = await createUser(db);
    const product = await createProduct(db, { stock: 5 });
    await createOrder(db, { lines: [{ product }], userId: busy.id, status: "paid" });
    const refused = await remove(busy.id);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "Error al eliminar el usuario",
    });
    expect(await userRow(busy.id)).toBeDefined();
  });
});
