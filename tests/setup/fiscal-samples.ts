import { amountInWords } from "~/models/invoicing/fiscal";
import {
  BUYER_COPY,
  DOCUMENT_TITLES,
  type DocumentContent,
  type DocumentLine,
  type FiscalDocument,
} from "~/models/invoicing/document";
import { endOfDayIso } from "~/utils/dates";

/*
 * Issue 42: fiscal documents as issued, for the tests of their page, their PDF and whatever
 * else reads one. The invoice: a buyer with an RTN, two lines (one with a discount), the
 * order's coupon, ISV 15 %, shipping, no cash-on-delivery surcharge. The credit note reverses
 * it. Pass `overrides` to change a part.
 */

const lines: DocumentLine[] = [
  {
    quantity: 1,
    description: "Chanel Nº 5 Eau de Parfum, 100 ml",
    unitPrice: 350_000,
    discount: 0,
    amount: 350_000,
  },
  {
    quantity: 2,
    description: "Dior Sauvage Eau de Toilette, 60 ml",
    unitPrice: 210_000,
    discount: 20_000,
    amount: 400_000,
  },
];

// Subtotal 7,500.00; coupon 500.00; taxed 7,000.00 at 15 % = 1,050.00; shipping 150.00.
const totals: FiscalDocument["totals"] = {
  subtotal: 750_000,
  discount: 50_000,
  exempt: 0,
  exonerated: 0,
  taxed: 700_000,
  taxPercentage: 15,
  tax: 105_000,
  shipping: 15_000,
  surcharge: 0,
  total: 820_000,
};

export function sampleInvoice(overrides: Partial<FiscalDocument> = {}): FiscalDocument {
  const document: FiscalDocument = {
    kind: "invoice",
    title: DOCUMENT_TITLES.invoice,
    number: "000-001-01-00000042",
    issuedAt: "2026-11-30T21:04:00.000Z",
    issuer: {
      legalName: "Perfumería de Lujo, S. de R.L.",
      rtn: "08011990123456",
      address: "Col. Palmira, Avenida República de Chile, Tegucigalpa, M.D.C.",
      phone: "+504 2232-4567",
      email: "facturacion@perfumeria.hn",
    },
    range: {
      cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
      first: "000-001-01-00000001",
      last: "000-001-01-00005000",
      deadline: endOfDayIso("2027-06-30"),
    },
    buyer: { name: "Inversiones Aromas, S.A.", rtn: "08019005123457" },
    order: { id: "ord_sample_42", number: "ORD-20261130-0042" },
    lines: lines.map((line) => ({ ...line })),
    totals: { ...totals },
    totalInWords: amountInWords(totals.total),
    paymentMethod: "Transferencia Bancaria",
    reverses: null,
    copy: BUYER_COPY,
    ...overrides,
  };
  return document;
}

export function sampleCreditNote(overrides: Partial<FiscalDocument> = {}): FiscalDocument {
  const invoice = sampleInvoice();
  return sampleInvoice({
    kind: "credit_note",
    title: DOCUMENT_TITLES.credit_note,
    number: "000-001-03-00000007",
    issuedAt: "2026-12-02T15:30:00.000Z",
    range: {
      cai: "8F7E6D-5C4B3A-291807-F6E5D4-C3B2A1-35",
      first: "000-001-03-00000001",
      last: "000-001-03-00000500",
      deadline: endOfDayIso("2027-06-30"),
    },
    reverses: {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      reason: "Pedido cancelado a solicitud del cliente",
    },
    ...overrides,
  });
}

/**
 * What the numbering is given to issue (an invoice's content, without its number, date and
 * range): the sample invoice's, with `overrides`. For the tests of what stores and moves the
 * documents (the numbering, backups, db:copy).
 */
export function sampleContent(overrides: Partial<DocumentContent> = {}): DocumentContent {
  const { number: _number, issuedAt: _issuedAt, range: _range, ...content } = sampleInvoice();
  return { ...content, ...overrides };
}
