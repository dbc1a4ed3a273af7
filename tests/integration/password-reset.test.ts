import crypto from "node:crypto";
import type { Transporter } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_MESSAGES } from "~/models/auth/password-reset";
import {
  findPasswordResetAccount,
  requestPasswordReset,
  resetPassword,
} from "~/models/auth/password-reset.server";
import { hashToken, issueUserToken } from "~/models/auth/user-tokens.server";
import { verifyLogin } from "~/models/customers/users.server";
import { shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import { sendDueEmails, createSmtpTransport } from "~/models/mail/sender.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { db } from "~/utils/db.server";
import { createUser, testPasswordHash } from "../../seed/factories/users";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";
import { startServer } from "../setup/http-server";
import { signedInCookie } from "../setup/route-helpers";

/*
 * Decision 105: the forgotten password, on the test's SQLite file and a real SMTP server; the
 * routes over HTTP against the built server, whose mail job sends through that SMTP server.
 */

const context: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};
const OLD_PASSWORD = "cedro-bergamota-ambar-41";
const NEW_PASSWORD = "vetiver-jazmin-pachuli-93";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: Transporter;
let server: Awaited<ReturnType<typeof startServer>>;
let oldHash: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  transport = createSmtpTransport(smtp.url);
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Perfumería <tienda@perfumeria.hn>",
  });
  oldHash = testPasswordHash(OLD_PASSWORD);
}, 60_000);
afterAll(async () => {
  transport?.close();
  await server?.stop();
  await smtp?.close();
});

const unique = () => crypto.randomBytes(4).toString("hex");
let nextIp = 1;
const newIp = () => `198.51.100.${nextIp++}`;

async function account(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(db, {
    email: `olvido-${unique()}@example.com`,
    passwordHash: oldHash,
    ...overrides,
  });
}

/** Sends what the outbox holds and returns the e-mails that reached `to`. */
async function deliveredTo(to: string) {
  await sendDueEmails({ transport, from: "tienda@perfumeria.hn" });
  const mails = await Promise.all(
    smtp.received.filter((mail) => mail.envelopeTo.includes(to)).map((mail) => parseMail(mail.raw)),
  );
  return mails;
}

/** The token of a reset e-mail's link. */
function tokenOf(text: string | undefined) {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? "");
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1];
}

const outboxCount = async () =>
  (
    await db
      .selectFrom("outboxEmails")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const tokenCount = async () =>
  (
    await db
      .selectFrom("userTokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

async function passwordHashOf(id: number) {
  const row = await db
    .selectFrom("users")
    .select("passwordHash")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return row.passwordHash;
}

describe("a reset request (the model)", () => {
  it("e-mails a one-hour link whose token is stored only as its SHA-256", async () => {
    const user = await account();
    await requestPasswordReset(user.email, context);
    const [mail] = await deliveredTo(user.email);
    expect(mail.subject).toBe("Restablece tu contraseña");
    expect(mail.text).toContain("https://perfumeria.hn/reset-password?token=");
    expect(mail.html).toContain("https://perfumeria.hn/reset-password?token=");
    const token = tokenOf(mail.text);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await db
      .selectFrom("userTokens")
      .selectAll()
      .where("userId", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: "password_reset",
      tokenHash: hashToken(token),
      usedAt: null,
    });
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = Date.parse(rows[0].expiresAt) - Date.parse(rows[0].createdAt);
    expect(lifetime).toBe(60 * 60 * 1000);
    const outbox = await db
      .selectFrom("outboxEmails")
      .select("kind")
      .where("toAddress", "=", user.email)
      .execute();
    expect(outbox).toEqual([{ kind: "password_reset" }]);
  });

  it("writes nothing for an unknown address or a blocked account", async () => {
    const blocked = await account({ isBlocked: 1 });
    const [emails, tokens] = [await outboxCount(), await tokenCount()];
    await requestPasswordReset(`nadie-${unique()}@example.com`, context);
    await requestPasswordReset(blocked.email, context);
    expect([await outboxCount(), await tokenCount()]).toEqual([emails, tokens]);
  });

  it("a new request voids the older link", async () => {
    const user = await account();
    await requestPasswordReset(user.email, context);
    const first = tokenOf((await deliveredTo(user.email))[0].text);
    await requestPasswordReset(user.email, context);
    const second = tokenOf((await deliveredTo(user.email))[1].text);
    expect(first).not.toBe(second);
    expect(await resetPassword({ token: first, password: NEW_PASSWORD })).toEqual({ ok: false });
    expect(await passwordHashOf(user.id)).toBe(oldHash);
    expect(await findPasswordResetAccount(second)).toMatchObject({ id: user.id });
  });

  it("tells an account made with Google that it signs in with Google, with a link to add a password", async () => {
    const user = await account({ passwordHash: null, googleId: `g-${unique()}` });
    await requestPasswordReset(user.email, context);
    const [mail] = await deliveredTo(user.email);
    expect(mail.text).toContain("Tu cuenta entra con Google");
    expect(tokenOf(mail.text)).toBeTruthy();
  });
});

describe("following the link (the model)", () => {
  it("refuses an expired, used, tampered, unknown or other-purpose token and changes nothing", async () => {
    const user = await account();
    const now = new Date();
    const token = await issueUserToken(db, { userId: user.id, purpose: "password_reset", now });
    const later = new Date(now.getTime() + 60 * 60 * 1000 + 1000);
    expect(await resetPassword({ token, password: NEW_PASSWORD }, later)).toEqual({ ok: false });
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await resetPassword({ token: tampered, password: NEW_PASSWORD })).toEqual({ ok: false });
    expect(await resetPassword({ token: "no-es-un-token", password: NEW_PASSWORD })).toEqual({
      ok: false,
    });
    const verification = await issueUserToken(db, {
      userId: user.id,
      purpose: "email_verification",
    });
    expect(await resetPassword({ token: verification, password: NEW_PASSWORD })).toEqual({
      ok: false,
    });
    expect(await passwordHashOf(user.id)).toBe(oldHash);

    expect(await resetPassword({ token, password: NEW_PASSWORD })).toMatchObject({ ok: true });
    const changed = await passwordHashOf(user.id);
    expect(await resetPassword({ token, password: "otra-clave-distinta-55" })).toEqual({
      ok: false,
    });
    expect(await passwordHashOf(user.id)).toBe(changed);
  });

  it("a blocked account's link no longer works", async () => {
    const user = await account();
    const token = await issueUserToken(db, { userId: user.id, purpose: "password_reset" });
    await db.updateTable("users").set({ isBlocked: 1 }).where("id", "=", user.id).execute();
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ ok: false });
    expect(await passwordHashOf(user.id)).toBe(oldHash);
  });
});

function post(
  path: string,
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string } = {},
) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": options.ip ?? newIp(),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

describe("over HTTP, against the built server", () => {
  it("/login and /admin-access link to /forgot-password", async () => {
    for (const path of ["/login", "/admin-access"]) {
      const html = await (await fetch(`${server.baseUrl}${path}`)).text();
      expect(html).toContain('href="/forgot-password"');
      expect(html).toContain("¿Olvidaste tu contraseña?");
    }
  });

  it("answers the same for a customer's address and an unknown one; only the customer gets the e-mail", async () => {
    const user = await account();
    const unknown = `desconocido-${unique()}@example.com`;
    const [known, stranger] = await Promise.all([
      post("/forgot-password", { email: user.email }),
      post("/forgot-password", { email: unknown }),
    ]);
    expect([known.status, stranger.status]).toEqual([302, 302]);
    expect(known.headers.get("location")).toBe(stranger.headers.get("location"));
    expect(known.headers.get("set-cookie")).toBeNull();
    expect(stranger.headers.get("set-cookie")).toBeNull();
    const page = await (await fetch(`${server.baseUrl}${known.headers.get("location")}`)).text();
    expect(page).toContain("Si el correo corresponde a una cuenta");
    const [mail] = await smtp.arrivedAt(user.email);
    expect(mail.subject).toBe("Restablece tu contraseña");
    const outbox = await db
      .selectFrom("outboxEmails")
      .select("id")
      .where("toAddress", "=", unknown)
      .execute();
    expect(outbox).toEqual([]);
  }, 40_000);

  it("limits requests to three an hour per address and ten per IP, in Spanish", async () => {
    const email = `limite-${unique()}@example.com`;
    for (let i = 0; i < 3; i++)
      expect((await post("/forgot-password", { email })).status).toBe(302);
    const refused = await post("/forgot-password", { email });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect(await refused.text()).toContain(PASSWORD_RESET_MESSAGES.tooMany.slice(0, 40));

    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post("/forgot-password", { email: `ip-${i}-${unique()}@example.com` }, { ip }))
          .status,
      ).toBe(302);
    }
    expect(
      (await post("/forgot-password", { email: `ip-${unique()}@example.com` }, { ip })).status,
    ).toBe(429);
  });

  it("a bad link shows one refusal, for the page and for the form", async () => {
    const page = await (
      await fetch(`${server.baseUrl}/reset-password?token=${"x".repeat(43)}`)
    ).text();
    expect(page).toContain(PASSWORD_RESET_MESSAGES.invalidLink.slice(0, 40));
    expect(page).not.toContain('name="password"');
    const posted = await post("/reset-password", {
      token: "x".repeat(43),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain(PASSWORD_RESET_MESSAGES.invalidLink.slice(0, 40));
  });

  it("a good link: the new password under the policy, every other session ended, signed in on a new one", async () => {
    const user = await account();
    const stranger = await account();
    const [phone, laptop, strangers] = await Promise.all([
      signedInCookie(user.id),
      signedInCookie(user.id),
      signedInCookie(stranger.id),
    ]);
    await requestPasswordReset(user.email, context);
    const token = tokenOf((await deliveredTo(user.email))[0].text);

    const form = await (await fetch(`${server.baseUrl}/reset-password?token=${token}`)).text();
    expect(form).toContain('name="password"');

    // The store's policy: a common password is refused and nothing changes.
    const weak = await post("/reset-password", {
      token,
      password: "password123",
      confirmPassword: "password123",
    });
    expect(weak.status).toBe(400);
    expect(await passwordHashOf(user.id)).toBe(oldHash);

    // Posted from a browser signed in as someone else: the link decides whose password it is.
    const done = await post(
      "/reset-password",
      { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { cookie: strangers },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/catalog");
    const cookie = done.headers
      .getSetCookie()
      .find((value) => value.startsWith("perfumeria_session="));
    expect(cookie).toBeTruthy();

    expect(await verifyLogin(user.email, NEW_PASSWORD)).toMatchObject({ ok: true });
    expect(await verifyLogin(stranger.email, OLD_PASSWORD)).toMatchObject({ ok: true });
    const sessions = await db
      .selectFrom("sessions")
      .select(["sid", "userId"])
      .where("userId", "in", [user.id, stranger.id])
      .execute();
    // The phone and the laptop are signed out; the stranger's own session is untouched (it
    // was the request's, so it was swapped for the new one of the link's owner).
    expect(sessions.filter((s) => s.userId === user.id)).toHaveLength(1);
    for (const old of [phone, laptop]) {
      const account = await fetch(`${server.baseUrl}/account`, {
        headers: { Cookie: old },
        redirect: "manual",
      });
      expect(account.status).toBe(401);
    }
    const signedIn = await fetch(`${server.baseUrl}/account`, {
      headers: { Cookie: cookie!.split(";")[0] },
      redirect: "manual",
    });
    expect(signedIn.status).toBe(200);

    const again = await post("/reset-password", {
      token,
      password: "otra-clave-distinta-55",
      confirmPassword: "otra-clave-distinta-55",
    });
    expect(again.status).toBe(400);
    expect(await verifyLogin(user.email, NEW_PASSWORD)).toMatchObject({ ok: true });
  }, 60_000);

  it("an administrator lands where an admin sign-in lands", async () => {
    const admin = await account({ role: "admin" });
    const token = await issueUserToken(db, { userId: admin.id, purpose: "password_reset" });
    const done = await post("/reset-password", {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin");
  }, 30_000);
});

describe("without SMTP", () => {
  it("shows how to reach the shop instead of the form, and queues nothing", async () => {
    const plain = await startServer();
    try {
      const user = await account();
      const page = await (await fetch(`${plain.baseUrl}/forgot-password`)).text();
      expect(page).toContain(PASSWORD_RESET_MESSAGES.noEmail.slice(0, 40));
      expect(page).toContain(DEFAULT_SETTINGS.contactEmail);
      expect(page).toContain('href="https://wa.me/50499887766?text=');
      expect(page).not.toContain('name="email"');
      const before = await outboxCount();
      const response = await fetch(`${plain.baseUrl}/forgot-password`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: plain.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: user.email }),
      });
      expect(response.status).toBe(302);
      expect(await outboxCount()).toBe(before);
    } finally {
      await plain.stop();
    }
  }, 40_000);
});
