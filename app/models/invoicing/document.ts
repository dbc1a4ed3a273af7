/*
 * Issue 42, decision 171: a fiscal document as it was issued. One shape, stored whole in
 * `fiscal_documents.snapshot` when the number is taken and never changed afterwards, read by the
 * printable page, the PDF, the e-mail and the API. Money in centavos; dates ISO-8601 UTC (shown
 * in Honduras' time). Client-safe: the page's component imports it.
 */

import type { FiscalDocumentKind } from "#db/types";

export type { FiscalDocumentKind };

export const DOCUMENT_TITLES: Record<FiscalDocumentKind, string> = {
  invoice: "FACTURA",
  credit_note: "NOTA DE CRÉDITO",
};

/** Each kind's name in a sentence or a list: "Factura No. …", a range's type. */
export const DOCUMENT_NAMES: Record<FiscalDocumentKind, string> = {
  invoice: "Factura",
  credit_note: "Nota de crédito",
};

/** A buyer who gave no RTN: the SAR's words for a sale to the public. */
export const FINAL_CONSUMER = "Consumidor Final";

/** The copy the buyer keeps (the SAR asks each copy to say whose it is). */
export const BUYER_COPY = "Original: Cliente";

export type DocumentLine = {
  quantity: number;
  /** The product's name and its size, as the order recorded them. */
  description: string;
  unitPrice: number;
  discount: number;
  /** quantity × unit price − discount */
  amount: number;
};

export type DocumentTotals = {
  /** The lines' amounts. */
  subtotal: number;
  /** The order's coupon or points discount (D19 takes it off the total). */
  discount: number;
  /** Importe exento: what bears no ISV (everything when the ISV setting is 0 %). */
  exempt: number;
  /** Importe exonerado: sales to buyers the SAR exonerates (none through the store yet). */
  exonerated: number;
  /** Importe gravado: what the ISV is charged on, at `taxPercentage`. */
  taxed: number;
  taxPercentage: number;
  /** The ISV the order charged. */
  tax: number;
  shipping: number;
  /** Decision 166: cash on delivery's surcharge, its own line. */
  surcharge: number;
  total: number;
};

export type FiscalDocument = {
  kind: FiscalDocumentKind;
  /** "FACTURA" or "NOTA DE CRÉDITO". */
  title: string;
  /** "000-001-01-00000001" */
  number: string;
  issuedAt: string;
  issuer: { legalName: string; rtn: string; address: string; phone: string; email: string };
  /** The authorisation the number came from: its CAI, first and last numbers and deadline. */
  range: { cai: string; first: string; last: string; deadline: string };
  /** The buyer's name and RTN, or FINAL_CONSUMER and null. */
  buyer: { name: string; rtn: string | null };
  order: { id: string; number: string };
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** "UN MIL DOSCIENTOS TREINTA Y CUATRO LEMPIRAS CON 50/100" */
  totalInWords: string;
  /** 'Transferencia Bancaria', 'Pago Contra Entrega', 'Pago en Tienda'. */
  paymentMethod: string;
  /** A credit note: the invoice it reverses, and why. */
  reverses: { number: string; issuedAt: string; reason: string } | null;
  copy: string;
};

/** What the issuing code writes; the numbering adds the number, the date and the range. */
export type DocumentContent = Omit<FiscalDocument, "number" | "issuedAt" | "range">;

/** The RTN as printed: 0801-1990-123456. */
export function formatRtn(rtn: string) {
  return /^\d{14}$/.test(rtn) ? `${rtn.slice(0, 4)}-${rtn.slice(4, 8)}-${rtn.slice(8)}` : rtn;
}

/** The document's file name: factura-000-001-01-00000001.pdf, nota-de-credito-….pdf. */
export function documentFileName(document: Pick<FiscalDocument, "kind" | "number">) {
  const what = document.kind === "invoice" ? "factura" : "nota-de-credito";
  return `${what}-${document.number}.pdf`;
}

/**
 * The address of an order's document: its page, or its PDF; `number` names a credit note (the
 * invoice without it); `query` carries an e-mail's signed order link (decision 151).
 */
export function documentHref(
  orderId: string,
  options: { number?: string; pdf?: boolean; query?: string } = {},
) {
  const params = new URLSearchParams(options.query);
  if (options.number) params.set("documento", options.number);
  const search = params.toString();
  const path = `/orders/${encodeURIComponent(orderId)}/factura${options.pdf ? ".pdf" : ""}`;
  return search ? `${path}?${search}` : path;
}

/** The fields of "Factura a nombre de" (buyer.server.ts's schema has exactly these). */
export type InvoiceBuyerField = "invoiceRtn" | "invoiceName";
