import { sql, type Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { MESSAGE_PREVIEW_LENGTH, type MessageStatus } from "./messages";
import { paginate } from "~/utils/paging";

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
 * so two admins answering at once cannot both write.
 */
export async function replyToMessage(
  { messageId, reply }: { messageId: number; reply: string },
  executor: Executor = db,
): Promise<ReplyResult> {
  const text = reply.trim();
  if (!text) throw new Error("replyToMessage: empty reply (the route validates it)");
  const { numUpdatedRows } = await executor
    .updateTable("messages")
    .set({ reply: text, repliedAt: new Date().toISOString(), isReplied: 1, isRead: 1 })
    .where("id", "=", messageId)
    .where("isReplied", "=", 0)
    .executeTakeFirstOrThrow();
  if (numUpdatedRows > 0n) return { ok: true };
  const exists = await executor
    .selectFrom("messages")
    .select("id")
    .where("id", "=", messageId)
    .executeTakeFirst();
  return { ok: false, code: exists ? "already-replied" : "not-found" };
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
