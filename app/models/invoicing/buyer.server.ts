import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { db } from "~/utils/db.server";
import { isPlainAddress } from "~/models/customers/fields";
import type { InvoiceBuyerField } from "./document";
import { invoiceBuyerColumns, normalizeRtn, RTN_MESSAGE } from "./fiscal";

/*
 * Decision 171: "Factura a nombre de", who the order's invoice is made out to: an RTN (its 14
 * digits) and the name or company it belongs to, both or neither (neither: Consumidor Final).
 * The checkout takes them (checkout-form.server.ts), and the customer or an admin may give
 * them later on the order's page until the invoice is issued; after that they are the
 * invoice's, which never changes.
 */

export const INVOICE_NAME_MAX = 120;

export const INVOICE_BUYER_MESSAGES = {
  rtn: RTN_MESSAGE,
  nameMissing: "Escribe el nombre o la razón social que lleva la factura.",
  rtnMissing:
    "Escribe el RTN de la factura, o deja los dos campos vacíos para facturar a Consumidor Final.",
  nameInvalid: "El nombre de la factura solo lleva letras, números y signos de puntuación.",
  issued: "La factura de este pedido ya fue emitida: sus datos ya no cambian.",
} as const;

/** The two fields as a form or the API posts them. */
export const InvoiceBuyerFields = {
  invoiceRtn: z.string().trim().max(30, INVOICE_BUYER_MESSAGES.rtn).optional(),
  invoiceName: z
    .string()
    .trim()
    .max(INVOICE_NAME_MAX, `El nombre de la factura tiene hasta ${INVOICE_NAME_MAX} caracteres.`)
    .optional(),
};

type Typed = { invoiceRtn?: string; invoiceName?: string };

/** The rules across the two fields, each problem on its field. */
export function invoiceBuyerRules(value: Typed, issue: (path: string, message: string) => void) {
  const rtn = value.invoiceRtn ?? "";
  const name = value.invoiceName ?? "";
  if (!rtn && !name) return;
  if (!rtn) issue("invoiceRtn", INVOICE_BUYER_MESSAGES.rtnMissing);
  else if (!normalizeRtn(rtn)) issue("invoiceRtn", INVOICE_BUYER_MESSAGES.rtn);
  if (!name) issue("invoiceName", INVOICE_BUYER_MESSAGES.nameMissing);
  // A company's name may hold "&" (Inversiones López & Asociados).
  else if (!isPlainAddress(name.replaceAll("&", " ")))
    issue("invoiceName", INVOICE_BUYER_MESSAGES.nameInvalid);
}

/** The form's field names (document.ts) are exactly this schema's: tsc fails on a drift. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
export type _InvoiceBuyerFieldsAgree = Expect<
  Agree<keyof typeof InvoiceBuyerFields, InvoiceBuyerField>
>;

/** The order page's form: the two fields, checked together. */
export const InvoiceBuyerSchema = z
  .object(InvoiceBuyerFields)
  .superRefine((value, ctx) =>
    invoiceBuyerRules(value, (path, message) =>
      ctx.addIssue({ code: "custom", path: [path], message }),
    ),
  );

/**
 * Gives an order's "Factura a nombre de" (valid fields) while its invoice is not issued: the
 * one UPDATE checks that no invoice of the order exists, so a change racing the approval either
 * lands before the invoice takes it or is refused.
 */
export async function setInvoiceBuyer(orderId: string, value: Typed) {
  const columns = invoiceBuyerColumns(value);
  const result = await db
    .updateTable("orders")
    .set(columns)
    .where("id", "=", orderId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("fiscalDocuments")
            .select("fiscalDocuments.id")
            .whereRef("fiscalDocuments.orderId", "=", "orders.id")
            .where("fiscalDocuments.kind", "=", "invoice"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1
    ? ({ ok: true } as const)
    : ({ ok: false, message: INVOICE_BUYER_MESSAGES.issued } as const);
}

/**
 * The order page's post of "Factura a nombre de", saved when valid: the form's reply to show
 * (field errors, or the refusal once the invoice is issued) or null when it was saved.
 */
export async function saveInvoiceBuyerForm(orderId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: InvoiceBuyerSchema });
  if (submission.status !== "success") return submission.reply();
  const saved = await setInvoiceBuyer(orderId, submission.value);
  return saved.ok ? null : submission.reply({ formErrors: [saved.message] });
}
