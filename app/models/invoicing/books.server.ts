import { sql, type Expression, type SqlBool } from "kysely";
import type { FiscalDocumentKind } from "#db/types";
import { db } from "~/utils/db.server";
import { hondurasDay, startOfDayIso } from "~/utils/dates";
import { paginate } from "~/utils/paging";
import { contains, monthAtUtcMinus6 } from "~/utils/sql.server";
import type { BookEntry, BookFigures, BooksMonth, MonthTotals } from "./books";
import type { FiscalDocument } from "./document";

/*
 * Decision 173: the books, /admin/facturacion. Every invoice and credit note, a month at a time
 * in Honduras' time, with its figures read from the document as issued (`snapshot`, JSON kept as
 * text on both databases, parsed here), the month's totals (invoices minus credit notes) and
 * the CSV the accountant takes. Reading only: documents are issued by numbering.server.ts.
 */

export const BOOKS_PAGE_SIZE = 25;

/** The month an instant falls in, in Honduras' time. */
export function monthOf(now: Date): BooksMonth {
  return hondurasDay(now).slice(0, 7);
}

/** The month after `month`. */
function nextMonth(month: BooksMonth): BooksMonth {
  const [year, number] = month.split("-").map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/** A month's first instant and the next month's, in Honduras (UTC−6), as stored (ISO UTC). */
export function monthBounds(month: BooksMonth) {
  return { from: startOfDayIso(`${month}-01`), to: startOfDayIso(`${nextMonth(month)}-01`) };
}

const FIGURES = ["taxed", "tax", "exempt", "exonerated", "total"] as const;

/** A snapshot's figures, in centavos as issued (a credit note's are positive there too). */
export function figuresOf(snapshot: string): BookFigures {
  const { totals } = JSON.parse(snapshot) as Pick<FiscalDocument, "totals">;
  const figures = {} as BookFigures;
  for (const key of FIGURES) figures[key] = Math.round(Number(totals?.[key] ?? 0)) || 0;
  return figures;
}

/** A credit note takes its figures off the month: they count negative. */
function signed(kind: FiscalDocumentKind, figures: BookFigures): BookFigures {
  if (kind === "invoice") return figures;
  const negative = {} as BookFigures;
  for (const key of FIGURES) negative[key] = -figures[key];
  return negative;
}

export type BookFilters = {
  /** The month; null: every month (a search by number across them). */
  month: BooksMonth | null;
  /** A document number, the buyer's RTN (with or without dashes) or name. */
  q?: string;
  page?: number;
  pageSize?: number;
};

function documents({ month, q }: Pick<BookFilters, "month" | "q">) {
  let query = db
    .selectFrom("fiscalDocuments as d")
    .leftJoin("orders as o", "o.id", "d.orderId")
    .leftJoin("fiscalDocuments as r", "r.id", "d.reversesId");
  if (month) {
    const { from, to } = monthBounds(month);
    query = query.where("d.issuedAt", ">=", from).where("d.issuedAt", "<", to);
  }
  const term = q?.trim();
  if (term) {
    const matches: Expression<SqlBool>[] = [
      contains(db, sql.ref("d.number"), term),
      contains(db, sql.ref("d.buyerName"), term),
    ];
    // An RTN is stored as its 14 digits: "0801-1990-123456" finds it too.
    const digits = term.replace(/[\s-]/g, "");
    if (/^\d+$/.test(digits)) matches.push(contains(db, sql.ref("d.buyerRtn"), digits));
    query = query.where((eb) => eb.or(matches));
  }
  return query;
}

/** The credit notes' numbers by the invoice each reverses. */
async function reversals(invoiceIds: number[]) {
  if (invoiceIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom("fiscalDocuments")
    .select(["reversesId", "number"])
    .where("reversesId", "in", invoiceIds)
    .orderBy("id")
    .execute();
  return new Map(rows.map((row) => [row.reversesId!, row.number]));
}

const ENTRY_COLUMNS = [
  "d.id",
  "d.kind",
  "d.number",
  "d.issuedAt",
  "d.buyerName",
  "d.buyerRtn",
  "d.snapshot",
  "o.id as liveOrderId",
  "r.number as reversedNumber",
] as const;

type EntryRecord = {
  id: number;
  kind: FiscalDocumentKind;
  number: string;
  issuedAt: string;
  buyerName: string;
  buyerRtn: string | null;
  snapshot: string;
  liveOrderId: string | null;
  reversedNumber: string | null;
};

async function entriesOf(records: EntryRecord[]): Promise<BookEntry[]> {
  const reversedBy = await reversals(
    records.filter((record) => record.kind === "invoice").map((record) => record.id),
  );
  return records.map((record) => {
    const document = JSON.parse(record.snapshot) as Partial<FiscalDocument>;
    return {
      id: record.id,
      kind: record.kind,
      number: record.number,
      issuedAt: record.issuedAt,
      buyerName: record.buyerName,
      buyerRtn: record.buyerRtn,
      orderId: record.liveOrderId,
      orderNumber: document.order?.number ?? "",
      figures: signed(record.kind, figuresOf(record.snapshot)),
      reverses:
        record.kind === "credit_note"
          ? (record.reversedNumber ?? document.reverses?.number ?? null)
          : null,
      reversedBy: reversedBy.get(record.id) ?? null,
    };
  });
}

/** One page of the books, newest first, and how many documents match. */
export async function listBookEntries(filters: BookFilters) {
  const { rows, ...window } = await paginate({
    page: filters.page,
    pageSize: filters.pageSize ?? BOOKS_PAGE_SIZE,
    count: async () =>
      (
        await documents(filters)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      documents(filters)
        .select(ENTRY_COLUMNS)
        .orderBy("d.issuedAt", "desc")
        .orderBy("d.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  return { entries: await entriesOf(rows), ...window };
}

/** Every document of a month, in the order they were issued (the CSV's). */
export async function monthEntries(month: BooksMonth): Promise<BookEntry[]> {
  const rows = await documents({ month })
    .select(ENTRY_COLUMNS)
    .orderBy("d.issuedAt")
    .orderBy("d.id")
    .execute();
  return entriesOf(rows);
}

/** A month's totals: its invoices' figures minus its credit notes'. */
export async function monthTotals(month: BooksMonth): Promise<MonthTotals> {
  const rows = await documents({ month }).select(["d.kind", "d.snapshot"]).execute();
  const totals: MonthTotals = {
    taxed: 0,
    tax: 0,
    exempt: 0,
    exonerated: 0,
    total: 0,
    invoices: 0,
    creditNotes: 0,
  };
  for (const row of rows) {
    const figures = signed(row.kind, figuresOf(row.snapshot));
    for (const key of FIGURES) totals[key] += figures[key];
    if (row.kind === "invoice") totals.invoices += 1;
    else totals.creditNotes += 1;
  }
  return totals;
}

/** The months that have documents, newest first, with how many each. */
export async function booksMonths(): Promise<{ month: BooksMonth; documents: number }[]> {
  const month = monthAtUtcMinus6(db, sql.ref("issuedAt"));
  const rows = await db
    .selectFrom("fiscalDocuments")
    .select([month.as("month"), (eb) => eb.fn.countAll<number>().as("documents")])
    .groupBy(month)
    .orderBy(month, "desc")
    .execute();
  return rows.map((row) => ({ month: row.month, documents: Number(row.documents) }));
}
