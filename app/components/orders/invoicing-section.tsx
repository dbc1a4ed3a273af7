import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useServerForm } from "~/components/forms/server-form";
import { InvoiceBuyerFields } from "./invoice-buyer-fields";
import { Button } from "~/components/ui/button";
import { Unbroken } from "~/components/ui/unbroken";
import {
  DOCUMENT_NAMES,
  documentHref,
  FINAL_CONSUMER,
  formatRtn,
  type InvoiceBuyerField,
} from "~/models/invoicing/document";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/*
 * Decision 171: an order's invoicing as its pages show it, the owner's and the admin's: its
 * documents, each to see or download, and "Factura a nombre de", which may change until the
 * invoice is issued.
 */

export type InvoicingView = {
  documents: Array<{
    kind: "invoice" | "credit_note";
    title: string;
    number: string;
    issuedAt: string;
    total: number;
    reversedBy: string | null;
  }>;
  buyer: { rtn: string | null; name: string | null };
  buyerEditable: boolean;
};

export function FiscalDocumentList({
  orderId,
  documents,
  query,
}: {
  orderId: string;
  documents: InvoicingView["documents"];
  /** An e-mail's signed link, for a guest's page (decision 151). */
  query?: string;
}) {
  return (
    <ul className="space-y-3">
      {documents.map((document) => {
        const name = `${DOCUMENT_NAMES[document.kind]} No. ${document.number}`;
        const number = document.kind === "invoice" ? undefined : document.number;
        return (
          <li key={document.number} className="space-y-1 text-sm">
            <p className="font-medium">
              {DOCUMENT_NAMES[document.kind]} No. <Unbroken>{document.number}</Unbroken>
            </p>
            <p className="text-fg-muted">
              Emitida el {formatDateTime(document.issuedAt)} · Total {formatMoney(document.total)}
            </p>
            {document.reversedBy ? (
              <p>
                Anulada por la nota de crédito No. <Unbroken>{document.reversedBy}</Unbroken>
              </p>
            ) : null}
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <a
                className="underline underline-offset-4"
                href={documentHref(orderId, { number, query })}
              >
                Ver e imprimir<span className="sr-only"> la {name}</span>
              </a>
              <a
                className="underline underline-offset-4"
                href={documentHref(orderId, { number, query, pdf: true })}
                download
              >
                Descargar PDF<span className="sr-only"> de la {name}</span>
              </a>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Who the invoice is made out to, in words. */
export function InvoiceBuyer({ buyer }: { buyer: InvoicingView["buyer"] }) {
  return (
    <p className="text-sm">
      Factura a nombre de:{" "}
      {buyer.rtn && buyer.name ? (
        <>
          <span className="font-medium">{buyer.name}</span> (RTN{" "}
          <Unbroken>{formatRtn(buyer.rtn)}</Unbroken>)
        </>
      ) : (
        <span className="font-medium">{FINAL_CONSUMER}</span>
      )}
    </p>
  );
}

/** "Factura a nombre de": the RTN and the name, both or neither. */
export function InvoiceBuyerForm({
  buyer,
  lastResult,
  children,
}: {
  buyer: InvoicingView["buyer"];
  lastResult?: SubmissionResult<string[]> | null;
  /** The form's hidden fields (the admin page's redirectTo). */
  children?: ReactNode;
}) {
  const { form, field } = useServerForm<InvoiceBuyerField>({
    id: "invoice-buyer",
    lastResult,
    defaultValue: {
      invoiceRtn: buyer.rtn ? formatRtn(buyer.rtn) : "",
      invoiceName: buyer.name ?? "",
    },
  });
  return (
    <Form method="post" {...form.props} className="space-y-3">
      <input type="hidden" name="intent" value="invoice-buyer" />
      {children}
      <div className="grid gap-3 sm:grid-cols-2">
        <InvoiceBuyerFields rtn={field("invoiceRtn")} name={field("invoiceName")} />
      </div>
      <p className="text-fg-muted text-sm">
        Deja los dos campos vacíos para facturar a {FINAL_CONSUMER}.
      </p>
      <Button type="submit" variant="secondary" size="sm">
        Guardar datos de factura
      </Button>
    </Form>
  );
}

/**
 * The order page's "Factura" (its owner's): the documents, or when the invoice comes, and who it
 * is made out to while that may change. Plain data in, so the page keeps it as served.
 */
export function OrderInvoicingSection({
  orderId,
  invoicing,
  closed,
  lastResult,
}: {
  orderId: string;
  invoicing: InvoicingView;
  closed: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  return (
    <section
      id="factura"
      aria-labelledby="invoice-heading"
      className="border-border bg-surface space-y-4 rounded-lg border p-5"
    >
      <h2 id="invoice-heading" className="text-lg font-semibold">
        Factura
      </h2>
      {invoicing.documents.length > 0 ? (
        <FiscalDocumentList orderId={orderId} documents={invoicing.documents} />
      ) : (
        <p className="text-fg-muted text-sm">
          {closed
            ? "Este pedido no tiene factura."
            : "Tu factura se emite cuando se confirma el pago; te la enviamos por correo."}
        </p>
      )}
      <InvoiceBuyer buyer={invoicing.buyer} />
      {invoicing.buyerEditable ? (
        <InvoiceBuyerForm buyer={invoicing.buyer} lastResult={lastResult} />
      ) : null}
    </section>
  );
}
