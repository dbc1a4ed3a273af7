import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db } from "~/utils/db.server";
import { paginate } from "~/utils/paging";
import { redactLink } from "./links.server";
import { outboxState, type OutboxState } from "./outbox";

/*
 * The outbox screen (/admin/correos, decision 107): what the shop sent or is about to send,
 * newest first, and 'Reintentar' for what the sender gave up on.
 */

type Executor = Kysely<Database>;

export const OUTBOX_PAGE_SIZE = 25;

function inState(executor: Executor, state: OutboxState | undefined) {
  const query = executor.selectFrom("outboxEmails");
  switch (state) {
    case undefined:
      return query;
    case "pending":
      return query
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("attempts", "=", 0), eb("lastError", "is", null)]));
    case "retrying":
      return query
        .where("status", "=", "pending")
        .where("attempts", ">", 0)
        .where("lastError", "is not", null);
    default:
      return query.where("status", "=", state);
  }
}

/** One page of the outbox, newest first, with the count of every row in that state. */
export async function listOutbox(
  {
    state,
    page = 1,
    pageSize = OUTBOX_PAGE_SIZE,
  }: { state?: OutboxState; page?: number; pageSize?: number },
  executor: Executor = db,
) {
  const { rows, ...window } = await paginate({
    page,
    pageSize,
    count: async () =>
      (
        await inState(executor, state)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      inState(executor, state)
        .select([
          "id",
          "createdAt",
          "toAddress",
          "subject",
          "kind",
          "status",
          "attempts",
          "lastError",
        ])
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  return {
    emails: rows.map(({ lastError, ...row }) => ({
      ...row,
      state: outboxState({ ...row, lastError }),
    })),
    ...window,
  };
}

/** One e-mail with its headers and both bodies, or undefined. */
export async function getOutboxEmail(id: number, executor: Executor = db) {
  const row = await executor
    .selectFrom("outboxEmails as e")
    .leftJoin("orders as o", "o.id", "e.orderId")
    .select([
      "e.id",
      "e.kind",
      "e.toAddress",
      "e.replyTo",
      "e.subject",
      "e.text",
      "e.orderId",
      "o.orderNumber",
      "e.status",
      "e.attempts",
      "e.nextAttemptAt",
      "e.lastError",
      "e.createdAt",
      "e.sentAt",
    ])
    .where("e.id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, text: redactLink(row.text), state: outboxState(row) } : undefined;
}

/**
 * The stored HTML of one e-mail (the screen shows it in a sandboxed frame), or undefined. A live
 * link was never stored (decision 130); its placeholder reads as hidden.
 */
export async function getOutboxEmailHtml(id: number, executor: Executor = db) {
  const row = await executor
    .selectFrom("outboxEmails")
    .select("html")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? redactLink(row.html) : undefined;
}

export type RetryResult = { ok: true } | { ok: false; code: "not-found" | "not-retryable" };

/**
 * 'Reintentar': a failed or skipped e-mail is due again now, with its attempts from zero (the
 * full round of retries). The condition is in the UPDATE, so a row that is pending or sent (a
 * stale page, two admins) is never sent twice by it.
 */
export async function retryEmail(
  id: number,
  now = new Date(),
  executor: Executor = db,
): Promise<RetryResult> {
  const { numUpdatedRows } = await executor
    .updateTable("outboxEmails")
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: now.toISOString(),
      lastError: null,
      leasedBy: null,
      leasedUntil: null,
    })
    .where("id", "=", id)
    .where("status", "in", ["failed", "skipped"])
    .executeTakeFirstOrThrow();
  if (numUpdatedRows > 0n) return { ok: true };
  const exists = await executor
    .selectFrom("outboxEmails")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return { ok: false, code: exists ? "not-retryable" : "not-found" };
}

/** The dashboard's figures: e-mails the sender gave up on, and e-mails still to send. */
export async function outboxHealth(executor: Executor = db) {
  const rows = await executor
    .selectFrom("outboxEmails")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { failed: count("failed"), waiting: count("pending") };
}
