import type { EmailContent } from "~/models/mail/layout.server";
import { getMailContext } from "~/models/mail/context.server";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import { db } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { RateLimiter } from "~/utils/rate-limit.server";
import { deviceLabel, networkLabel, type SessionDevice } from "./devices";

/*
 * Decision 164: "Nuevo inicio de sesión". A sign-in from a browser that had not signed in to the
 * account before (its known-device cookie, web/login-throttle.server.ts) is told to the account
 * by e-mail, an administrator's every time. Someone who has the password and signs in over and
 * over must not bury the owner's inbox: at most NOTICES_PER_HOUR such e-mails an hour an
 * account; past that the sign-in goes on without one (the sessions list still shows it).
 */

export const NOTICES_PER_HOUR = 5;
const notices = new RateLimiter({
  scope: "sign-in-notice",
  limit: NOTICES_PER_HOUR,
  windowMs: 60 * 60 * 1000,
});

/** The e-mail. The device is said by the names devices.ts knows, never the header's text. */
export function newSignInEmail(input: {
  shopName: string;
  firstName: string;
  at: Date;
  device: SessionDevice;
  securityUrl: string;
  /** A known browser of an administrator's account: told every time all the same. */
  newDevice: boolean;
}): EmailContent {
  const greeting = input.firstName ? `Hola, ${input.firstName}:` : "Hola:";
  const where = input.newDevice
    ? "desde un navegador que no habíamos visto"
    : "(a un administrador le avisamos de cada inicio de sesión)";
  return {
    subject: "Nuevo inicio de sesión",
    preheader: "Si no fuiste tú, cambia tu contraseña y cierra esa sesión.",
    blocks: [
      { kind: "heading", text: "Nuevo inicio de sesión" },
      {
        kind: "paragraph",
        text: `${greeting} se inició sesión en tu cuenta de ${input.shopName} ${where}.`,
      },
      {
        kind: "facts",
        rows: [
          ["Cuándo", formatDateTime(input.at.toISOString())],
          ["Navegador y sistema", deviceLabel(input.device.userAgent)],
          ["Red", networkLabel(input.device.ipNetwork)],
        ],
      },
      { kind: "button", label: "Ver mis sesiones", url: input.securityUrl },
      {
        kind: "paragraph",
        text: "Si no fuiste tú, cambia tu contraseña y cierra esa sesión.",
      },
    ],
  };
}

export type SignInNotice = "queued" | "known-device" | "capped" | "no-account";

/**
 * After a sign-in opened a session: queues the e-mail when the browser was new to the account
 * (`newDevice`) or the account is an administrator's, within the hourly cap.
 */
export async function noticeSignIn(
  input: { userId: number; device: SessionDevice; newDevice: boolean },
  { now = new Date(), context }: { now?: Date; context?: MailContext } = {},
): Promise<SignInNotice> {
  const user = await db
    .selectFrom("users")
    .select(["email", "firstName", "role"])
    .where("id", "=", input.userId)
    .executeTakeFirst();
  if (!user) return "no-account";
  if (!input.newDevice && user.role !== "admin") return "known-device";
  if (!(await notices.consume(String(input.userId), now.getTime()))) return "capped";
  const mail = context ?? (await getMailContext());
  const content = newSignInEmail({
    shopName: mail.shop.name,
    firstName: user.firstName,
    at: now,
    device: input.device,
    securityUrl: `${mail.shop.url}/profile/security`,
    newDevice: input.newDevice,
  });
  await queueEmail(db, mail, { to: user.email, kind: "new_sign_in", content }, now);
  return "queued";
}
