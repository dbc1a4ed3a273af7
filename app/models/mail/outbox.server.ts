import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";
import { whatsappUrl } from "~/utils/whatsapp";
import { renderEmail, type EmailContent, type ShopIdentity } from "./layout.server";
import type { MailAttachment, MailLink } from "./links.server";

/*
 * The outbox (decision 102): the one way an e-mail leaves the shop. `queueEmail` writes it,
 * rendered, over the caller's executor, so it is part of the transaction of the change it
 * announces: an order is never placed without its e-mail, and no e-mail goes out for a change
 * that rolled back. The mail job (sender.server.ts) sends it later; without SMTP_URL it waits
 * and the admin reads it at /admin/correos. Like notify.server.ts, this module never opens the
 * app's connection.
 */

/** What an e-mail needs from the store, read before the transaction that queues it. */
export type MailContext = {
  shop: ShopIdentity;
  settings: StoreSettings;
};

/** The footer's identity of the shop, from its settings and its address on the web. */
export function shopIdentity(settings: StoreSettings, appUrl: string): ShopIdentity {
  const whatsapp = settings.contactWhatsapp.trim();
  return {
    name: settings.siteName,
    url: appUrl,
    email: settings.contactEmail,
    phone: settings.contactPhone,
    whatsapp,
    whatsappUrl: whatsappUrl(whatsapp),
  };
}

export type QueuedEmail = {
  to: string;
  /** What it is about, e.g. `order_received`: the outbox screen shows and filters by it. */
  kind: string;
  content: EmailContent;
  /** The order it is about, if any: the outbox screen links to it. */
  orderId?: string | null;
  /** Where an answer goes; the shop's contact e-mail by default. */
  replyTo?: string | null;
  /**
   * The live link of an e-mail that opens something, made when it is sent (decision 130): the
   * content holds LINK_PLACEHOLDER where it goes, and the row never holds the link itself.
   */
  link?: MailLink;
  /** Decision 171: a file made when it is sent (the fiscal document's PDF); never stored. */
  attachment?: MailAttachment;
};

/** Writes one e-mail into the outbox, in the executor's transaction. */
export async function queueEmail(
  executor: Kysely<Database>,
  context: MailContext,
  email: QueuedEmail,
  now = new Date(),
) {
  const rendered = renderEmail(email.content, context.shop);
  const at = now.toISOString();
  const host = new URL(context.shop.url).hostname || "perfumeria.hn";
  return executor
    .insertInto("outboxEmails")
    .values({
      messageId: `<${crypto.randomUUID()}@${host}>`,
      kind: email.kind,
      toAddress: email.to,
      replyTo: email.replyTo === undefined ? context.shop.email || null : email.replyTo,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      orderId: email.orderId ?? null,
      link: email.link ? JSON.stringify(email.link) : null,
      attachment: email.attachment ? JSON.stringify(email.attachment) : null,
      nextAttemptAt: at,
      createdAt: at,
    })
    .returning(["id", "messageId"])
    .executeTakeFirstOrThrow();
}
