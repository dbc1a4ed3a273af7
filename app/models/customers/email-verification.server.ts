import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { findUserToken, spendUserToken } from "~/models/auth/user-tokens.server";
import type { EmailContent } from "~/models/mail/layout.server";
import { LINK_PLACEHOLDER } from "~/models/mail/links.server";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import type { StoreSettings } from "~/models/settings/settings";
import { getMailContext } from "~/models/mail/context.server";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { verificationResends, verificationResendsByIp } from "~/utils/public-form-limits.server";
import type { VerificationRequest } from "./email-verification";

/*
 * Decision 106: with the setting `requireEmailVerification` on, a new account proves its
 * address by following a link (48 h, single use). Until then it signs in and browses, but
 * placing an order is refused. Without SMTP nobody could follow a link, so the requirement is
 * not enforced and no link is queued. Google accounts, accounts an admin creates and the seed's
 * count as verified from their creation.
 */

/** Whether the store asks new accounts to verify their address now. */
export function verificationEnforced(
  settings: Pick<StoreSettings, "requireEmailVerification">,
  mailEnabled = getEnv().smtp !== null,
) {
  return settings.requireEmailVerification && mailEnabled;
}

/** Whether a verification e-mail can be sent at all (the store has SMTP). */
export function verificationMailAvailable() {
  return getEnv().smtp !== null;
}

/** Whether this signed-in user must verify their address before placing an order. */
export function mustVerifyEmail(
  user: { emailVerifiedAt: string | null } | null,
  settings: Pick<StoreSettings, "requireEmailVerification">,
  mailEnabled?: boolean,
) {
  return (
    user !== null && user.emailVerifiedAt === null && verificationEnforced(settings, mailEnabled)
  );
}

export function emailVerificationEmail(input: {
  shopName: string;
  firstName: string;
  url: string;
}): EmailContent {
  const greeting = input.firstName ? `Hola, ${input.firstName}:` : "Hola:";
  return {
    subject: "Confirma tu correo electrónico",
    preheader: "Un clic y tu cuenta queda lista para hacer pedidos.",
    blocks: [
      { kind: "heading", text: "Confirma tu correo electrónico" },
      {
        kind: "paragraph",
        text: `${greeting} gracias por crear tu cuenta en ${input.shopName}. Confirma que este correo es tuyo para poder hacer pedidos.`,
      },
      { kind: "button", label: "Confirmar mi correo", url: input.url },
      { kind: "paragraph", text: "El enlace vale 48 horas y sirve una sola vez." },
      {
        kind: "note",
        text: "Si no creaste una cuenta con este correo, ignora este mensaje.",
      },
    ],
  };
}

/**
 * Queues the verification e-mail, in the caller's transaction; its new link is made when it is
 * sent (decision 130) and replaces the user's older one then.
 */
export async function queueVerificationEmail(
  executor: Kysely<Database>,
  context: MailContext,
  user: { id: number; email: string; firstName: string },
  now = new Date(),
) {
  const content = emailVerificationEmail({
    shopName: context.shop.name,
    firstName: user.firstName,
    url: LINK_PLACEHOLDER,
  });
  const link = {
    kind: "user_token",
    purpose: "email_verification",
    userId: user.id,
    url: `${context.shop.url}/verify-email`,
  } as const;
  await queueEmail(
    executor,
    context,
    { to: user.email, kind: "email_verification", content, link },
    now,
  );
}

/** 'Reenviar correo de verificación': a new link replaces the old one. */
export async function resendVerificationEmail(
  userId: number,
  context: MailContext,
  now = new Date(),
): Promise<"sent" | "already-verified"> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstName", "emailVerifiedAt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (user.emailVerifiedAt) return "already-verified";
  await db.transaction().execute((trx) => queueVerificationEmail(trx, context, user, now));
  return "sent";
}

/**
 * 'Reenviar correo de verificación' from wherever it is offered (the account's banner, the
 * checkout's pay-later line, decision 128): three an hour per account and ten an hour per IP,
 * counted before anything is queued. Sent whenever the store can send mail, the requirement on
 * or off: paying later needs a verified address either way (decision 128).
 */
export async function requestVerificationEmail(
  user: { id: number; emailVerifiedAt: string | null },
  { clientIp }: { clientIp: string },
): Promise<VerificationRequest> {
  if (user.emailVerifiedAt) return "already-verified";
  if (!verificationMailAvailable()) return "no-mail";
  if (!(await verificationResends.consume(String(user.id)))) return "too-many";
  if (!(await verificationResendsByIp.consume(clientIp))) return "too-many";
  return resendVerificationEmail(user.id, await getMailContext());
}

/**
 * Follows a verification link: the token is used and the account verified, in one transaction.
 * The user's id when it worked; null for an unknown, used, expired or tampered link.
 */
export async function verifyEmail(token: string, now = new Date()): Promise<number | null> {
  const found = await findUserToken(db, { token, purpose: "email_verification", now });
  if (!found) return null;
  return db.transaction().execute(async (trx) => {
    const used = await spendUserToken(trx, {
      token,
      purpose: "email_verification",
      userId: found.userId,
      now,
    });
    if (!used) return null;
    await trx
      .updateTable("users")
      .set({ emailVerifiedAt: now.toISOString() })
      .where("id", "=", found.userId)
      .where("emailVerifiedAt", "is", null)
      .execute();
    return found.userId;
  });
}
