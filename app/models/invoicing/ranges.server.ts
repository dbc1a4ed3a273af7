import type { Kysely, Selectable } from "kysely";
import type { Database, FiscalDocumentKind, FiscalRangesTable } from "#db/types";
import { db } from "~/utils/db.server";
import { dayOfIso } from "~/utils/dates";
import { isUniqueViolation } from "~/utils/sql.server";
import {
  documentNumber,
  RANGE_REFUSALS,
  rangeEntryProblem,
  rangeState,
  rangeWarnings,
  type AuthorisedRange,
} from "./fiscal";
import { RANGE_KIND_PLURALS, type RangeRow } from "./ranges";

/*
 * Decision 173: the authorised ranges as the back office sees them. The 'Facturación' settings
 * tab lists them and enters new ones (addRange, after checking that no
 * range of the same prefix holds any of their numbers: two ranges sharing a number would print
 * it twice); the dashboard warns before one runs out. Ranges are never edited.
 */

type Executor = Kysely<Database>;
type RangeRecord = Selectable<FiscalRangesTable>;

export type NewRange = {
  kind: FiscalDocumentKind;
  cai: string;
  prefix: string;
  first: number;
  last: number;
  deadline: Date;
  createdBy: number | null;
};

/**
 * Enters an authorised range (the settings' form checks the CAI and the prefix first), in
 * `executor` when it is a transaction (ranges.server.ts checks the numbers are free in it).
 */
export async function addRange(range: NewRange, now = new Date(), executor: Executor = db) {
  const problem = rangeEntryProblem(range);
  if (problem) return { ok: false as const, message: problem };
  const row = await executor
    .insertInto("fiscalRanges")
    .values({
      kind: range.kind,
      cai: range.cai,
      prefix: range.prefix,
      firstNumber: range.first,
      lastNumber: range.last,
      nextNumber: range.first,
      deadline: range.deadline.toISOString(),
      createdAt: now.toISOString(),
      createdBy: range.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true as const, id: row.id };
}

/** Retires a range: no number is taken from it any more (what it issued stays). */
export async function retireRange(id: number, now = new Date()) {
  const result = await db
    .updateTable("fiscalRanges")
    .set({ retiredAt: now.toISOString() })
    .where("id", "=", id)
    .where("retiredAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const RANGE_ENTRY_MESSAGES = {
  duplicate:
    "Ese rango ya está ingresado: el mismo prefijo y número inicial ya tienen un rango autorizado.",
  overlap: (range: Pick<RangeRow, "first" | "last">) =>
    `Esos números ya están en el rango ${range.first} a ${range.last}: un número no puede estar en dos rangos.`,
} as const;

function authorised(row: RangeRecord): AuthorisedRange {
  return {
    first: row.firstNumber,
    last: row.lastNumber,
    next: row.nextNumber,
    deadline: new Date(row.deadline),
    retiredAt: row.retiredAt ? new Date(row.retiredAt) : null,
  };
}

function rowOf(record: RangeRecord, now: Date): RangeRow {
  const range = authorised(record);
  const { used, size } = rangeWarnings(range, now);
  return {
    id: record.id,
    kind: record.kind,
    cai: record.cai,
    prefix: record.prefix,
    first: documentNumber(record.prefix, record.firstNumber),
    last: documentNumber(record.prefix, record.lastNumber),
    next:
      record.nextNumber <= record.lastNumber
        ? documentNumber(record.prefix, record.nextNumber)
        : null,
    deadline: record.deadline,
    state: rangeState(range, now),
    used,
    size,
    createdAt: record.createdAt,
    retiredAt: record.retiredAt,
  };
}

function rangeRecords(executor: Executor) {
  return executor.selectFrom("fiscalRanges").selectAll().orderBy("id", "desc").execute();
}

/** Every range entered, the newest first, with its state and use at `now`. */
export async function listRanges(now = new Date(), executor: Executor = db): Promise<RangeRow[]> {
  return (await rangeRecords(executor)).map((record) => rowOf(record, now));
}

/** One range, or undefined. */
export async function getRange(id: number, now = new Date()): Promise<RangeRow | undefined> {
  const record = await db
    .selectFrom("fiscalRanges")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return record ? rowOf(record, now) : undefined;
}

export type RangeEntryResult =
  | { ok: true; id: number; range: RangeRow }
  | { ok: false; error: "invalid" | "taken"; message: string };

/**
 * Enters a range whose CAI, prefix and deadline the form checked: refused when its numbers are
 * out of order or any of them is in a range already entered with its prefix (retired ones too:
 * their numbers may be printed). The check and the insert are one transaction (SQLite's one
 * writer, PostgreSQL's serializable); the UNIQUE (prefix, first_number) backs it.
 */
export async function enterRange(range: NewRange, now = new Date()): Promise<RangeEntryResult> {
  const problem = rangeEntryProblem(range);
  if (problem) return { ok: false, error: "invalid", message: problem };
  try {
    return await db.transaction().execute(async (trx): Promise<RangeEntryResult> => {
      const clash = await trx
        .selectFrom("fiscalRanges")
        .selectAll()
        .where("prefix", "=", range.prefix)
        .where("firstNumber", "<=", range.last)
        .where("lastNumber", ">=", range.first)
        .orderBy("id")
        .executeTakeFirst();
      if (clash) {
        const same = clash.firstNumber === range.first && clash.cai === range.cai;
        return {
          ok: false,
          error: "taken",
          message: same
            ? RANGE_ENTRY_MESSAGES.duplicate
            : RANGE_ENTRY_MESSAGES.overlap(rowOf(clash, now)),
        };
      }
      const added = await addRange(range, now, trx);
      if (!added.ok) return { ok: false, error: "invalid", message: added.message };
      const record = await trx
        .selectFrom("fiscalRanges")
        .selectAll()
        .where("id", "=", added.id)
        .executeTakeFirstOrThrow();
      return { ok: true, id: added.id, range: rowOf(record, now) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      return { ok: false, error: "taken", message: RANGE_ENTRY_MESSAGES.duplicate };
    }
    throw error;
  }
}

/** "31/12/2026": a deadline's day in Honduras. */
function shortDay(iso: string) {
  const [year, month, day] = dayOfIso(iso).split("-");
  return `${day}/${month}/${year}`;
}

export type RangeAlert = { rangeId: number | null; message: string };

/**
 * The dashboard's warnings (decision 168: at 90 % of a range used, 30 days before its
 * deadline) for each active range, and one when no invoice range is active while invoicing is
 * on. `invoicing`: the owner's switch; not given, invoicing counts as on once any range was
 * entered.
 */
export async function fiscalRangeAlerts(
  now = new Date(),
  { invoicing, executor = db }: { invoicing?: boolean; executor?: Executor } = {},
): Promise<RangeAlert[]> {
  const records = await rangeRecords(executor);
  const ranges = records.map((record) => rowOf(record, now));
  const alerts: RangeAlert[] = [];
  // The oldest first: the order numbers are taken in.
  for (const [index, range] of [...ranges.entries()].reverse()) {
    if (range.state !== "active") continue;
    const warnings = rangeWarnings(authorised(records[index]), now);
    const name = `El rango de ${RANGE_KIND_PLURALS[range.kind]} ${range.first} a ${range.last}`;
    if (warnings.nearlyUsedUp) {
      const percent = Math.floor((warnings.used * 100) / warnings.size);
      alerts.push({
        rangeId: range.id,
        message: `${name} va por el ${percent} %: pide al SAR el siguiente.`,
      });
    }
    if (warnings.deadlineSoon) {
      const { daysLeft } = warnings;
      const when =
        daysLeft <= 0 ? "vence hoy" : daysLeft === 1 ? "vence mañana" : `vence en ${daysLeft} días`;
      alerts.push({
        rangeId: range.id,
        message: `${name} ${when} (${shortDay(range.deadline)}): pide al SAR un rango nuevo.`,
      });
    }
  }
  const on = invoicing ?? ranges.length > 0;
  if (on && !ranges.some((range) => range.kind === "invoice" && range.state === "active")) {
    alerts.unshift({ rangeId: null, message: RANGE_REFUSALS.none });
  }
  return alerts;
}
