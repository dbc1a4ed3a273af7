import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FilterForm, filterFieldClass } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { Unbroken } from "~/components/ui/unbroken";
import {
  ALL_MONTHS,
  bookStatus,
  isBooksMonth,
  type BookEntry,
  type MonthTotals,
} from "~/models/invoicing/books";
import {
  booksMonths,
  listBookEntries,
  monthOf,
  monthTotals,
} from "~/models/invoicing/books.server";
import {
  DOCUMENT_NAMES,
  DOCUMENT_TITLES,
  FINAL_CONSUMER,
  formatRtn,
  documentHref,
} from "~/models/invoicing/document";
import { requireAdmin } from "~/web/auth.server";
import { formatDateTime, formatMonth } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requestedPage } from "~/utils/paging";

/*
 * /admin/facturacion (issue 42, point 6; decision 173): the books. The invoices and credit notes
 * of a month in Honduras' time (`?mes=2026-11`, this month by default; `?mes=todos` for a search
 * across them), newest first, searched by number, RTN or name (`?q=`), with the month's totals
 * (its credit notes subtracted) and its CSV (/admin/facturacion/exportar?mes=…).
 */

export const meta: MetaFunction = () => [{ title: "Facturación | Panel Administrativo" }];

/** The longest search worth running: a name or a number is far shorter. */
const MAX_QUERY = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const currentMonth = monthOf(new Date());
  const asked = url.searchParams.get("mes");
  const month = asked === ALL_MONTHS ? null : isBooksMonth(asked) ? asked : currentMonth;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const [list, totals, months] = await Promise.all([
    listBookEntries({ month, q, page: requestedPage(url.searchParams.get("page")) }),
    month ? monthTotals(month) : null,
    booksMonths(),
  ]);
  // This month is always offered, with documents or not yet.
  const offered = months.some((entry) => entry.month === currentMonth)
    ? months
    : [{ month: currentMonth, documents: 0 }, ...months];
  return json({ month, q, list, totals, months: offered });
}

/** A link to the books keeping the search, on another month. */
function monthHref(month: string, q: string) {
  const params = new URLSearchParams({ mes: month });
  if (q) params.set("q", q);
  return `?${params}`;
}

export default function AdminBooksRoute() {
  const { month, q, list, totals, months } = useLoaderData<typeof loader>();
  const monthName = month ? formatMonth(month) : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Facturación</h1>
        <p className="text-fg-muted text-sm">
          Facturas y notas de crédito emitidas, por mes (hora de Honduras). Los rangos autorizados y
          los datos del emisor están en{" "}
          <Link to="/admin/settings/facturacion" className="underline">
            Configuración, Facturación
          </Link>
          .
        </p>
      </div>

      <nav aria-label="Meses">
        <ul className="flex flex-wrap gap-2 text-sm">
          {months.map((entry) => (
            <li key={entry.month}>
              <Link
                to={monthHref(entry.month, q)}
                aria-current={entry.month === month ? "page" : undefined}
                className={buttonClasses(entry.month === month ? "primary" : "secondary", "sm")}
              >
                {formatMonth(entry.month)}
                <span className="sr-only">:</span> ({entry.documents})
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={monthHref(ALL_MONTHS, q)}
              aria-current={month === null ? "page" : undefined}
              className={buttonClasses(month === null ? "primary" : "secondary", "sm")}
            >
              Todos los meses
            </Link>
          </li>
        </ul>
      </nav>

      {month && totals ? <Totals month={month} totals={totals} /> : null}

      <FilterForm count={{ total: list.total, one: "documento", many: "documentos" }}>
        <input type="hidden" name="mes" value={month ?? ALL_MONTHS} />
        <label className="text-sm">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_QUERY}
            placeholder="Número, RTN o nombre del cliente"
            className={`${filterFieldClass} w-72`}
          />
        </label>
      </FilterForm>

      <DataTable
        label="Documentos fiscales"
        headings={["Número", "Fecha", "Tipo", "Cliente", "Total", "Pedido", "Documento"]}
        empty={
          list.entries.length === 0 &&
          (q
            ? "No se encontraron documentos."
            : monthName
              ? `No hay documentos en ${monthName}.`
              : "Aún no hay documentos.")
        }
      >
        {list.entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} />
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Totals({ month, totals }: { month: string; totals: MonthTotals }) {
  const figures = [
    { label: "Importe gravado", value: totals.taxed },
    { label: "ISV", value: totals.tax },
    { label: "Importe exento", value: totals.exempt },
    { label: "Importe exonerado", value: totals.exonerated },
    { label: "Total", value: totals.total },
  ];
  return (
    <section aria-labelledby="month-totals" className="border-border rounded-xl border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="month-totals" className="text-lg font-semibold">
          {`Totales de ${formatMonth(month)}`}
        </h2>
        <a
          href={`/admin/facturacion/exportar?${new URLSearchParams({ mes: month })}`}
          download
          className={buttonClasses("secondary", "sm")}
        >
          Descargar CSV del mes
        </a>
      </div>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-fg-muted text-sm">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">
              <Unbroken>{formatMoney(figure.value)}</Unbroken>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-fg-muted mt-2 text-sm">
        {`${count(totals.invoices, "factura", "facturas")} menos ${count(totals.creditNotes, "nota de crédito", "notas de crédito")}.`}
      </p>
    </section>
  );
}

function EntryRow({ entry }: { entry: BookEntry }) {
  const isCreditNote = entry.kind === "credit_note";
  const title = DOCUMENT_NAMES[entry.kind];
  const status = bookStatus(entry);
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-mono text-xs font-semibold">
        <Unbroken>{entry.number}</Unbroken>
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.issuedAt)}</td>
      <td className="px-3 py-2">
        <Badge variant={isCreditNote ? "warning" : "neutral"}>{title}</Badge>
        {status !== "Emitida" && status !== "Nota de crédito" ? (
          <span className="text-fg-muted block text-xs">
            <Unbroken>{status}</Unbroken>
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <span className="block">{entry.buyerName}</span>
        {entry.buyerRtn ? (
          <span className="text-fg-muted block text-xs whitespace-nowrap">
            {`RTN ${formatRtn(entry.buyerRtn)}`}
          </span>
        ) : entry.buyerName !== FINAL_CONSUMER ? (
          <span className="text-fg-muted block text-xs">{FINAL_CONSUMER}</span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {formatMoney(entry.figures.total)}
      </td>
      <td className="px-3 py-2">
        {entry.orderId ? (
          <Link to={`/admin/orders/${entry.orderId}`} className="underline">
            <Unbroken>{entry.orderNumber}</Unbroken>
          </Link>
        ) : (
          <span>
            <Unbroken>{entry.orderNumber || "—"}</Unbroken>
            <span className="text-fg-muted block text-xs">Pedido eliminado</span>
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        {entry.orderId ? (
          // The printable document (the store's page, not the panel's): a whole page load.
          <a
            href={documentHref(entry.orderId, {
              number: entry.kind === "credit_note" ? entry.number : undefined,
            })}
            className="underline"
            aria-label={`Ver ${DOCUMENT_TITLES[entry.kind].toLowerCase()} ${entry.number}`}
          >
            Ver
          </a>
        ) : null}
      </td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
