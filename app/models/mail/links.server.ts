import type { Kysely } from "kysely";
import type { Database, UserTokenPurpose } from "#db/types";
import { hashToken, issueUserToken, newLinkToken } from "~/models/auth/user-tokens.server";
import { documentFileName, type FiscalDocument } from "~/models/invoicing/document";
import { escapeHtml } from "./layout.server";

/*
 * Decision 130 (issue 37, item 6): no live link is stored. An e-mail whose link opens something
 * (an account, an order's receipt) is queued with LINK_PLACEHOLDER where the link goes (a
 * button's `url`, a paragraph) and a `MailLink` saying how to make it; the sender makes it when
 * it sends the e-mail (`makeMailLink`) and puts it into that message only. The outbox row, the
 * backups and /admin/correos keep the placeholder (shown as REDACTED_LINK). A user token is
 * thus issued at send time: each attempt issues a new one, which replaces the one before.
 * A new kind of link is a new member of `MailLink` and a case of `makeMailLink`.
 */

export const LINK_PLACEHOLDER = "{{enlace}}";
export const REDACTED_LINK = "[enlace oculto]";

export type MailLink =
  /** A single-use token of `user_tokens` for the user, as ?token= on `url` (decisions 105, 106). */
  | { kind: "user_token"; purpose: UserTokenPurpose; userId: number; url: string }
  /**
   * The order's own link (decision 151), signed over its id and its end, on `url`
   * (/track-order): it opens the order and takes its receipt. `late_proof` is its name in the
   * rows queued before it (decision 130).
   */
  | { kind: "order" | "late_proof"; orderId: string; url: string }
  /**
   * A new sign-in e-mail's link (decision 129): `confirm` to the new address, `undo` to the old
   * one, as ?token= on `url`; its hash replaces the request's in `email_changes`.
   */
  | { kind: "email_change"; changeId: number; link: "confirm" | "undo"; url: string };

/**
 * The live link of `link` for an e-mail to `to`, made now: a user token is issued (and stored
 * hashed) here, only while the account still has that address; otherwise null, and the e-mail
 * is not sent (an address changed since: its link must not open the account).
 */
export async function makeMailLink(
  executor: Kysely<Database>,
  link: MailLink,
  { to, now }: { to: string; now: Date },
): Promise<string | null> {
  switch (link.kind) {
    case "user_token": {
      const { userId, purpose } = link;
      const user = await executor
        .selectFrom("users")
        .select(["id", "email"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user || user.email.toLowerCase() !== to.toLowerCase()) return null;
      const token = await issueUserToken(executor, { userId, purpose, now });
      return `${link.url}?${new URLSearchParams({ token })}`;
    }
    case "order":
    case "late_proof": {
      // Loaded when a link is made: signing reads the session secret (env.server.ts), which
      // the seed and the factories, queueing order e-mails, must not load (seed-imports test).
      const { orderLinkQuery } = await import("~/models/orders/order-link.server");
      return `${link.url}?${orderLinkQuery(link.orderId, now)}`;
    }
    case "email_change": {
      // Only while the request is open, and to the address it was made for.
      const token = newLinkToken();
      const confirm = link.link === "confirm";
      let update = executor
        .updateTable("emailChanges")
        .set(confirm ? { confirmTokenHash: hashToken(token) } : { undoTokenHash: hashToken(token) })
        .where("id", "=", link.changeId)
        .where(confirm ? "newEmail" : "oldEmail", "=", to.toLowerCase())
        .where("undoneAt", "is", null);
      if (confirm) update = update.where("confirmedAt", "is", null);
      const { numUpdatedRows } = await update.executeTakeFirst();
      return numUpdatedRows === 0n ? null : `${link.url}?${new URLSearchParams({ token })}`;
    }
  }
}

/**
 * Decision 171: a file that goes with an e-mail, made when it is sent as its link is: the PDF
 * of an invoice or a credit note, drawn from the document as issued (which nothing changes).
 */
export type MailAttachment = { kind: "fiscal_document"; documentId: number };

/** The file of a stored attachment, or null when what it names is gone. */
export async function makeMailAttachment(executor: Kysely<Database>, stored: string) {
  const attachment = JSON.parse(stored) as MailAttachment;
  const row = await executor
    .selectFrom("fiscalDocuments")
    .select("snapshot")
    .where("id", "=", attachment.documentId)
    .executeTakeFirst();
  if (!row) return null;
  // Loaded when a PDF is made: the seed and the factories, queueing e-mails, never draw one.
  const { renderDocumentPdf } = await import("~/models/invoicing/pdf.server");
  const document = JSON.parse(row.snapshot) as FiscalDocument;
  return {
    filename: documentFileName(document),
    content: await renderDocumentPdf(document),
    contentType: "application/pdf",
  };
}

export function parseMailLink(stored: string): MailLink {
  return JSON.parse(stored) as MailLink;
}

/** The message as sent: the placeholder replaced by the live link, in both bodies. */
export function withLink(body: { html: string; text: string }, url: string) {
  return {
    html: body.html.replaceAll(LINK_PLACEHOLDER, escapeHtml(url)),
    text: body.text.replaceAll(LINK_PLACEHOLDER, url),
  };
}

/** What the outbox screen shows of a stored body: the placeholder said as hidden. */
export function redactLink(body: string) {
  return body.replaceAll(LINK_PLACEHOLDER, REDACTED_LINK);
}
