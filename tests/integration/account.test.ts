import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmailChange, requestEmailChange } from "~/models/customers/email-change.server";
import { getMailContext } from "~/models/mail/context.server";
import { createCustomer, deleteUserAccount, verifyLogin } from "~/models/customers/users.server";
import { action as addressesAction } from "~/routes/_store.account.addresses";
import { loader as accountLoader } from "~/routes/_store.account";
import { loader as accountSettingsLoader } from "~/routes/_store.account.settings";
import { action as dangerAction } from "~/routes/_store.profile.danger";
import { loader as profileOrdersLoader } from "~/routes/_store.profile.orders";
import { action as personalAction } from "~/routes/_store.profile._index";
import { action as securityAction } from "~/routes/_store.profile.security";
import { getUser } from "~/web/auth.server";
import { loyaltyRulesFrom } from "~/models/loyalty/loyalty";
import { recordPoints } from "~/models/loyalty/points-ledger.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { redeemPoints } from "../../seed/factories/loyalty";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { createReview } from "../../seed/factories/reviews";
import { createUser } from "../../seed/factories/users";
import { startMailbox } from "../setup/mailbox";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

/*
 * The customer's own account (issue 9, "Account and profile"): the actions of /profile's
 * personal, security and danger tabs and of /account, with real Requests against the test
 * database, and deleteUserAccount's effect on every table that holds a user.
 */

const run =
  (handler: (args: ActionFunctionArgs) => Promise<unknown>) =>
  (path: string, fields: Record<string, string>, cookie?: string) =>
    settle(() => handler({ request: formPost(path, fields, cookie), params: {}, context: {} }));

const load = (
  handler: (args: LoaderFunctionArgs) => Promise<unknown>,
  path: string,
  cookie?: string,
) => settle(() => handler({ request: get(path, cookie), params: {}, context: {} }));

const postPersonal = run(personalAction);
const postSecurity = run(securityAction);
const postDanger = run(dangerAction);
const postAddresses = run(addressesAction);

type Reply = { result: { error?: Record<string, string[] | null> } };
const errorsOf = async (response: Response) => ((await response.json()) as Reply).result.error;
const toastOf = async (response: Response, cookie?: string) =>
  (await readSession(sessionCookieOf(response, cookie))).toast?.title;

const userRow = (id: number) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

async function userWithPassword(password: string) {
  return createUser(db, { password });
}

/** The addresses the account asked for and has not confirmed. */
const pendingOf = async (userId: number) =>
  (
    await db
      .selectFrom("emailChanges")
      .select("newEmail")
      .where("userId", "=", userId)
      .where("confirmedAt", "is", null)
      .execute()
  ).map((row) => row.newEmail);

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox?.close();
});

/** The tokens of the confirmation links e-mailed to `email`, oldest first, as sent. */
async function confirmTokensTo(email: string) {
  const texts = await mailbox.textsTo(email);
  return texts.map((text) => /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!);
}

const PROFILE = {
  firstName: "Lucía",
  lastName: "Mejía",
  email: "lucia@example.com",
  phone: "98765432",
  favoriteAddress1: "Colonia Palmira, casa 12",
  favoriteAddress2: "",
};

describe("signing in with a password hashed before argon2id (decision 155)", () => {
  /** An scrypt hash in the form the store wrote before decision 155, at a test's cost. */
  const scryptHash = (password: string) => {
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(password, salt, 64, { N: 2 ** 10, r: 8, p: 1 });
    return ["scrypt", 2 ** 10, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
  };

  it("signs in, and stores the password again as argon2id; a wrong password changes nothing", async () => {
    const before = scryptHash("clave-de-siempre-1");
    const user = await createUser(db, { passwordHash: before });
    const hashOf = async () =>
      (
        await db
          .selectFrom("users")
          .select("passwordHash")
          .where("id", "=", user.id)
          .executeTakeFirstOrThrow()
      ).passwordHash;

    expect(await verifyLogin(user.email, "otra-clave-1")).toEqual({
      ok: false,
      reason: "invalid_credentials",
    });
    expect(await hashOf()).toBe(before);

    expect(await verifyLogin(user.email, "clave-de-siempre-1")).toMatchObject({ ok: true });
    const after = await hashOf();
    expect(after).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyLogin(user.email, "clave-de-siempre-1")).toMatchObject({ ok: true });
    expect(await hashOf()).toBe(after);
  });
});

describe("/profile personal tab", () => {
  it("answers the spec's messages and changes nothing", async () => {
    const user = await createUser(db);
    const response = await postPersonal(
      "/profile",
      { firstName: " ", lastName: "", email: "no-es-correo", phone: "1234" },
      await signedInCookie(user.id),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toMatchObject({
      firstName: ["El nombre es requerido"],
      lastName: ["El apellido es requerido"],
      email: ["Correo electrónico inválido"],
      phone: ["Formato inválido. Ejemplo: +504 0000-0000"],
    });
    expect((await userRow(user.id))?.firstName).toBe(user.firstName);
  });

  it("saves the details and formats the phone; a new e-mail waits for its link", async () => {
    const user = await userWithPassword("clave-del-perfil-2026");
    const cookie = await signedInCookie(user.id);
    const email = `Nueva-${user.id}@Example.com`;
    const response = await postPersonal(
      "/profile",
      { ...PROFILE, email, currentPassword: "clave-del-perfil-2026" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await toastOf(response, cookie)).toBe("Perfil actualizado");
    expect(await userRow(user.id)).toMatchObject({
      firstName: "Lucía",
      lastName: "Mejía",
      email: user.email,
      phone: "+504 9876-5432",
      favoriteAddress1: "Colonia Palmira, casa 12",
      favoriteAddress2: null,
    });
    expect(await pendingOf(user.id)).toEqual([email.toLowerCase()]);
  });

  it("saves the other details without the password while the e-mail stays", async () => {
    const user = await createUser(db);
    const response = await postPersonal(
      "/profile",
      { ...PROFILE, email: user.email.toUpperCase() },
      await signedInCookie(user.id),
    );
    expect(response.status).toBe(302);
    expect((await userRow(user.id))?.firstName).toBe("Lucía");
    expect(await pendingOf(user.id)).toEqual([]);
  });

  it("refuses a new e-mail without the right password, and changes nothing", async () => {
    const user = await userWithPassword("clave-del-perfil-2026");
    const cookie = await signedInCookie(user.id);
    const fields = { ...PROFILE, firstName: "Otro", email: `otra-${user.id}@example.com` };
    const missing = await postPersonal("/profile", fields, cookie);
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing))?.currentPassword).toEqual(["Contraseña actual requerida"]);
    const wrong = await postPersonal("/profile", { ...fields, currentPassword: "no-es" }, cookie);
    expect((await errorsOf(wrong))?.currentPassword).toEqual([
      "La contraseña actual es incorrecta",
    ]);
    // A Google account without a password creates one first.
    const google = await createUser(db, { googleId: `g-${user.id}` });
    const none = await postPersonal(
      "/profile",
      { ...fields, email: `g-${user.id}@example.com`, currentPassword: "x" },
      await signedInCookie(google.id),
    );
    expect((await errorsOf(none))?.email).toEqual([
      "Tu cuenta entra con Google: crea una contraseña en la pestaña Seguridad antes de cambiar tu correo.",
    ]);
    expect((await userRow(user.id))?.firstName).toBe(user.firstName);
    expect(await pendingOf(user.id)).toEqual([]);
  });

  it("answers a taken address as a free one, whatever its case", async () => {
    const other = await createUser(db);
    const user = await userWithPassword("clave-del-perfil-2026");
    const cookie = await signedInCookie(user.id);
    const response = await postPersonal(
      "/profile",
      { ...PROFILE, email: other.email.toUpperCase(), currentPassword: "clave-del-perfil-2026" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect((await readSession(sessionCookieOf(response, cookie))).toast).toMatchObject({
      title: "Perfil actualizado",
      description: expect.stringContaining(`Te enviamos un enlace a ${other.email}`),
    });
    expect((await userRow(user.id))?.email).toBe(user.email);
  });

  it("lets the UNIQUE index decide when two accounts confirm the same e-mail at once", async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const email = `carrera-${a.id}@example.com`;
    const context = await getMailContext();
    await requestEmailChange({ userId: a.id, newEmail: email }, context);
    await requestEmailChange({ userId: b.id, newEmail: email }, context);
    const tokens = await confirmTokensTo(email);
    expect(tokens).toHaveLength(2);
    const results = await Promise.all(tokens.map((token) => confirmEmailChange(token)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: "taken" }]);
    const owners = await db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(owners).toHaveLength(1);
  });

  it("sends a visitor to sign in", async () => {
    const response = await postPersonal("/profile", PROFILE);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("/profile/orders", () => {
  it("lists the customer's own orders with the first 3 items and how many more", async () => {
    const user = await createUser(db);
    const products = await Promise.all([1, 2, 3, 4, 5].map(() => createProduct(db)));
    const big = await createOrder(db, {
      userId: user.id,
      lines: products.map((product) => ({ product })),
    });
    await createOrder(db, {
      userId: (await createUser(db)).id,
      lines: [{ product: products[0]! }],
    });
    expect((await load(profileOrdersLoader, "/profile/orders")).status).toBe(302);

    const signedIn = await load(
      profileOrdersLoader,
      "/profile/orders",
      await signedInCookie(user.id),
    );
    const { orders } = await signedIn.json();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: big.id, orderNumber: big.orderNumber, moreCount: 2 });
    expect(orders[0].items.map((item: { productName: string }) => item.productName)).toEqual(
      products.slice(0, 3).map((product) => product.name),
    );
  });
});

describe("/profile/security", () => {
  it("answers the spec's messages", async () => {
    const user = await userWithPassword("clave-actual-1");
    const cookie = await signedInCookie(user.id);
    const empty = await postSecurity("/profile/security", {}, cookie);
    expect(empty.status).toBe(400);
    expect(await errorsOf(empty)).toMatchObject({
      currentPassword: ["Contraseña actual requerida"],
      newPassword: ["La nueva contraseña debe tener al menos 8 caracteres"],
      confirmPassword: ["Confirma la nueva contraseña"],
    });
    const short = await postSecurity(
      "/profile/security",
      { currentPassword: "clave-actual-1", newPassword: "corta", confirmPassword: "corta" },
      cookie,
    );
    expect((await errorsOf(short))?.newPassword).toEqual([
      "La nueva contraseña debe tener al menos 8 caracteres",
    ]);
    const mismatch = await postSecurity(
      "/profile/security",
      {
        currentPassword: "clave-actual-1",
        newPassword: "nueva-clave-22",
        confirmPassword: "otra-clave-22",
      },
      cookie,
    );
    expect((await errorsOf(mismatch))?.confirmPassword).toEqual(["Las contraseñas no coinciden"]);
  });

  it("refuses a wrong current password and keeps the old one", async () => {
    const user = await userWithPassword("clave-actual-1");
    const response = await postSecurity(
      "/profile/security",
      {
        currentPassword: "no-es-esta-1",
        newPassword: "nueva-clave-22",
        confirmPassword: "nueva-clave-22",
      },
      await signedInCookie(user.id),
    );
    expect(response.status).toBe(400);
    expect((await errorsOf(response))?.currentPassword).toEqual([
      "La contraseña actual es incorrecta",
    ]);
    expect((await verifyLogin(user.email, "clave-actual-1")).ok).toBe(true);
  });

  it("changes the password and ends every other session of the user", async () => {
    const user = await userWithPassword("clave-actual-1");
    const [here, elsewhere] = [await signedInCookie(user.id), await signedInCookie(user.id)];
    const bystander = await createUser(db);
    const bystanderCookie = await signedInCookie(bystander.id);

    const response = await postSecurity(
      "/profile/security",
      {
        currentPassword: "clave-actual-1",
        newPassword: "nueva-clave-22",
        confirmPassword: "nueva-clave-22",
      },
      here,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/security");
    expect(await toastOf(response, here)).toBe("Contraseña actualizada");

    expect((await verifyLogin(user.email, "clave-actual-1")).ok).toBe(false);
    expect((await verifyLogin(user.email, "nueva-clave-22")).ok).toBe(true);
    expect((await getUser(get("/", here)))?.id).toBe(user.id);
    expect(await getUser(get("/", elsewhere))).toBeNull();
    expect((await getUser(get("/", bystanderCookie)))?.id).toBe(bystander.id);
  });

  it("lets an account created with Google set a password without a current one", async () => {
    const user = await createUser(db, { googleId: `google-${Date.now()}` });
    const response = await postSecurity(
      "/profile/security",
      { newPassword: "primera-clave-1", confirmPassword: "primera-clave-1" },
      await signedInCookie(user.id),
    );
    expect(response.status).toBe(302);
    expect((await verifyLogin(user.email, "primera-clave-1")).ok).toBe(true);
  });
});

describe("/profile/danger and deleteUserAccount", () => {
  const countOf = async (
    table:
      | "sessions"
      | "cartItems"
      | "wishlistItems"
      | "notifications"
      | "pointsHistory"
      | "userCoupons"
      | "userActivityLog"
      | "reviews",
    userId: number,
  ) => (await db.selectFrom(table).select("userId").where("userId", "=", userId).execute()).length;

  it("refuses without the typed e-mail or the current password", async () => {
    const user = await userWithPassword("clave-para-borrar-2026");
    const cookie = await signedInCookie(user.id);
    const empty = await postDanger("/profile/danger", {}, cookie);
    expect(empty.status).toBe(400);
    expect((await errorsOf(empty))?.confirmEmail).toEqual([
      "Escribe tu correo electrónico para confirmar",
    ]);
    const wrong = await postDanger("/profile/danger", { confirmEmail: "otra@example.com" }, cookie);
    expect((await errorsOf(wrong))?.confirmEmail).toEqual([
      "El correo no coincide con el de tu cuenta",
    ]);
    const noPassword = await postDanger("/profile/danger", { confirmEmail: user.email }, cookie);
    expect((await errorsOf(noPassword))?.currentPassword).toEqual(["Contraseña actual requerida"]);
    const badPassword = await postDanger(
      "/profile/danger",
      { confirmEmail: user.email, currentPassword: "no-es-la-clave" },
      cookie,
    );
    expect((await errorsOf(badPassword))?.currentPassword).toEqual([
      "La contraseña actual es incorrecta",
    ]);
    // A Google account without a password creates one first (decision 129).
    const google = await createUser(db, { googleId: `g-borrar-${user.id}` });
    const none = await postDanger(
      "/profile/danger",
      { confirmEmail: google.email, currentPassword: "x" },
      await signedInCookie(google.id),
    );
    expect((await errorsOf(none))?.[""]).toEqual([
      "Tu cuenta entra con Google: crea una contraseña en la pestaña Seguridad antes de eliminar tu cuenta.",
    ]);
    expect(await userRow(user.id)).toBeDefined();
    expect(await userRow(google.id)).toBeDefined();
  });

  it("deletes the account: orders stay anonymised, everything else of the user goes", async () => {
    const password = "clave-borrar-1";
    const email = `borrar-${Date.now()}@example.com`;
    const { id: userId } = await createCustomer({
      email,
      password,
      firstName: "Berta",
      lastName: "Borrada",
      phone: "+504 9999-1111",
    });
    const other = await createUser(db);
    const [rated, liked] = [await createProduct(db), await createProduct(db)];
    const order = await createOrder(db, {
      userId,
      status: "delivered",
      customerName: "Berta Borrada",
      customerEmail: email,
      lines: [{ product: rated }],
    });
    await attachProof(db, { orderId: order.id });
    await db
      .insertInto("paymentProofs")
      .values({
        id: `suelto-${userId}-0123456789`,
        file: `suelto-${userId}.webp`,
        userId,
        sessionId: null,
        orderId: null,
        size: 1,
        contentHash: null,
      })
      .execute();
    await db
      .insertInto("cartItems")
      .values({ userId, sessionId: null, productId: liked.id, quantity: 1 })
      .execute();
    await db.insertInto("wishlistItems").values({ userId, productId: liked.id }).execute();
    await db
      .insertInto("notifications")
      .values({ userId, type: "order_delivered", title: "Entregado", message: "Tu pedido llegó" })
      .execute();
    await db
      .insertInto("userActivityLog")
      .values({ userId, adminId: null, actionType: "profile_update", actionDescription: "Perfil" })
      .execute();
    // createCustomer granted the 50-point welcome bonus; with 20 more, a 70-point coupon takes them.
    await recordPoints(
      db,
      { userId, points: 20, type: "admin", description: "Ajuste" },
      loyaltyRulesFrom(DEFAULT_SETTINGS),
    );
    await redeemPoints(db, { userId, points: 70 });
    await createReview(db, { productId: rated.id, userId, rating: 1, isApproved: 1 });
    await createReview(db, { productId: rated.id, userId: other.id, rating: 5, isApproved: 1 });
    expect(
      (
        await db
          .selectFrom("products")
          .select("reviewCount")
          .where("id", "=", rated.id)
          .executeTakeFirstOrThrow()
      ).reviewCount,
    ).toBe(2);
    const [cookie, elsewhere] = [await signedInCookie(userId), await signedInCookie(userId)];

    const response = await postDanger(
      "/profile/danger",
      { confirmEmail: email.toUpperCase(), currentPassword: password },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const fresh = sessionCookieOf(response);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);
    expect(await readSession(fresh)).toMatchObject({
      userId: null,
      toast: { title: "Cuenta eliminada" },
    });
    expect(await getUser(get("/", elsewhere))).toBeNull();

    expect(await userRow(userId)).toBeUndefined();
    for (const table of [
      "sessions",
      "cartItems",
      "wishlistItems",
      "notifications",
      "pointsHistory",
      "userCoupons",
      "userActivityLog",
      "reviews",
    ] as const) {
      expect(await countOf(table, userId), table).toBe(0);
    }
    expect(
      await db
        .selectFrom("orders")
        .select([
          "userId",
          "customerName",
          "customerEmail",
          "customerPhone",
          "shippingAddress",
          "shippingCity",
          "total",
          "status",
        ])
        .where("id", "=", order.id)
        .executeTakeFirst(),
    ).toEqual({
      userId: null,
      customerName: "Cuenta eliminada",
      customerEmail: "",
      customerPhone: null,
      shippingAddress: null,
      shippingCity: order.shippingCity,
      total: order.total,
      status: "delivered",
    });
    expect(
      await db.selectFrom("orderItems").select("id").where("orderId", "=", order.id).execute(),
    ).toHaveLength(1);
    // The order's proof stays with it; the loose one is left for the orphan sweep.
    const proofs = await db
      .selectFrom("paymentProofs")
      .select(["orderId", "userId", "sessionId"])
      .where((eb) =>
        eb.or([eb("orderId", "=", order.id), eb("file", "=", `suelto-${userId}.webp`)]),
      )
      .orderBy("orderId", (order) => order.asc().nullsFirst())
      .execute();
    expect(proofs).toEqual([
      { orderId: null, userId: null, sessionId: "cuenta-eliminada" },
      { orderId: order.id, userId: null, sessionId: "cuenta-eliminada" },
    ]);
    // The other customer's 5 stars are all that is left of the product's rating.
    expect(
      await db
        .selectFrom("products")
        .select(["averageRating", "reviewCount"])
        .where("id", "=", rated.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ averageRating: 5, reviewCount: 1 });

    // The address can register again, with a fresh account.
    const again = await createCustomer({
      email,
      password,
      firstName: "Berta",
      lastName: "Nueva",
      phone: null,
    });
    expect(again.id).not.toBe(userId);
  });

  it("refuses a blocked user (signed out by the block, and by the model for the race)", async () => {
    const user = await createUser(db);
    const cookie = await signedInCookie(user.id);
    await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
    const response = await postDanger("/profile/danger", { confirmEmail: user.email }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile%2Fdanger");
    expect(await deleteUserAccount(user.id)).toEqual({ ok: false, reason: "blocked" });
    expect(await userRow(user.id)).toBeDefined();
    // The back office may still delete a blocked account (issue 10 calls the same function).
    expect(await deleteUserAccount(user.id, { requestedBy: "admin" })).toEqual({ ok: true });
    expect(await userRow(user.id)).toBeUndefined();
  });

  it("refuses the last active administrator, with the message on the page", async () => {
    const admin = await createUser(db, {
      role: "admin",
      password: "clave-del-admin-2026",
    });
    // Only this file's database: no other active administrator is left.
    await db
      .updateTable("users")
      .set({ role: "customer" })
      .where("role", "=", "admin")
      .where("id", "!=", admin.id)
      .execute();
    await createUser(db, { role: "admin", isBlocked: 1 });
    const response = await postDanger(
      "/profile/danger",
      { confirmEmail: admin.email, currentPassword: "clave-del-admin-2026" },
      await signedInCookie(admin.id),
    );
    expect(response.status).toBe(409);
    expect((await errorsOf(response))?.[""]).toEqual([
      "Eres el único administrador: nombra a otro administrador antes de eliminar tu cuenta.",
    ]);
    expect(await userRow(admin.id)).toBeDefined();

    await createUser(db, { role: "admin" });
    expect(await deleteUserAccount(admin.id)).toEqual({ ok: true });
  });

  it("refuses while an order is still open", async () => {
    const user = await createUser(db);
    const product = await createProduct(db);
    const order = await createOrder(db, {
      userId: user.id,
      status: "shipped",
      lines: [{ product }],
    });
    expect(await deleteUserAccount(user.id)).toEqual({ ok: false, reason: "open-orders" });
    await db
      .updateTable("orders")
      .set({ status: "delivered" })
      .where("id", "=", order.id)
      .execute();
    expect(await deleteUserAccount(user.id)).toEqual({ ok: true });
  });
});

describe("/account", () => {
  it("answers a visitor 'Acceso Requerido' (401) on every tab, not a redirect", async () => {
    for (const [loader, path] of [
      [accountLoader, "/account"],
      [accountSettingsLoader, "/account/settings"],
    ] as const) {
      const response = await load(loader, path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Acceso Requerido" });
    }
    const user = await createUser(db, { firstName: "Ana", lastName: "Cuenta" });
    const response = await load(accountLoader, "/account", await signedInCookie(user.id));
    expect(await response.json()).toEqual({ name: "Ana Cuenta", mustVerifyEmail: false });
  });

  it("saves the two favourite addresses from the Direcciones tab", async () => {
    const user = await createUser(db, { phone: "+504 2222-3333" });
    const cookie = await signedInCookie(user.id);
    const response = await postAddresses(
      "/account/addresses",
      { favoriteAddress1: "Barrio Guamilito, casa 4", favoriteAddress2: "Oficina, Torre Morazán" },
      cookie,
    );
    expect(response.headers.get("Location")).toBe("/account/addresses");
    expect(await toastOf(response, cookie)).toBe("Direcciones actualizadas");
    expect(await userRow(user.id)).toMatchObject({
      favoriteAddress1: "Barrio Guamilito, casa 4",
      favoriteAddress2: "Oficina, Torre Morazán",
      phone: "+504 2222-3333",
    });
    expect((await postAddresses("/account/addresses", { favoriteAddress1: "x" })).status).toBe(401);
  });
});
