import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { hashToken, isLinkToken, newLinkToken } from "~/models/auth/user-tokens.server";
import type { EmailContent } from "~/models/mail/layout.server";
import { LINK_PLACEHOLDER } from "~/models/mail/links.server";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { endUserSessions } from "~/models/auth/sessions.server";
import { isUniqueViolation } from "~/utils/sql.server";
import { afterEmailChange, normalizeEmail } from "./users.server";

/*
 * Decision 129 (issue 37, item 2): a customer's new sign-in e-mail stays pending until the link
 * sent to it is followed (48 hours); the old address is told at once, with a link that undoes
 * the change for 7 days. An address that already has an account gets the same answer as a free
 * one: the asker is told a link went to it, its owner is told someone tried, and the old
 * address gets the same notice. Both links are single use and stored as their SHA-256
 * (user-tokens.server.ts), like the reset and verification links.
 */

export const EMAIL_CHANGE_CONFIRM_MS = 48 * 60 * 60 * 1000;
export const EMAIL_CHANGE_UNDO_MS = 7 * 24 * 60 * 60 * 1000;

/** Where the links go; the sender adds each one's token as it sends it (decision 130). */
const CONFIRM_PATH = "/confirm-email";
const UNDO_PATH = "/undo-email-change";

const greetingOf = (firstName: string) => (firstName ? `Hola, ${firstName}:` : "Hola:");

/** To the new address: following the link makes it the account's sign-in e-mail. */
export function emailChangeConfirmEmail(input: {
  shopName: string;
  firstName: string;
  url: string;
}): EmailContent {
  return {
    subject: "Confirma tu nuevo correo electrónico",
    preheader: "Un clic y entrarás con este correo.",
    blocks: [
      { kind: "heading", text: "Confirma tu nuevo correo electrónico" },
      {
        kind: "paragraph",
        text: `${greetingOf(input.firstName)} pediste usar este correo para entrar a tu cuenta en ${input.shopName}. Hasta que lo confirmes, tu cuenta sigue con el correo anterior.`,
      },
      { kind: "button", label: "Confirmar mi nuevo correo", url: input.url },
      { kind: "paragraph", text: "El enlace vale 48 horas y sirve una sola vez." },
      { kind: "note", text: "Si no pediste este cambio, ignora este mensaje." },
    ],
  };
}

/** To the old address: the change was asked for, and the link undoes it for 7 days. */
export function emailChangeNoticeEmail(input: {
  shopName: string;
  firstName: string;
  newEmail: string;
  url: string;
}): EmailContent {
  return {
    subject: "Se pidió cambiar el correo de tu cuenta",
    preheader: `Si no fuiste tú, deshaz el cambio a ${input.newEmail}.`,
    blocks: [
      { kind: "heading", text: "Se pidió cambiar el correo de tu cuenta" },
      {
        kind: "paragraph",
        text: `${greetingOf(input.firstName)} alguien que conocía tu contraseña pidió que tu cuenta en ${input.shopName} entre con ${input.newEmail} en lugar de este correo. El cambio se hace cuando se confirma desde ese correo.`,
      },
      {
        kind: "paragraph",
        text: "Si no fuiste tú, deshaz el cambio: tu cuenta vuelve a este correo, cerramos todas sus sesiones y te recomendamos crear una contraseña nueva.",
      },
      { kind: "button", label: "Deshacer el cambio", url: input.url },
      { kind: "note", text: "El enlace vale 7 días. Si fuiste tú, no tienes que hacer nada." },
    ],
  };
}

/** To the owner of an address someone else asked to use (like decision 082's sign-up notice). */
export function emailChangeAttemptEmail(input: {
  shopName: string;
  firstName: string;
}): EmailContent {
  return {
    subject: "Alguien intentó usar tu correo en otra cuenta",
    preheader: "Tu cuenta sigue igual.",
    blocks: [
      { kind: "heading", text: "Alguien intentó usar tu correo" },
      {
        kind: "paragraph",
        text: `${greetingOf(input.firstName)} alguien pidió que otra cuenta de ${input.shopName} entre con tu correo. Como ya es el de tu cuenta, no lo cambiamos y tu cuenta sigue igual.`,
      },
      {
        kind: "note",
        text: "No tienes que hacer nada: nadie puede entrar a tu cuenta sin tu contraseña.",
      },
    ],
  };
}

export type EmailChangeRequest = "pending" | "unchanged";

/**
 * Asks for `newEmail` to become the account's sign-in e-mail (the caller checked the current
 * password). "unchanged" when it is already the account's. Otherwise, in one transaction: the
 * account's earlier requests not yet confirmed end, a new one is written, the old address gets
 * the notice with its undo link, and the new address gets the link to confirm it, or, when it
 * already has an account, that account's owner is told someone tried (only with SMTP, as the
 * sign-up notice: nobody else could act on it). The answer is "pending" either way.
 */
export async function requestEmailChange(
  input: { userId: number; newEmail: string },
  context: MailContext,
  now = new Date(),
): Promise<EmailChangeRequest> {
  const newEmail = normalizeEmail(input.newEmail);
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (user.email === newEmail) return "unchanged";
  const owner = await db
    .selectFrom("users")
    .select(["id", "firstName", "isBlocked"])
    .where("email", "=", newEmail)
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    await cancelPendingChanges(trx, user.id);
    // Each link's token is made when its e-mail is sent (makeMailLink): until then, the hash of
    // a token nobody has.
    const { id: changeId } = await trx
      .insertInto("emailChanges")
      .values({
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        confirmTokenHash: hashToken(newLinkToken()),
        confirmExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_MS).toISOString(),
        confirmedAt: null,
        undoTokenHash: hashToken(newLinkToken()),
        undoExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_MS).toISOString(),
        undoneAt: null,
        createdAt: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const shopName = context.shop.name;
    await queueEmail(
      trx,
      context,
      {
        to: user.email,
        kind: "email_change_notice",
        content: emailChangeNoticeEmail({
          shopName,
          firstName: user.firstName,
          newEmail,
          url: LINK_PLACEHOLDER,
        }),
        link: { kind: "email_change", changeId, link: "undo", url: context.shop.url + UNDO_PATH },
      },
      now,
    );
    if (!owner) {
      const content = emailChangeConfirmEmail({
        shopName,
        firstName: user.firstName,
        url: LINK_PLACEHOLDER,
      });
      const link = {
        kind: "email_change",
        changeId,
        link: "confirm",
        url: context.shop.url + CONFIRM_PATH,
      } as const;
      await queueEmail(
        trx,
        context,
        { to: newEmail, kind: "email_change_confirm", content, link },
        now,
      );
    } else if (!owner.isBlocked && getEnv().smtp !== null) {
      const content = emailChangeAttemptEmail({ shopName, firstName: owner.firstName });
      await queueEmail(trx, context, { to: newEmail, kind: "email_change_attempt", content }, now);
    }
  });
  return "pending";
}

/** A newer request, or the account's own address typed again, ends the earlier pending ones. */
async function cancelPendingChanges(executor: Kysely<Database>, userId: number) {
  await executor
    .deleteFrom("emailChanges")
    .where("userId", "=", userId)
    .where("confirmedAt", "is", null)
    .where("undoneAt", "is", null)
    .execute();
}

/** The address the account asked to sign in with and has not confirmed yet, or null. */
export async function getPendingEmail(userId: number, now = new Date()) {
  const row = await db
    .selectFrom("emailChanges")
    .select("newEmail")
    .where("userId", "=", userId)
    .where("confirmedAt", "is", null)
    .where("undoneAt", "is", null)
    .where("confirmExpiresAt", ">", now.toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.newEmail ?? null;
}

type Link = "confirm" | "undo";

/** The request a link opens (unused, unexpired, not undone), or null: one answer for all. */
export async function findEmailChange(link: Link, token: string, now = new Date()) {
  if (!isLinkToken(token)) return null;
  const hash = hashToken(token);
  let query = db
    .selectFrom("emailChanges")
    .select(["id", "userId", "oldEmail", "newEmail", "confirmedAt"])
    .where("undoneAt", "is", null);
  query =
    link === "confirm"
      ? query
          .where("confirmTokenHash", "=", hash)
          .where("confirmedAt", "is", null)
          .where("confirmExpiresAt", ">", now.toISOString())
      : query.where("undoTokenHash", "=", hash).where("undoExpiresAt", ">", now.toISOString());
  return (await query.executeTakeFirst()) ?? null;
}

export type EmailChangeRefusal = "invalid" | "taken";

class Refused extends Error {
  constructor(readonly reason: EmailChangeRefusal) {
    super(reason);
  }
}

/**
 * Follows the new address's link: in one transaction the request is marked confirmed (of two
 * posts of one link, one wins), the account's e-mail becomes the new one, verified (the link
 * reached its mailbox), and its unused reset and verification links end (`afterEmailChange`).
 * "taken" when another account took the address meanwhile; "invalid" for a bad link, or when
 * the account's e-mail is no longer the one it was asked from.
 */
export async function confirmEmailChange(
  token: string,
  now = new Date(),
): Promise<
  { ok: true; userId: number; email: string } | { ok: false; reason: EmailChangeRefusal }
> {
  const change = await findEmailChange("confirm", token, now);
  if (!change) return { ok: false, reason: "invalid" };
  try {
    await db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("emailChanges")
        .set({ confirmedAt: now.toISOString() })
        .where("id", "=", change.id)
        .where("confirmedAt", "is", null)
        .where("undoneAt", "is", null)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new Refused("invalid");
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", change.newEmail)
        .where("id", "!=", change.userId)
        .executeTakeFirst();
      if (taken) throw new Refused("taken");
      const { numUpdatedRows: moved } = await trx
        .updateTable("users")
        .set({
          email: change.newEmail,
          emailVerifiedAt: now.toISOString(),
          updatedAt: now.toISOString(),
        })
        .where("id", "=", change.userId)
        .where("email", "=", change.oldEmail)
        .executeTakeFirst();
      if (moved === 0n) throw new Refused("invalid");
      await afterEmailChange(trx, change.userId);
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, userId: change.userId, email: change.newEmail };
}

/**
 * Follows the old address's link (7 days): the request ends, and a confirmed one is reversed:
 * the account signs in with the old address again (verified: the link reached it). Either way
 * whoever asked knew the password and may hold a session, so every session of the account
 * ends, with its other pending requests and its unused reset and verification links; the owner
 * is advised to create a new password. "taken": the old address has another account by now.
 */
export async function undoEmailChange(
  token: string,
  now = new Date(),
): Promise<
  { ok: true; userId: number; email: string } | { ok: false; reason: EmailChangeRefusal }
> {
  const change = await findEmailChange("undo", token, now);
  if (!change) return { ok: false, reason: "invalid" };
  try {
    await db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("emailChanges")
        .set({ undoneAt: now.toISOString() })
        .where("id", "=", change.id)
        .where("undoneAt", "is", null)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new Refused("invalid");
      if (change.confirmedAt !== null) {
        const taken = await trx
          .selectFrom("users")
          .select("id")
          .where("email", "=", change.oldEmail)
          .where("id", "!=", change.userId)
          .executeTakeFirst();
        if (taken) throw new Refused("taken");
        await trx
          .updateTable("users")
          .set({
            email: change.oldEmail,
            emailVerifiedAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          .where("id", "=", change.userId)
          .execute();
      }
      await cancelPendingChanges(trx, change.userId);
      await afterEmailChange(trx, change.userId);
      await endUserSessions(change.userId, { executor: trx });
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
  return { ok: true, userId: change.userId, email: change.oldEmail };
}
