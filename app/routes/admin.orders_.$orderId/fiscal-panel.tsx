import { Form } from "@remix-run/react";
import {
  FiscalDocumentList,
  InvoiceBuyer,
  InvoiceBuyerForm,
  type InvoicingView,
} from "~/components/orders/invoicing-section";
import { Button } from "~/components/ui/button";

/**
 * Decision 171: the order's invoice and credit notes, who the invoice is made out to (while it
 * may change), and 'Emitir factura' for an order paid before the shop invoiced.
 */
export function FiscalPanel({
  orderId,
  invoicing,
}: {
  orderId: string;
  invoicing: InvoicingView & { canIssue: boolean };
}) {
  return (
    <section
      aria-labelledby="fiscal-heading"
      className="border-border bg-surface space-y-4 rounded-xl border p-5"
    >
      <h2 id="fiscal-heading" className="font-semibold">
        Facturación
      </h2>
      {invoicing.documents.length > 0 ? (
        <FiscalDocumentList orderId={orderId} documents={invoicing.documents} />
      ) : (
        <p className="text-fg-muted text-sm">Este pedido aún no tiene factura.</p>
      )}
      <InvoiceBuyer buyer={invoicing.buyer} />
      {invoicing.canIssue ? (
        <Form method="post">
          <input type="hidden" name="intent" value="issue-invoice" />
          <Button type="submit" size="sm">
            Emitir factura
          </Button>
        </Form>
      ) : null}
      {invoicing.buyerEditable ? (
        <details>
          <summary className="w-fit cursor-pointer py-3 text-sm font-medium underline underline-offset-4">
            Cambiar datos de la factura
          </summary>
          <div className="mt-3">
            <InvoiceBuyerForm buyer={invoicing.buyer} />
          </div>
        </details>
      ) : null}
    </section>
  );
}
