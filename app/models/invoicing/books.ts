/*
 * Decision 173: the books (/admin/facturacion) as the page and its CSV word them. Client-safe:
 * the page's component imports it (books.server.ts reads the documents).
 */

import type { FiscalDocumentKind } from "#db/types";
import type { DocumentTotals } from "./document";

/** "2026-11": a month of the books. */
export type BooksMonth = string;

/** `?mes=todos`: every month (a search by number across them). */
export const ALL_MONTHS = "todos";

/** The amounts the books add up, from a document's snapshot. */
export type BookFigures = Pick<DocumentTotals, "taxed" | "tax" | "exempt" | "exonerated" | "total">;

export type BookEntry = {
  id: number;
  kind: FiscalDocumentKind;
  number: string;
  issuedAt: string;
  buyerName: string;
  buyerRtn: string | null;
  /** The order's id while the order exists (an admin may delete it), else null. */
  orderId: string | null;
  /** The document's own record of its order. */
  orderNumber: string;
  /** Signed: a credit note's are negative. */
  figures: BookFigures;
  /** A credit note: the number of the invoice it reverses. */
  reverses: string | null;
  /** An invoice: the number of the credit note that reversed it. */
  reversedBy: string | null;
};

export type MonthTotals = BookFigures & { invoices: number; creditNotes: number };

/** Whether `value` is a month the books can show ("2026-11"). */
export function isBooksMonth(value: unknown): value is BooksMonth {
  return typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/**
 * A document's state in the books: an invoice is 'Emitida', or 'Anulada por nota de crédito N'
 * once a credit note reverses it (the invoice itself never changes); a credit note names its
 * invoice.
 */
export function bookStatus(entry: Pick<BookEntry, "kind" | "reverses" | "reversedBy">) {
  if (entry.kind === "credit_note") {
    return entry.reverses ? `Nota de crédito de ${entry.reverses}` : "Nota de crédito";
  }
  return entry.reversedBy ? `Anulada por nota de crédito ${entry.reversedBy}` : "Emitida";
}
