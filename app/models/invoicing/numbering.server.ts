import { sql, type Kysely } from "kysely";
import type { Database, FiscalDocumentKind } from "#db/types";
import type { DocumentContent, FiscalDocument } from "./document";
import { inTransaction } from "#db/connection";
import { documentNumber, RANGE_REFUSALS, rangeState, type RangeState } from "./fiscal";

/*
 * Decision 169: the authorised ranges and the numbers taken from them. A document takes the
 * next correlative of its kind's active range in one statement (an UPDATE that moves
 * `next_number` and returns the number it passed), inside the caller's transaction: on SQLite
 * the transaction holds the one writer; on PostgreSQL the statement locks the range's row, so
 * a concurrent one waits for this transaction and then takes the number after. A transaction
 * that rolls back gives its number back with it: numbers never skip, never repeat.
 */

type Executor = Kysely<Database>;

export type TakenNumber = {
  rangeId: number;
  correlative: number;
  number: string;
  cai: string;
  prefix: string;
  first: number;
  last: number;
  deadline: string;
};

export type NumberRefusal = {
  ok: false;
  reason: Exclude<RangeState, "active"> | "none";
  message: string;
};

/**
 * The next number of `kind`, taken in `trx` (the caller's transaction, which writes the
 * document). The oldest active range is used first. Refused, with the reason, when none can
 * issue: no range, used up, past its deadline, retired.
 */
export async function takeNumber(
  trx: Executor,
  kind: FiscalDocumentKind,
  now = new Date(),
): Promise<({ ok: true } & TakenNumber) | NumberRefusal> {
  const nowIso = now.toISOString();
  const taken = await trx
    .updateTable("fiscalRanges")
    .set((eb) => ({ nextNumber: eb("nextNumber", "+", 1) }))
    .where(
      "id",
      "=",
      trx
        .selectFrom("fiscalRanges")
        .select("id")
        .where("kind", "=", kind)
        .where("retiredAt", "is", null)
        .where("deadline", ">=", nowIso)
        .whereRef("nextNumber", "<=", "lastNumber")
        .orderBy("id")
        .limit(1),
    )
    // Checked again on the row as it is when this statement holds it (PostgreSQL re-reads a
    // row another transaction changed meanwhile): never past the range's last number.
    .whereRef("nextNumber", "<=", "lastNumber")
    .returning([
      "id",
      sql<number>`next_number - 1`.as("correlative"),
      "cai",
      "prefix",
      "firstNumber",
      "lastNumber",
      "deadline",
    ])
    .executeTakeFirst();
  if (taken) {
    const correlative = Number(taken.correlative);
    return {
      ok: true,
      rangeId: taken.id,
      correlative,
      number: documentNumber(taken.prefix, correlative),
      cai: taken.cai,
      prefix: taken.prefix,
      first: taken.firstNumber,
      last: taken.lastNumber,
      deadline: taken.deadline,
    };
  }
  return refusalFor(trx, kind, now);
}

/** Why no range of `kind` can issue: the state of the newest one, or none. */
async function refusalFor(
  trx: Executor,
  kind: FiscalDocumentKind,
  now: Date,
): Promise<NumberRefusal> {
  const latest = await trx
    .selectFrom("fiscalRanges")
    .select(["firstNumber", "lastNumber", "nextNumber", "deadline", "retiredAt"])
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const state = latest
    ? rangeState(
        {
          first: latest.firstNumber,
          last: latest.lastNumber,
          next: latest.nextNumber,
          deadline: new Date(latest.deadline),
          retiredAt: latest.retiredAt ? new Date(latest.retiredAt) : null,
        },
        now,
      )
    : "none";
  // A range that reads active here was taken by another transaction to its end meanwhile.
  const reason = state === "active" ? "used_up" : state;
  return { ok: false, reason, message: RANGE_REFUSALS[reason] };
}

export type NewDocument = {
  orderId: string | null;
  /** A credit note: the invoice's row. */
  reversesId?: number | null;
  /** Everything but the number, the date and the range (documents.server.ts builds it). */
  content: DocumentContent;
  now?: Date;
};

/**
 * Issues a document: its number taken and its row written in one transaction (the caller's when
 * `executor` is one: an order's status change issues its invoice in its own). Refused, having
 * written nothing, when no range can issue. The row's `snapshot` is the whole FiscalDocument.
 */
export async function issueDocument(executor: Executor, document: NewDocument) {
  return inTransaction(executor, async (trx) => {
    const now = document.now ?? new Date();
    const { content } = document;
    const taken = await takeNumber(trx, content.kind, now);
    if (!taken.ok) return taken;
    const issued: FiscalDocument = {
      ...content,
      number: taken.number,
      issuedAt: now.toISOString(),
      range: {
        cai: taken.cai,
        first: documentNumber(taken.prefix, taken.first),
        last: documentNumber(taken.prefix, taken.last),
        deadline: taken.deadline,
      },
    };
    const row = await trx
      .insertInto("fiscalDocuments")
      .values({
        kind: content.kind,
        number: taken.number,
        rangeId: taken.rangeId,
        correlative: taken.correlative,
        orderId: document.orderId,
        reversesId: document.reversesId ?? null,
        issuedAt: issued.issuedAt,
        buyerName: content.buyer.name,
        buyerRtn: content.buyer.rtn,
        snapshot: JSON.stringify(issued),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return {
      ok: true as const,
      id: row.id,
      number: taken.number,
      correlative: taken.correlative,
      document: issued,
    };
  });
}
