import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";
import { mustVerifyEmail, verifyEmail } from "~/models/customers/email-verification.server";
import { issueUserToken } from "~/models/auth/user-tokens.server";
import { createUserByAdmin } from "~/models/customers/admin.server";
import { findOrCreateGoogleUser } from "~/models/customers/users.server";
import { confirmEmailChange, requestEmailChange } from "~/models/customers/email-change.server";
import { getMailContext } from "~/models/mail/context.server";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { startSmtpServer } from "../../scripts/smtp-server";
import {
  checkoutForm,
  deliveryFields,
  pngBytes,
  putInCart,
  userCookie,
} from "../setup/checkout-helpers";
import { startServer } from "../setup/http-server";

/*
 * Decision 106: with requireEmailVerification on, a new account gets a link by e-mail (through
 * the built server's mail job and a real SMTP server) and may not place an order until it
 * follows it; the checkout's action refuses, whatever the page showed.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Perfumería <tienda@perfumeria.hn>",
  });
  await updateSettings({ requireEmailVerification: "true" });
}, 60_000);
afterAll(async () => {
  await updateSettings({ requireEmailVerification: "false" });
  await server?.stop();
  await smtp?.close();
});

const unique = () => crypto.randomBytes(4).toString("hex");
let nextIp = 1;
const newIp = () => `203.0.113.${nextIp++}`;
const PASSWORD = "magnolia-sandalo-iris-62";

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": newIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const page = (path: string, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });

function linkOf(text: string | undefined) {
  const match = /\/verify-email\?token=[A-Za-z0-9_-]+/.exec(text ?? "");
  if (!match) throw new Error(`no verification link in:\n${text}`);
  return match[0];
}

async function register(email: string) {
  const response = await post("/register", {
    firstName: "Valeria",
    lastName: "Nueva",
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(302);
  return db
    .selectFrom("users")
    .select(["id", "emailVerifiedAt"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

/** Pays later unless a receipt is given (decision 128: later is for verified accounts). */
async function checkout(userId: number, proof?: Uint8Array) {
  const product = await createProduct(db, { stock: 5 });
  const { cookie } = await userCookie(userId);
  await putInCart(db, { userId }, product.id);
  const request = checkoutForm(
    { ...deliveryFields, ...(proof ? {} : { paymentTiming: "later" }) },
    {
      cookie,
      base: server.baseUrl,
      clientIp: newIp(),
      ...(proof ? { proof: { bytes: proof, name: "pago.png" } } : {}),
    },
  );
  return fetch(request, { redirect: "manual" });
}

const ordersOf = (userId: number) =>
  db.selectFrom("orders").select("id").where("userId", "=", userId).execute();

describe("with requireEmailVerification on", () => {
  it("a new account is e-mailed a link, is refused at checkout until it follows it, and can ask again", async () => {
    const email = `verificar-${unique()}@example.com`;
    const user = await register(email);
    expect(user.emailVerifiedAt).toBeNull();
    const [mail] = await smtp.arrivedAt(email);
    expect(mail.subject).toBe("Confirma tu correo electrónico");
    const firstLink = linkOf(mail.text);

    // The server refuses the order in its action, in Spanish; nothing is written.
    const refused = await checkout(user.id);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(EMAIL_VERIFICATION_MESSAGES.checkoutRefused);
    expect(await ordersOf(user.id)).toEqual([]);

    // The account area shows the banner with the resend button.
    const { cookie } = await userCookie(user.id);
    const account = await (await page("/account", cookie)).text();
    expect(account).toContain(EMAIL_VERIFICATION_MESSAGES.banner);
    expect(account).toContain(EMAIL_VERIFICATION_MESSAGES.resend);

    // Asking again sends a new link and voids the first.
    const resent = await post("/verify-email", { redirectTo: "/checkout" }, cookie);
    expect(resent.status).toBe(302);
    expect(resent.headers.get("location")).toBe("/checkout");
    const [, second] = await smtp.arrivedAt(email, 2);
    const secondLink = linkOf(second.text);
    expect(secondLink).not.toBe(firstLink);
    const stale = await page(firstLink);
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain(EMAIL_VERIFICATION_MESSAGES.invalidLink.slice(0, 40));

    // Back to the page that asked for the link (decision 128).
    const followed = await page(secondLink, cookie);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/checkout");
    const row = await db
      .selectFrom("users")
      .select("emailVerifiedAt")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.emailVerifiedAt).not.toBeNull();
    // Used once: following it again is refused.
    expect((await page(secondLink)).status).toBe(400);

    const placed = await checkout(user.id);
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toMatch(/^\/order-success/);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await (await page("/account", cookie)).text()).not.toContain(
      EMAIL_VERIFICATION_MESSAGES.banner,
    );
  }, 60_000);

  it("resending is limited to three an hour per account", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    const { cookie } = await userCookie(user.id);
    const count = async () =>
      (
        await db
          .selectFrom("outboxEmails")
          .select("id")
          .where("toAddress", "=", user.email)
          .execute()
      ).length;
    for (let i = 0; i < 3; i++) await post("/verify-email", { redirectTo: "/account" }, cookie);
    expect(await count()).toBe(3);
    const limited = await post("/verify-email", { redirectTo: "/account" }, cookie);
    expect(limited.status).toBe(302);
    expect(await count()).toBe(3);
    const shown = await (
      await page("/account", limited.headers.get("set-cookie")!.split(";")[0])
    ).text();
    expect(shown).toContain(EMAIL_VERIFICATION_MESSAGES.tooMany);
  });

  it("seeded, admin-created and Google accounts count as verified", async () => {
    const seeded = await createUser(db);
    expect(seeded.emailVerifiedAt).not.toBeNull();
    const admin = await createUser(db, { role: "admin" });
    const created = await createUserByAdmin(admin.id, {
      email: `por-admin-${unique()}@example.com`,
      password: PASSWORD,
      firstName: "Marta",
      lastName: "Creada",
      phone: null,
      role: "customer",
    });
    if (!created.ok) throw new Error("not created");
    const google = await findOrCreateGoogleUser({
      googleId: `g-${unique()}`,
      email: `google-${unique()}@example.com`,
      emailVerified: true,
      firstName: "Gina",
      lastName: "Google",
    });
    if (!google.ok) throw new Error("not created");
    const rows = await db
      .selectFrom("users")
      .select("emailVerifiedAt")
      .where("id", "in", [created.userId, google.user.id])
      .execute();
    expect(rows.map((row) => row.emailVerifiedAt)).not.toContain(null);
  });

  it("a link older than 48 hours is refused; a new address is verified by its own link", async () => {
    const user = await createUser(db, { emailVerifiedAt: null });
    const now = new Date();
    const token = await issueUserToken(db, { userId: user.id, purpose: "email_verification", now });
    expect(await verifyEmail(token, new Date(now.getTime() + 48 * 3_600_000 + 1000))).toBeNull();
    expect(await verifyEmail(token)).toBe(user.id);

    // Decision 129: a link mailed to the old address ends when the e-mail changes; the new
    // address counts as verified because its confirmation link reached it.
    await db
      .updateTable("users")
      .set({ emailVerifiedAt: null })
      .where("id", "=", user.id)
      .execute();
    const stale = await issueUserToken(db, { userId: user.id, purpose: "email_verification" });
    const email = `nueva-${unique()}@example.com`;
    await requestEmailChange({ userId: user.id, newEmail: email }, await getMailContext());
    // The stored copy holds no link (decision 130): the one sent does.
    const [mail] = await smtp.arrivedAt(email);
    const confirm = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text ?? "")?.[1] ?? "";
    expect(await confirmEmailChange(confirm)).toMatchObject({ ok: true, email });
    expect(await verifyEmail(stale)).toBeNull();
    const after = await db
      .selectFrom("users")
      .select("emailVerifiedAt")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(mustVerifyEmail(after, { requireEmailVerification: true }, true)).toBe(false);
  });
});

describe("with requireEmailVerification off", () => {
  it("a new account gets no e-mail and places orders unverified, paying with the receipt", async () => {
    await updateSettings({ requireEmailVerification: "false" });
    try {
      const email = `sin-verificar-${unique()}@example.com`;
      const user = await register(email);
      const queued = await db
        .selectFrom("outboxEmails")
        .select("id")
        .where("toAddress", "=", email)
        .execute();
      expect(queued).toEqual([]);
      // Decision 128: paying later waits for a verified address, the setting on or off.
      expect((await checkout(user.id)).status).toBe(403);
      const placed = await checkout(user.id, await pngBytes());
      expect(placed.status).toBe(302);
      expect(placed.headers.get("location")).toMatch(/^\/order-success/);
      const { cookie } = await userCookie(user.id);
      expect(await (await page("/account", cookie)).text()).not.toContain(
        EMAIL_VERIFICATION_MESSAGES.banner,
      );
    } finally {
      await updateSettings({ requireEmailVerification: "true" });
    }
  }, 30_000);
});

describe("a sign-up with an address that has an account (decision 082)", () => {
  it("creates nothing and tells the address's owner, with the links to sign in and to reset", async () => {
    const owner = await createUser(db, { email: `duena-${unique()}@example.com` });
    const before = await db.selectFrom("users").select("id").execute();
    const response = await post("/register", {
      firstName: "Otra",
      lastName: "Persona",
      email: owner.email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(await db.selectFrom("users").select("id").execute()).toHaveLength(before.length);
    const [mail] = await smtp.arrivedAt(owner.email);
    expect(mail.subject).toBe("Alguien intentó crear una cuenta con tu correo");
    expect(mail.text).toMatch(/^http:\/\/localhost:\d+\/login$/m);
    expect(mail.text).toMatch(/^http:\/\/localhost:\d+\/forgot-password$/m);
  });
});
