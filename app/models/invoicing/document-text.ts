/*
 * Issue 42, decision 172: the words a fiscal document is printed with, once, for its page
 * (components/invoicing/fiscal-document.tsx) and its PDF (pdf.server.ts), so both say the same
 * thing. Amounts through formatMoney, dates in Honduras' time. Client-safe.
 */

import { dayOfIso, formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { DOCUMENT_TITLES, formatRtn, type FiscalDocument } from "./document";

/** A4 for a printer or a PDF to file; "ticket" for an 80 mm receipt printer. */
export type DocumentFormat = "a4" | "ticket";

export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ["a4", "ticket"];

/** A label and its value, printed "Label: value". */
export type Labelled = { label: string; value: string };

/** "31/12/2027": the Honduras day of an ISO timestamp, as the SAR writes a deadline. */
export function formatDayNumeric(iso: string) {
  const [year, month, day] = dayOfIso(iso).split("-");
  return `${day}/${month}/${year}`;
}

/** A percentage's number and sign kept on one line: "15 %". */
const percent = (value: number) => `${value}\u00a0%`;

export const LINE_HEADERS = {
  quantity: "Cant.",
  description: "Descripción",
  unitPrice: "Precio unitario",
  discount: "Descuento",
  amount: "Importe",
} as const;

export const SURCHARGE_LABEL = "Recargo contra entrega";

/** Everything a document prints, as text, in the order it is printed. */
export function documentText(document: FiscalDocument) {
  const { issuer, range, buyer, totals, reverses } = document;
  const totalRows: (Labelled & { total?: true })[] = [
    { label: "Subtotal", value: formatMoney(totals.subtotal) },
    { label: "Descuentos", value: formatMoney(totals.discount) },
    { label: "Importe exento", value: formatMoney(totals.exempt) },
    { label: "Importe exonerado", value: formatMoney(totals.exonerated) },
    { label: `Importe gravado ${percent(totals.taxPercentage)}`, value: formatMoney(totals.taxed) },
    { label: `ISV ${percent(totals.taxPercentage)}`, value: formatMoney(totals.tax) },
    { label: "Envío", value: formatMoney(totals.shipping) },
    ...(totals.surcharge > 0
      ? [{ label: SURCHARGE_LABEL, value: formatMoney(totals.surcharge) }]
      : []),
    { label: "Total", value: formatMoney(totals.total), total: true as const },
  ];
  return {
    issuer: {
      legalName: issuer.legalName,
      rows: [
        { label: "RTN", value: formatRtn(issuer.rtn) },
        { label: "Dirección", value: issuer.address },
        { label: "Teléfono", value: issuer.phone },
        { label: "Correo", value: issuer.email },
      ] satisfies Labelled[],
    },
    title: document.title,
    number: `No. ${document.number}`,
    /** The authorisation and the date: CAI, range, deadline, date of issue. */
    fiscal: [
      { label: "CAI", value: range.cai },
      { label: "Rango autorizado", value: `del ${range.first} al ${range.last}` },
      { label: "Fecha límite de emisión", value: formatDayNumeric(range.deadline) },
      { label: "Fecha de emisión", value: formatDateTime(document.issuedAt) },
    ] satisfies Labelled[],
    /** The buyer's name, or Consumidor Final with no RTN, and the order. */
    buyer: [
      { label: "Cliente", value: buyer.name },
      ...(buyer.rtn ? [{ label: "RTN", value: formatRtn(buyer.rtn) }] : []),
      { label: "Pedido", value: document.order.number },
    ] satisfies Labelled[],
    /** A credit note's invoice and reason; empty for an invoice. */
    reverses: reverses
      ? ([
          {
            label: "Documento que modifica",
            value: `${upperFirstWord(DOCUMENT_TITLES.invoice)} No. ${reverses.number}, emitida el ${formatDateTime(reverses.issuedAt)}`,
          },
          { label: "Motivo", value: reverses.reason },
        ] satisfies Labelled[])
      : [],
    lines: document.lines.map((line) => ({
      quantity: String(line.quantity),
      description: line.description,
      unitPrice: formatMoney(line.unitPrice),
      discount: formatMoney(line.discount),
      hasDiscount: line.discount > 0,
      amount: formatMoney(line.amount),
    })),
    totals: totalRows,
    words: { label: "Son", value: document.totalInWords } satisfies Labelled,
    payment: { label: "Forma de pago", value: document.paymentMethod } satisfies Labelled,
    copy: document.copy,
  };
}

export type DocumentText = ReturnType<typeof documentText>;

/** "FACTURA" → "Factura". */
function upperFirstWord(title: string) {
  return title.charAt(0) + title.slice(1).toLowerCase();
}

/** "CAI: 35A1B2-…" */
export const labelled = ({ label, value }: Labelled) => `${label}: ${value}`;
