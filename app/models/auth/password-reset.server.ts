import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import type { Role } from "#db/types";
import {
  EmailSchema,
  newPasswordSchema,
  samePasswordRule,
} from "~/models/customers/field-schemas.server";
import { FIELD_MESSAGES } from "~/models/customers/fields";
import { strongPasswordRule } from "~/models/customers/password-policy.server";
import { changePassword, normalizeEmail } from "~/models/customers/users.server";
import type { EmailContent } from "~/models/mail/layout.server";
import { LINK_PLACEHOLDER } from "~/models/mail/links.server";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import { db } from "~/utils/db.server";
import { TOKEN_LIFETIME_MS, findUserToken, spendUserToken } from "./user-tokens.server";

/*
 * Decision 105: a forgotten password. A request queues the e-mail; its single-use link is made
 * when it is sent (decision 130: the token's hash is stored then, the link itself never) and
 * opens /reset-password for one hour. Nothing
 * at all happens for an address without an account, or a blocked one, and the page answers the
 * same: no hashing runs here, so the time taken tells nothing either.
 */

/** /forgot-password's form, checked by its action only (decision 109). */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** /reset-password's form; the action adds the common-password rule (decision 083). */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: "Falta el enlace" }),
    password: newPasswordSchema(),
    confirmPassword: z.string({ error: FIELD_MESSAGES.confirmNewPassword }),
  })
  .superRefine(samePasswordRule("password"));

export function parseForgotPasswordForm(formData: FormData) {
  return parseWithZod(formData, { schema: ForgotPasswordSchema });
}

/**
 * The common-password rule runs on the server only (decision 083), against the details of the
 * link's account (none for a bad link, which the action refuses anyway).
 */
export function parseResetPasswordForm(
  formData: FormData,
  account: { email: string; firstName: string; lastName: string } | null,
) {
  return parseWithZod(formData, {
    schema: ResetPasswordSchema.superRefine(
      strongPasswordRule("password", () => [account?.email, account?.firstName, account?.lastName]),
    ),
  });
}

/**
 * The e-mail. An account made with Google and no password is told so: it may keep signing in
 * with Google, or create a password with the same link.
 */
export function passwordResetEmail(input: {
  shopName: string;
  firstName: string;
  url: string;
  withGoogle: boolean;
}): EmailContent {
  const minutes = TOKEN_LIFETIME_MS.password_reset / 60_000;
  const greeting = input.firstName ? `Hola, ${input.firstName}:` : "Hola:";
  return {
    subject: "Restablece tu contraseña",
    preheader: `El enlace vale ${minutes} minutos y sirve una sola vez.`,
    blocks: [
      { kind: "heading", text: "Restablece tu contraseña" },
      {
        kind: "paragraph",
        text: `${greeting} recibimos una solicitud para restablecer la contraseña de tu cuenta en ${input.shopName}.`,
      },
      ...(input.withGoogle
        ? [
            {
              kind: "paragraph" as const,
              text: "Tu cuenta entra con Google: puedes seguir usando «Continuar con Google» en la página de inicio de sesión. Si prefieres entrar también con tu correo, crea una contraseña con este enlace.",
            },
          ]
        : []),
      { kind: "button", label: "Crear una contraseña nueva", url: input.url },
      {
        kind: "paragraph",
        text: "El enlace vale una hora y sirve una sola vez. Al cambiarla, cerramos tu sesión en los demás dispositivos.",
      },
      {
        kind: "note",
        text: "Si no pediste este cambio, ignora este correo: tu contraseña sigue igual.",
      },
    ],
  };
}

/**
 * A reset request for `email`. Returns nothing the caller could show: the page is the same for
 * an unknown address, a blocked account and a real one.
 */
export async function requestPasswordReset(
  email: string,
  context: MailContext,
  now = new Date(),
): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "passwordHash", "googleId", "isBlocked"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  if (!user || user.isBlocked) return;
  const content = passwordResetEmail({
    shopName: context.shop.name,
    firstName: user.firstName,
    url: LINK_PLACEHOLDER,
    withGoogle: !user.passwordHash && user.googleId !== null,
  });
  const link = {
    kind: "user_token",
    purpose: "password_reset",
    userId: user.id,
    url: `${context.shop.url}/reset-password`,
  } as const;
  await queueEmail(db, context, { to: user.email, kind: "password_reset", content, link }, now);
}

/** The account a reset link opens (not blocked), or null: one answer for every bad link. */
export async function findPasswordResetAccount(token: string, now = new Date()) {
  const found = await findUserToken(db, { token, purpose: "password_reset", now });
  if (!found) return null;
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "lastName", "role"])
    .where("id", "=", found.userId)
    .where("isBlocked", "=", 0)
    .executeTakeFirst();
  return user ?? null;
}

class LinkAlreadyUsed extends Error {}

/**
 * Sets the new password of the account the link opens: in `changePassword`'s transaction the
 * token is marked used (a conditional write: of two posts of the same link one wins) and the
 * address counts as verified (the link reached its mailbox, decision 106); every session of the
 * user ends. The caller signs the user in on a new one.
 */
export async function resetPassword(
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ ok: true; user: { id: number; role: Role } } | { ok: false }> {
  const user = await findPasswordResetAccount(input.token, now);
  if (!user) return { ok: false };
  try {
    const changed = await changePassword(user.id, input.password, undefined, {
      alongside: async (trx) => {
        const used = await spendUserToken(trx, {
          token: input.token,
          purpose: "password_reset",
          userId: user.id,
          now,
        });
        if (!used) throw new LinkAlreadyUsed();
        await trx
          .updateTable("users")
          .set({ emailVerifiedAt: now.toISOString() })
          .where("id", "=", user.id)
          .where("emailVerifiedAt", "is", null)
          .execute();
      },
    });
    if (!changed) return { ok: false };
  } catch (error) {
    if (error instanceof LinkAlreadyUsed) return { ok: false };
    throw error;
  }
  return { ok: true, user: { id: user.id, role: user.role } };
}
