import { apiCall, apiRoute } from "~/web/api/calls.server";
import { ordersCalls } from "~/web/api/calls/orders.server";
import { apiError } from "~/web/api/problem.server";
import { documentFileName } from "~/models/invoicing/document";
import { documentsOfOrder } from "~/models/invoicing/documents.server";
import { renderDocumentPdf } from "~/models/invoicing/pdf.server";
import { getOrderForAdmin, getOrderForOwner } from "~/models/orders/orders.server";
import { pdfDownload } from "~/web/download.server";

export const { loader } = apiRoute({
  /* /orders/:id/factura's document, under the same readers: its owner's, or any for an admin. */
  GET: apiCall(ordersCalls.invoice, async ({ request, params, query, caller, shopper }) => {
    const orderId = params.id ?? "";
    const order = caller.isAdmin
      ? await getOrderForAdmin(orderId)
      : await getOrderForOwner({ orderId, ...(await shopper()) });
    if (!order && !caller.user) throw apiError(401, "Inicia sesión para continuar.");
    if (!order) throw apiError(404, "Pedido no encontrado");
    const documents = await documentsOfOrder(order.id);
    const invoice = documents.findLast((document) => document.kind === "invoice");
    if (!invoice) throw apiError(404, "Este pedido aún no tiene factura.");
    const creditNotes = documents.filter((document) => document.kind === "credit_note");
    if (request.headers.get("Accept")?.includes("application/pdf")) {
      const wanted = query.documento
        ? documents.find((document) => document.number === query.documento)
        : invoice;
      if (!wanted) throw apiError(404, "Documento no encontrado");
      const pdf = await renderDocumentPdf(wanted.document);
      return pdfDownload(pdf, documentFileName(wanted.document));
    }
    return {
      invoice: invoice.document,
      creditNotes: creditNotes.map((document) => document.document),
    };
  }),
});
