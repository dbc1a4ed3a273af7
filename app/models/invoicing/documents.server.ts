import { inTransaction } from "#db/connection";
import { db } from "~/utils/db.server";
import { getSettings, readSettingsIn } from "~/models/settings/settings.server";
import type { FiscalDocument, FiscalDocumentKind } from "./document";
import {
  FISCAL_MESSAGES,
  invoiceInForce,
  issueInvoiceIn,
  refusal,
  type FiscalRefusal,
  type IssuedNote,
} from "./issuing.server";

/*
 * Decision 171: an order's fiscal documents for its pages (the owner's, the admin's, the API's)
 * and 'Emitir factura', the admin's issue of the invoice of an order paid otherwise. The
 * lifecycle issues the rest in its own transactions (issuing.server.ts).
 */

/**
 * An admin issues the invoice of an order paid otherwise: paid before the shop invoiced, or
 * whose invoice a refusal held back. Refused unless the order is paid and has none in force.
 */
export async function issueInvoiceForOrder(orderId: string, now = new Date()) {
  return inTransaction(db, async (trx): Promise<IssuedNote | FiscalRefusal> => {
    const settings = await readSettingsIn(trx);
    if (!settings.fiscal_invoicing) return refusal("off", FISCAL_MESSAGES.off);
    const order = await trx
      .selectFrom("orders")
      .select(["status", "paidAt"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return refusal("not_found", "Pedido no encontrado");
    if (order.status === "cancelled" || order.status === "denied") {
      return refusal("closed", FISCAL_MESSAGES.closed);
    }
    if (order.paidAt === null) return refusal("not_paid", FISCAL_MESSAGES.notPaid);
    if (await invoiceInForce(trx, orderId)) return refusal("invoiced", FISCAL_MESSAGES.invoiced);
    return issueInvoiceIn(trx, orderId, settings, now);
  });
}

export type OrderDocument = {
  id: number;
  kind: FiscalDocumentKind;
  number: string;
  issuedAt: string;
  /** An invoice: the credit note that reversed it, if any. */
  reversedBy: string | null;
  document: FiscalDocument;
};

/** The documents of an order, oldest first (its invoice, then any credit note). */
export async function documentsOfOrder(orderId: string): Promise<OrderDocument[]> {
  const rows = await db
    .selectFrom("fiscalDocuments as d")
    .leftJoin("fiscalDocuments as n", "n.reversesId", "d.id")
    .select(["d.id", "d.kind", "d.number", "d.issuedAt", "d.snapshot", "n.number as reversedBy"])
    .where("d.orderId", "=", orderId)
    .orderBy("d.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    reversedBy: row.reversedBy,
    document: JSON.parse(row.snapshot) as FiscalDocument,
  }));
}

/** One document by its id (the e-mail's attachment), or undefined. */
export async function documentById(id: number): Promise<FiscalDocument | undefined> {
  const row = await db
    .selectFrom("fiscalDocuments")
    .select("snapshot")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as FiscalDocument) : undefined;
}

/** A document as an order's pages list it. */
export type DocumentSummary = {
  kind: FiscalDocumentKind;
  title: string;
  number: string;
  issuedAt: string;
  total: number;
  /** An invoice reversed by a credit note: its number. */
  reversedBy: string | null;
};

/**
 * What an order's pages show of its invoicing: its documents, who the invoice is made out to,
 * whether that may still change (no invoice yet, the order not closed), and whether an admin
 * may issue its invoice now (paid, none in force, the shop invoicing).
 */
export async function orderInvoicing(orderId: string) {
  const [order, documents, settings] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["status", "paidAt", "invoiceRtn", "invoiceName"])
      .where("id", "=", orderId)
      .executeTakeFirst(),
    documentsOfOrder(orderId),
    getSettings(),
  ]);
  if (!order) return null;
  const closed = order.status === "cancelled" || order.status === "denied";
  const invoiced = documents.some((document) => document.kind === "invoice");
  const inForce = documents.some(
    (document) => document.kind === "invoice" && document.reversedBy === null,
  );
  const summaries: DocumentSummary[] = documents.map((document) => ({
    kind: document.kind,
    title: document.document.title,
    number: document.number,
    issuedAt: document.issuedAt,
    total: document.document.totals.total,
    reversedBy: document.reversedBy,
  }));
  return {
    documents: summaries,
    buyer: { rtn: order.invoiceRtn, name: order.invoiceName },
    buyerEditable: !invoiced && !closed,
    canIssue: settings.fiscal_invoicing && !closed && order.paidAt !== null && !inForce,
  };
}

export type OrderInvoicing = NonNullable<Awaited<ReturnType<typeof orderInvoicing>>>;

/** One document of an order by its number, or its invoice (the latest) when none is named. */
export async function documentOfOrder(orderId: string, number: string | null) {
  const documents = await documentsOfOrder(orderId);
  const found = number
    ? documents.find((document) => document.number === number)
    : documents.findLast((document) => document.kind === "invoice");
  return found?.document;
}
