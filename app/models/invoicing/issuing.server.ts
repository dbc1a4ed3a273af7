import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { taxPercentageOf } from "~/models/checkout/pricing";
import { paymentMethodLabel } from "~/models/orders/status";
import { readSettingsIn } from "~/models/settings/read-settings.server";
import type { StoreSettings } from "~/models/settings/settings";
import {
  BUYER_COPY,
  DOCUMENT_TITLES,
  FINAL_CONSUMER,
  type DocumentContent,
  type FiscalDocument,
} from "./document";
import { amountInWords } from "./fiscal";
import { issueDocument } from "./numbering.server";

/*
 * Decision 171: the documents an order's life issues, in the transaction of the change it
 * documents (transitions.server.ts calls these before writing anything, so a refusal leaves the
 * order as it was): its invoice when it becomes paid (the proof approved, the cash recorded),
 * a credit note that reverses it whole when the order is cancelled, denied or deleted. The
 * content is the order as it is then; the numbering adds the number and the range. Like the
 * lifecycle's steps, which the seed and the factories run, this module never opens the app's
 * connection: documents.server.ts serves the pages.
 */

type Executor = Kysely<Database>;

export type FiscalRefusal = { ok: false; reason: string; message: string };
export type IssuedNote = { ok: true; id: number; number: string; document: FiscalDocument };

export const FISCAL_MESSAGES = {
  off: "La facturación está desactivada: actívala en Configuración, Facturación.",
  issuer:
    "Completa la razón social y el RTN del emisor en Configuración, Facturación antes de emitir facturas.",
  notPaid: "Este pedido aún no está pagado: se factura cuando se aprueba su pago o se cobra.",
  invoiced: "Este pedido ya tiene su factura.",
  closed: "Un pedido cancelado o denegado no se factura.",
} as const;

export const refusal = (reason: string, message: string): FiscalRefusal => ({
  ok: false,
  reason,
  message,
});

/** The issuer's data from the settings, or null when the name or the RTN is missing. */
function issuerOf(settings: StoreSettings): FiscalDocument["issuer"] | null {
  const legalName = settings.fiscal_legal_name.trim();
  const rtn = settings.fiscal_rtn.trim();
  if (!legalName || !rtn) return null;
  return {
    legalName,
    rtn,
    address: settings.fiscal_address.trim(),
    phone: settings.fiscal_phone.trim(),
    email: settings.fiscal_email.trim(),
  };
}

/** The invoice in force of an order: issued, and not reversed by a credit note. */
export async function invoiceInForce(trx: Executor, orderId: string) {
  return trx
    .selectFrom("fiscalDocuments as d")
    .select(["d.id", "d.number", "d.issuedAt", "d.snapshot"])
    .where("d.orderId", "=", orderId)
    .where("d.kind", "=", "invoice")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("fiscalDocuments as n")
            .select("n.id")
            .whereRef("n.reversesId", "=", "d.id"),
        ),
      ),
    )
    .executeTakeFirst();
}

/** The invoice's content: the order's lines and totals as they are in `trx`. */
async function invoiceContent(
  trx: Executor,
  orderId: string,
  issuer: FiscalDocument["issuer"],
): Promise<DocumentContent> {
  const order = await trx
    .selectFrom("orders")
    .select([
      "id",
      "orderNumber",
      "paymentMethod",
      "subtotal",
      "shippingCost",
      "tax",
      "couponDiscount",
      "paymentSurcharge",
      "total",
      "invoiceRtn",
      "invoiceName",
    ])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("orderItems")
    .select(["productName", "size", "quantity", "price"])
    .where("orderId", "=", orderId)
    .orderBy("id")
    .execute();
  // D19: the ISV is charged on the products' subtotal; with none charged, all of it is exempt.
  const taxed = order.tax > 0 ? order.subtotal : 0;
  return {
    kind: "invoice",
    title: DOCUMENT_TITLES.invoice,
    issuer,
    buyer: order.invoiceRtn
      ? { name: order.invoiceName ?? FINAL_CONSUMER, rtn: order.invoiceRtn }
      : { name: FINAL_CONSUMER, rtn: null },
    order: { id: order.id, number: order.orderNumber },
    lines: items.map((item) => ({
      quantity: item.quantity,
      description: item.size ? `${item.productName} (${item.size})` : item.productName,
      unitPrice: item.price,
      discount: 0,
      amount: item.price * item.quantity,
    })),
    totals: {
      subtotal: order.subtotal,
      discount: order.couponDiscount,
      exempt: order.subtotal - taxed,
      exonerated: 0,
      taxed,
      taxPercentage: taxPercentageOf(order) ?? 0,
      tax: order.tax,
      shipping: order.shippingCost,
      surcharge: order.paymentSurcharge,
      total: order.total,
    },
    totalInWords: amountInWords(order.total),
    paymentMethod: paymentMethodLabel(order.paymentMethod, "admin"),
    reverses: null,
    copy: BUYER_COPY,
  };
}

export async function issueInvoiceIn(
  trx: Executor,
  orderId: string,
  settings: StoreSettings,
  now: Date,
): Promise<IssuedNote | FiscalRefusal> {
  const issuer = issuerOf(settings);
  if (!issuer) return refusal("issuer", FISCAL_MESSAGES.issuer);
  const content = await invoiceContent(trx, orderId, issuer);
  const issued = await issueDocument(trx, { orderId, content, now });
  return issued.ok
    ? { ok: true, id: issued.id, number: issued.number, document: issued.document }
    : refusal(issued.reason, issued.message);
}

/**
 * The invoice an order's payment issues, in `trx`: null when the shop does not invoice (the
 * 'Emitir facturas' setting) or the order has its invoice already; refused when none can be
 * issued (no issuer, no range that can issue).
 */
export async function invoiceOnPayment(trx: Executor, orderId: string, now: Date) {
  const settings = await readSettingsIn(trx);
  if (!settings.fiscal_invoicing) return null;
  if (await invoiceInForce(trx, orderId)) return null;
  return issueInvoiceIn(trx, orderId, settings, now);
}

/**
 * The credit note that reverses an order's invoice in force, in `trx`, when the order is
 * cancelled, denied or deleted: whole (its lines and totals), from the credit notes' range,
 * naming the invoice and `reason`. Null when the order has no invoice in force; refused when no
 * range can issue it (the order then stays as it was: an invoice is never left standing for a
 * sale undone).
 */
export async function creditNoteOnReversal(
  trx: Executor,
  orderId: string,
  reason: string,
  now: Date,
): Promise<IssuedNote | FiscalRefusal | null> {
  const invoice = await invoiceInForce(trx, orderId);
  if (!invoice) return null;
  const settings = await readSettingsIn(trx);
  const reversed = JSON.parse(invoice.snapshot) as FiscalDocument;
  const issuer = issuerOf(settings) ?? reversed.issuer;
  const content: DocumentContent = {
    kind: "credit_note",
    title: DOCUMENT_TITLES.credit_note,
    issuer,
    buyer: reversed.buyer,
    order: reversed.order,
    lines: reversed.lines,
    totals: reversed.totals,
    totalInWords: reversed.totalInWords,
    paymentMethod: reversed.paymentMethod,
    reverses: { number: invoice.number, issuedAt: invoice.issuedAt, reason },
    copy: BUYER_COPY,
  };
  const issued = await issueDocument(trx, { orderId, reversesId: invoice.id, content, now });
  return issued.ok
    ? { ok: true, id: issued.id, number: issued.number, document: issued.document }
    : refusal(issued.reason, issued.message);
}
