import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentFileName } from "~/models/invoicing/document";
import { DOCUMENT_FORMATS } from "~/models/invoicing/document-text";
import { documentOfOrder } from "~/models/invoicing/documents.server";
import { renderDocumentPdf } from "~/models/invoicing/pdf.server";
import { invariantResponse } from "~/utils/invariant";
import { pdfDownload } from "~/web/download.server";
import { requireDocumentReader } from "~/web/shopper.server";

/**
 * Decision 171: the PDF of /orders/:orderId/factura (the same document, readers and query),
 * drawn on the server from the document as issued (decision 172).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? "";
  await requireDocumentReader(request, orderId);
  const url = new URL(request.url);
  const number = url.searchParams.get("documento");
  const document = await documentOfOrder(orderId, number);
  invariantResponse(
    document,
    number ? "Documento no encontrado" : "Este pedido aún no tiene factura.",
    { status: 404 },
  );
  const format = DOCUMENT_FORMATS.find((f) => f === url.searchParams.get("formato")) ?? "a4";
  return pdfDownload(await renderDocumentPdf(document, format), documentFileName(document));
}
