import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueUserToken } from "~/models/auth/user-tokens.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../../seed/factories/users";
import { startSmtpServer } from "../../../scripts/smtp-server";
import { startServer } from "../../setup/http-server";
import { readSession, sessionCookieOf, signedInCookie } from "../../setup/route-helpers";

/*
 * Issue 37, items 2 and 5, replayed against the built server (decision 129):
 * 2. a session or a customer token changed the sign-in e-mail without the password, nothing
 *    reached the old address, deleting the account needed only the e-mail typed again, and the
 *    409 'Ya existe una cuenta…' told a signed-in user which addresses have accounts;
 * 5. a reset link mailed before a password change still set a new password after it.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startServer>>;
const PASSWORD = "Jacaranda-Marea-2931";
const SLOW = 60_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Perfumería <tienda@perfumeria.hn>",
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const unique = () => crypto.randomBytes(4).toString("hex");

async function customer(overrides: { role?: "admin" } = {}) {
  return createUser(db, {
    email: `cambios-${unique()}@example.com`,
    password: PASSWORD,
    ...overrides,
  });
}

function send(
  method: string,
  path: string,
  { cookie, json, form }: { cookie?: string; json?: unknown; form?: Record<string, string> },
) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: server.origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form) : undefined,
  });
}

const emailOf = async (id: number) =>
  (await db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirst())?.email;

const mailsTo = (to: string) =>
  db
    .selectFrom("outboxEmails")
    .select(["kind", "text"])
    .where("toAddress", "=", to)
    .orderBy("id")
    .execute();

/** The text of the e-mail that reached `to` (the stored copy holds no link: decision 130). */
async function sentTextTo(to: string) {
  const [mail] = await smtp.arrivedAt(to);
  return mail!.text ?? "";
}

function linkToken(text: string, path: string) {
  return new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? "";
}

const profileBody = (user: { firstName: string; lastName: string }, email: string) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email,
});

describe("item 2: a new sign-in e-mail needs the password and tells the old address", () => {
  it(
    "PUT /api/profile with another e-mail and no password or a wrong one: refused, nothing sent",
    async () => {
      const user = await customer();
      const cookie = await signedInCookie(user.id);
      const target = `ladron-${unique()}@example.com`;
      const none = await send("PUT", "/api/profile", {
        cookie,
        json: profileBody(user, target),
      });
      expect(none.status).toBe(422);
      expect((await none.json()).code).toBe("password_required");
      const wrong = await send("PUT", "/api/profile", {
        cookie,
        json: { ...profileBody(user, target), currentPassword: "adivinanza-1234" },
      });
      expect(wrong.status).toBe(422);
      expect((await wrong.json()).code).toBe("wrong_password");
      expect(await emailOf(user.id)).toBe(user.email);
      expect(await mailsTo(target)).toEqual([]);
      expect(await mailsTo(user.email)).toEqual([]);
    },
    SLOW,
  );

  it(
    "with the password: pending, the old address gets an undo link, the new one's link switches it, the undo link restores it",
    async () => {
      const user = await customer();
      const cookie = await signedInCookie(user.id);
      const other = await signedInCookie(user.id);
      const target = `nueva-${unique()}@example.com`;
      const asked = await send("PUT", "/api/profile", {
        cookie,
        json: { ...profileBody(user, target), currentPassword: PASSWORD },
      });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toMatchObject({ email: user.email, pendingEmail: target });
      expect(await emailOf(user.id)).toBe(user.email);

      const [notice] = await mailsTo(user.email);
      expect(notice.kind).toBe("email_change_notice");
      expect(notice.text).toContain(target);
      expect(notice.text).not.toContain("token=");
      const undo = linkToken(await sentTextTo(user.email), "/undo-email-change");
      const [confirmation] = await mailsTo(target);
      expect(confirmation.kind).toBe("email_change_confirm");
      expect(confirmation.text).not.toContain("token=");
      const confirm = linkToken(await sentTextTo(target), "/confirm-email");

      // Opening the link changes nothing (a mail scanner may open it); its button does.
      const page = await fetch(`${server.baseUrl}/confirm-email?token=${confirm}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Confirmar mi nuevo correo");
      expect(await emailOf(user.id)).toBe(user.email);
      const confirmed = await send("POST", "/confirm-email", { cookie, form: { token: confirm } });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("Location")).toBe("/profile");
      expect(await emailOf(user.id)).toBe(target);
      const again = await send("POST", "/confirm-email", { form: { token: confirm } });
      expect(again.status).toBe(400);

      const undone = await send("POST", "/undo-email-change", { form: { token: undo } });
      expect(undone.status).toBe(302);
      expect(undone.headers.get("Location")).toBe("/login");
      expect((await readSession(sessionCookieOf(undone))).toast).toMatchObject({
        title: "Cambio de correo deshecho",
      });
      expect(await emailOf(user.id)).toBe(user.email);
      // Whoever asked knew the password and held a session: every session ends.
      for (const session of [cookie, other]) {
        expect((await send("GET", "/api/auth/me", { cookie: session })).status).toBe(401);
      }
      expect((await send("POST", "/undo-email-change", { form: { token: undo } })).status).toBe(
        400,
      );
    },
    SLOW,
  );

  it(
    "the /profile form without the password: refused, the e-mail and the other fields unchanged",
    async () => {
      const user = await customer();
      const response = await send("POST", "/profile?index", {
        cookie: await signedInCookie(user.id),
        form: {
          firstName: "Cambiado",
          lastName: user.lastName,
          email: `otra-${unique()}@example.com`,
        },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Contraseña actual requerida");
      const row = await db
        .selectFrom("users")
        .select(["email", "firstName"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: user.email, firstName: user.firstName });
    },
    SLOW,
  );

  it(
    "a taken address gets the same answer as a free one, and its owner an e-mail",
    async () => {
      const owner = await customer();
      const [a, b] = [await customer(), await customer()];
      const free = `libre-${unique()}@example.com`;
      const answers = [];
      for (const [user, email] of [
        [a, free],
        [b, owner.email],
      ] as const) {
        const response = await send("PUT", "/api/profile", {
          cookie: await signedInCookie(user.id),
          json: { ...profileBody(user, email), currentPassword: PASSWORD },
        });
        const body = await response.json();
        answers.push({ status: response.status, pendingEmail: body.pendingEmail === email });
        expect(await emailOf(user.id)).toBe(user.email);
        expect((await mailsTo(user.email)).map((mail) => mail.kind)).toEqual([
          "email_change_notice",
        ]);
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]).toEqual({ status: 200, pendingEmail: true });
      expect((await mailsTo(owner.email)).map((mail) => mail.kind)).toEqual([
        "email_change_attempt",
      ]);
      expect(await emailOf(owner.id)).toBe(owner.email);

      // The form's toast is the same sentence for both.
      const toasts = [];
      for (const [user, email] of [
        [a, `libre-${unique()}@example.com`],
        [b, owner.email],
      ] as const) {
        const cookie = await signedInCookie(user.id);
        const response = await send("POST", "/profile?index", {
          cookie,
          form: { ...profileBody(user, email), currentPassword: PASSWORD },
        });
        expect(response.status).toBe(302);
        const toast = (await readSession(sessionCookieOf(response, cookie))).toast;
        toasts.push(toast?.description?.replace(email, "<nuevo>"));
      }
      expect(toasts[1]).toBe(toasts[0]);
      expect(toasts[0]).toMatch(/^Te enviamos un enlace a <nuevo>/);
    },
    SLOW,
  );

  it(
    "DELETE /api/profile/account with only the e-mail typed again: refused",
    async () => {
      const user = await customer();
      const cookie = await signedInCookie(user.id);
      const response = await send("DELETE", "/api/profile/account", {
        cookie,
        json: { confirmEmail: user.email },
      });
      expect(response.status).toBe(422);
      expect((await response.json()).code).toBe("password_required");
      const form = await send("POST", "/profile/danger", {
        cookie,
        form: { confirmEmail: user.email },
      });
      expect(form.status).toBe(400);
      expect(await emailOf(user.id)).toBe(user.email);
    },
    SLOW,
  );
});

describe("item 5: a password or e-mail change ends the reset links mailed before it", () => {
  const NEW_PASSWORD = "Cedro-Bergamota-8841";

  async function resetWith(token: string) {
    return send("POST", "/reset-password", {
      form: { token, password: "Vetiver-Ambar-5521", confirmPassword: "Vetiver-Ambar-5521" },
    });
  }

  it.each([
    [
      "/profile/security",
      async (user: { id: number }) =>
        send("POST", "/profile/security", {
          cookie: await signedInCookie(user.id),
          form: {
            currentPassword: PASSWORD,
            newPassword: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          },
        }),
    ],
    [
      "PUT /api/profile/password",
      async (user: { id: number }) =>
        send("PUT", "/api/profile/password", {
          cookie: await signedInCookie(user.id),
          json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        }),
    ],
    [
      "an admin's PUT /api/users/:id/password",
      async (user: { id: number }) =>
        send("PUT", `/api/users/${user.id}/password`, {
          cookie: await signedInCookie((await customer({ role: "admin" })).id),
          json: { password: NEW_PASSWORD },
        }),
    ],
  ])(
    "a reset link issued before a change through %s is refused afterwards",
    async (_, change) => {
      const user = await customer();
      const token = await issueUserToken(db, { userId: user.id, purpose: "password_reset" });
      const changed = await change(user);
      expect(changed.status).toBeLessThan(400);
      const reset = await resetWith(token);
      expect(reset.status).toBe(400);
      const row = await db
        .selectFrom("userTokens")
        .select("id")
        .where("userId", "=", user.id)
        .where("usedAt", "is", null)
        .execute();
      expect(row).toEqual([]);
    },
    SLOW,
  );

  it(
    "a reset link issued before the e-mail changed is refused afterwards",
    async () => {
      const user = await customer();
      const cookie = await signedInCookie(user.id);
      const token = await issueUserToken(db, { userId: user.id, purpose: "password_reset" });
      const target = `reset-${unique()}@example.com`;
      await send("PUT", "/api/profile", {
        cookie,
        json: { ...profileBody(user, target), currentPassword: PASSWORD },
      });
      const confirmed = await send("POST", "/confirm-email", {
        form: { token: linkToken(await sentTextTo(target), "/confirm-email") },
      });
      expect(confirmed.status).toBe(302);
      expect((await resetWith(token)).status).toBe(400);
    },
    SLOW,
  );
});
