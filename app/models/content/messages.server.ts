import { sql, type Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { MESSAGE_PREVIEW_LENGTH, type MessageStatus } from "./messages";
import { paginate } from "~/utils/paging";
import { formatDateTime } from "~/utils/dates";
import { inTransaction } from "#db/connection";
import { queueEmail, type MailContext, type QueuedEmail } from "~/models/mail/outbox.server";

/*
 * The contact messages of D31: the /contact form writes them, the message centre
 * (/admin/messages) reads, marks read, answers once and deletes them (backoffice.md §4:
 * Nuevo → Leído → Respondido).
 */

type Executor = Kysely<Database>;

export const MESSAGES_PAGE_SIZE = 20;

export type NewMessage = {
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
};

export async function createMessage(input: NewMessage, executor: Executor = db) {
  const { id } = await executor
    .insertInto("messages")
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id };
}

function withStatus(executor: Executor, status: MessageStatus | undefined) {
  const query = executor.selectFrom("messages");
  if (status === "new") return query.where("isRead", "=", 0).where("isReplied", "=", 0);
  if (status === "read") return query.where("isRead", "=", 1).where("isReplied", "=", 0);
  if (status === "replied") return query.where("isReplied", "=", 1);
  return query;
}

function toFlags<T extends { isRead: 0 | 1; isReplied: 0 | 1 }>({ isRead, isReplied, ...row }: T) {
  return { ...row, isRead: isRead === 1, isReplied: isReplied === 1 };
}

/** One page of messages, newest first, with the count of all that are in the given state. */
export async function listMessages(
  {
    status,
    page = 1,
    pageSize = MESSAGES_PAGE_SIZE,
  }: {
    status?: MessageStatus;
    /** 1-based; past the last page is the last page. */
    page?: number;
    pageSize?: number;
  } = {},
  executor: Executor = db,
) {
  const { rows, ...window } = await paginate({
    page,
    pageSize,
    count: async () =>
      (
        await withStatus(executor, status)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      withStatus(executor, status)
        .select([
          "id",
          "name",
          "email",
          "subject",
          "isRead",
          "isReplied",
          "createdAt",
          // Only what the preview shows (plus one character, to know it was cut), not 5,000 each.
          sql<string>`substr(message, 1, ${MESSAGE_PREVIEW_LENGTH + 1})`.as("excerpt"),
        ])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  return { messages: rows.map(toFlags), ...window };
}

export type MessageListItem = Awaited<ReturnType<typeof listMessages>>["messages"][number];

/** One message, whole, without touching its state (the delete confirmation reads it so). */
export async function getMessage(messageId: number, executor: Executor = db) {
  const row = await executor
    .selectFrom("messages")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "subject",
      "message",
      "isRead",
      "isReplied",
      "reply",
      "repliedAt",
      "createdAt",
    ])
    .where("id", "=", messageId)
    .executeTakeFirst();
  return row ? toFlags(row) : null;
}

export type Message = NonNullable<Awaited<ReturnType<typeof getMessage>>>;

/** §4: opening an unread message marks it read; null when there is no such message. */
export async function openMessage(messageId: number, executor: Executor = db) {
  await executor
    .updateTable("messages")
    .set({ isRead: 1 })
    .where("id", "=", messageId)
    .where("isRead", "=", 0)
    .execute();
  return getMessage(messageId, executor);
}

export type ReplyResult = { ok: true } | { ok: false; code: "not-found" | "already-replied" };

/**
 * §4: one reply, only while the message is not replied. The condition is in the UPDATE itself,
 * so two admins answering at once cannot both write. The reply goes to the customer by e-mail
 * (issue 22, decision 107), queued in the same transaction: a reply is never recorded without
 * its e-mail, nor the e-mail written for a reply that was refused.
 */
export async function replyToMessage(
  {
    messageId,
    reply,
    mail,
    now = new Date(),
  }: { messageId: number; reply: string; mail: MailContext; now?: Date },
  executor: Executor = db,
): Promise<ReplyResult> {
  const text = reply.trim();
  if (!text) throw new Error("replyToMessage: empty reply (the route validates it)");
  return inTransaction(executor, async (trx) => {
    const replied = await trx
      .updateTable("messages")
      .set({ reply: text, repliedAt: now.toISOString(), isReplied: 1, isRead: 1 })
      .where("id", "=", messageId)
      .where("isReplied", "=", 0)
      .returning(["name", "email", "subject", "message", "createdAt"])
      .executeTakeFirst();
    if (replied) {
      await queueEmail(trx, mail, replyEmail(replied, text), now);
      return { ok: true } as const;
    }
    const exists = await trx
      .selectFrom("messages")
      .select("id")
      .where("id", "=", messageId)
      .executeTakeFirst();
    return { ok: false, code: exists ? "already-replied" : "not-found" } as const;
  });
}

/** The reply e-mail: the shop's answer, then the customer's message quoted under it. */
function replyEmail(
  message: { name: string; email: string; subject: string; message: string; createdAt: string },
  reply: string,
): QueuedEmail {
  return {
    to: message.email,
    kind: "message_reply",
    content: {
      subject: `Re: ${message.subject}`,
      preheader: reply.slice(0, 120),
      blocks: [
        { kind: "paragraph", text: `Hola ${message.name}:` },
        { kind: "paragraph", text: reply },
        {
          kind: "note",
          text: `Tu mensaje del ${formatDateTime(message.createdAt)}:\n> ${message.message.replace(/\n/g, "\n> ")}`,
        },
      ],
    },
  };
}

/** True when the message existed. */
export async function deleteMessage(messageId: number, executor: Executor = db) {
  const { numDeletedRows } = await executor
    .deleteFrom("messages")
    .where("id", "=", messageId)
    .executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

/**
 * The sidebar's badge: one COUNT on every admin page. `opening`: a message the same request
 * opens (and so marks read), left out of the count.
 */
export async function countUnreadMessages(
  { opening }: { opening?: number } = {},
  executor: Executor = db,
) {
  let query = executor
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("isRead", "=", 0);
  if (opening !== undefined) query = query.where("id", "!=", opening);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
