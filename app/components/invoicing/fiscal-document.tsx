import { ScrollRegion } from "~/components/ui/scroll-region";
import { Unbroken } from "~/components/ui/unbroken";
import type { FiscalDocument } from "~/models/invoicing/document";
import {
  documentText,
  LINE_HEADERS,
  type DocumentFormat,
  type DocumentText,
  type Labelled,
} from "~/models/invoicing/document-text";

/*
 * Issue 42, decision 172: a fiscal document (an invoice or a credit note) as a page, with every
 * field the SAR asks for, in the words its PDF uses (documentText). Two formats: "a4" (a sheet,
 * the lines in a table) and "ticket" (an 80 mm receipt printer: one narrow column, the lines
 * stacked). `data-fiscal-document` lets the print styles (app/styles/tailwind.css) print it
 * alone, on its own page size, in dark ink whatever the theme.
 */

export function FiscalDocumentView({
  document,
  format = "a4",
}: {
  document: FiscalDocument;
  format?: DocumentFormat;
}) {
  const text = documentText(document);
  const titleId = `documento-${document.number}`;
  return format === "ticket" ? (
    <Ticket text={text} titleId={titleId} />
  ) : (
    <Sheet text={text} titleId={titleId} />
  );
}

/** "Label: value"; on a sheet its codes (a number, the CAI) never break across lines. */
function Row({
  row,
  unbroken = false,
  className = "",
}: {
  row: Labelled;
  unbroken?: boolean;
  className?: string;
}) {
  return (
    <p className={className}>
      <span className="font-semibold">{row.label}:</span>{" "}
      {unbroken ? <Unbroken>{row.value}</Unbroken> : row.value}
    </p>
  );
}

function Rows({ rows, ...rest }: { rows: Labelled[]; unbroken?: boolean; className?: string }) {
  return rows.map((row) => <Row key={row.label} row={row} {...rest} />);
}

function TotalsTable({ text, className = "" }: { text: DocumentText; className?: string }) {
  return (
    <table className={`tabular-nums ${className}`}>
      <caption className="sr-only">Totales</caption>
      <tbody>
        {text.totals.map((row) => (
          <tr
            key={row.label}
            className={row.total ? "border-fg border-t-2 text-base font-bold" : undefined}
          >
            <th
              scope="row"
              className={`py-0.5 pr-4 text-left ${row.total ? "font-bold" : "font-medium"}`}
            >
              {row.label}
            </th>
            <td className="py-0.5 text-right whitespace-nowrap">{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sheet({ text, titleId }: { text: DocumentText; titleId: string }) {
  return (
    <article
      data-fiscal-document="a4"
      aria-labelledby={titleId}
      className="border-border bg-surface text-fg mx-auto max-w-4xl space-y-6 rounded-lg border p-5 text-sm sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0"
    >
      <header className="grid items-start gap-6 sm:grid-cols-[1fr_auto]">
        <div className="space-y-0.5">
          <p className="font-display text-xl font-semibold">{text.issuer.legalName}</p>
          <Rows rows={text.issuer.rows} unbroken />
        </div>
        <div className="border-fg rounded-md border-2 px-6 py-3 text-center">
          <h1 id={titleId} className="text-xl font-bold tracking-wide">
            {text.title}
          </h1>
          <p className="font-semibold tabular-nums">
            <Unbroken>{text.number}</Unbroken>
          </p>
        </div>
      </header>

      <div className="border-border space-y-1 border-y py-3">
        <Rows rows={text.fiscal} unbroken />
      </div>

      <div className="space-y-1">
        <Rows rows={text.buyer} unbroken />
        <Rows rows={text.reverses} unbroken />
      </div>

      <ScrollRegion label="Detalle">
        <table className="w-full border-collapse text-left tabular-nums">
          <caption className="sr-only">Detalle</caption>
          <thead>
            <tr className="border-fg border-b-2">
              <th scope="col" className="py-2 pr-3 text-right">
                {LINE_HEADERS.quantity}
              </th>
              <th scope="col" className="py-2 pr-3">
                {LINE_HEADERS.description}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {LINE_HEADERS.unitPrice}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {LINE_HEADERS.discount}
              </th>
              <th scope="col" className="py-2 text-right">
                {LINE_HEADERS.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {text.lines.map((line, index) => (
              <tr key={index} className="border-border break-inside-avoid border-b">
                <td className="py-2 pr-3 text-right align-top">{line.quantity}</td>
                <td className="min-w-40 py-2 pr-3 align-top">{line.description}</td>
                <td className="py-2 pr-3 text-right align-top whitespace-nowrap">
                  {line.unitPrice}
                </td>
                <td className="py-2 pr-3 text-right align-top whitespace-nowrap">
                  {line.discount}
                </td>
                <td className="py-2 text-right align-top whitespace-nowrap">{line.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <div className="flex break-inside-avoid justify-end">
        <TotalsTable text={text} className="w-full sm:w-auto sm:min-w-80" />
      </div>

      <div className="break-inside-avoid space-y-1">
        <Row row={text.words} />
        <Row row={text.payment} />
      </div>

      <footer className="border-border border-t pt-3 text-center font-semibold">{text.copy}</footer>
    </article>
  );
}

function Ticket({ text, titleId }: { text: DocumentText; titleId: string }) {
  return (
    <article
      data-fiscal-document="ticket"
      aria-labelledby={titleId}
      className="border-border bg-surface text-fg mx-auto w-full max-w-[80mm] space-y-3 rounded-lg border p-3 text-xs leading-snug [overflow-wrap:anywhere] print:w-[72mm] print:max-w-none print:rounded-none print:border-0 print:p-0"
    >
      <header className="space-y-0.5 text-center">
        <p className="text-sm font-semibold">{text.issuer.legalName}</p>
        <Rows rows={text.issuer.rows} />
      </header>

      <div className="border-fg border-y border-dashed py-2 text-center">
        <h1 id={titleId} className="text-base font-bold tracking-wide">
          {text.title}
        </h1>
        <p className="font-semibold tabular-nums">{text.number}</p>
      </div>

      <div className="space-y-0.5">
        <Rows rows={text.fiscal} />
      </div>

      <div className="border-fg space-y-0.5 border-t border-dashed pt-2">
        <Rows rows={text.buyer} />
        <Rows rows={text.reverses} />
      </div>

      <section
        aria-labelledby={`${titleId}-detalle`}
        className="border-fg border-t border-dashed pt-2"
      >
        <h2 id={`${titleId}-detalle`} className="sr-only">
          Detalle
        </h2>
        <p className="border-fg flex justify-between gap-2 border-b pb-1 font-semibold">
          <span>
            {LINE_HEADERS.quantity} × {LINE_HEADERS.unitPrice}
          </span>
          <span>{LINE_HEADERS.amount}</span>
        </p>
        <ol className="tabular-nums">
          {text.lines.map((line, index) => (
            <li key={index} className="border-border break-inside-avoid border-b py-1">
              <p>{line.description}</p>
              <p className="flex justify-between gap-2">
                <span>
                  {line.quantity} × {line.unitPrice}
                </span>
                <span className="whitespace-nowrap">{line.amount}</span>
              </p>
              {line.hasDiscount ? (
                <p className="flex justify-between gap-2">
                  <span>{LINE_HEADERS.discount}</span>
                  <span className="whitespace-nowrap">{line.discount}</span>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <TotalsTable text={text} className="w-full" />

      <div className="border-fg space-y-0.5 border-t border-dashed pt-2">
        <Row row={text.words} />
        <Row row={text.payment} />
      </div>

      <footer className="border-fg border-t border-dashed pt-2 text-center font-semibold">
        {text.copy}
      </footer>
    </article>
  );
}
