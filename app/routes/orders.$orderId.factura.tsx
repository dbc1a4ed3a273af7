import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FiscalDocumentView } from "~/components/invoicing/fiscal-document";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { documentHref } from "~/models/invoicing/document";
import { DOCUMENT_FORMATS, type DocumentFormat } from "~/models/invoicing/document-text";
import { documentOfOrder } from "~/models/invoicing/documents.server";
import { invariantResponse } from "~/utils/invariant";
import { requireDocumentReader } from "~/web/shopper.server";

/*
 * Decision 171: an order's invoice (or, with ?documento=, one of its credit notes) as a page to
 * print, on A4 or with ?formato=ticket on an 80 mm receipt printer (decision 172's view and
 * print styles). Its owner's, an administrator's, or an e-mail link's (requireDocumentReader).
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.document.title} ${data.document.number} | Perfumería de Lujo`
      : "Factura | Perfumería de Lujo",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const orderId = params.orderId ?? "";
  const { reader, query } = await requireDocumentReader(request, orderId);
  const url = new URL(request.url);
  const number = url.searchParams.get("documento");
  const document = await documentOfOrder(orderId, number);
  invariantResponse(
    document,
    number ? "Documento no encontrado" : "Este pedido aún no tiene factura.",
    { status: 404 },
  );
  const asked = url.searchParams.get("formato");
  const format: DocumentFormat = DOCUMENT_FORMATS.find((f) => f === asked) ?? "a4";
  const back =
    reader === "admin"
      ? { to: `/admin/orders/${encodeURIComponent(orderId)}`, label: "Volver al pedido" }
      : reader === "owner"
        ? { to: `/order-confirmation/${encodeURIComponent(orderId)}`, label: "Volver al pedido" }
        : { to: `/track-order?${query}`, label: "Volver al pedido" };
  return json(
    { document, format, query, back, number },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function FiscalDocumentRoute() {
  const { document, format, query, back, number } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const orderId = document.order.id;
  const other = format === "a4" ? "ticket" : "a4";
  const otherHref = (() => {
    const params = new URLSearchParams(query);
    if (number) params.set("documento", number);
    if (other === "ticket") params.set("formato", "ticket");
    const search = params.toString();
    return `/orders/${encodeURIComponent(orderId)}/factura${search ? `?${search}` : ""}`;
  })();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <nav aria-label="Acciones del documento" className="flex flex-wrap items-center gap-3">
        <Link to={back.to} className={buttonClasses("secondary", "sm")}>
          {back.label}
        </Link>
        <a
          href={documentHref(orderId, { number: number ?? undefined, query, pdf: true })}
          className={buttonClasses("primary", "sm")}
          download
        >
          Descargar PDF
        </a>
        <Link to={otherHref} className={buttonClasses("secondary", "sm")}>
          {other === "ticket" ? "Formato ticket 80 mm" : "Formato A4"}
        </Link>
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className={buttonClasses("secondary", "sm")}
          >
            Imprimir
          </button>
        ) : (
          <span className="text-fg-muted text-sm">
            Para imprimir, usa Imprimir de tu navegador.
          </span>
        )}
      </nav>
      <FiscalDocumentView document={document} format={format} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
