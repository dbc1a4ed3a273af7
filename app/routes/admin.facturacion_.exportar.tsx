import { downloadResponse } from "~/web/download.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookStatus, isBooksMonth, type BookEntry } from "~/models/invoicing/books";
import { monthEntries, monthOf } from "~/models/invoicing/books.server";
import { formatRtn } from "~/models/invoicing/document";
import { requireAdmin } from "~/web/auth.server";
import { isoToHondurasLocal } from "~/utils/dates";
import { csvAmount, toCsv } from "~/utils/csv";

/*
 * GET /admin/facturacion/exportar?mes=2026-11 (decision 173): a month of the books as the
 * accountant takes it, in the order the documents were issued, as the other CSVs are written
 * (decision 066: Excel's UTF-8, `;`, formulas defused). A credit note's amounts are negative, so
 * the columns add up to the month's totals.
 */

const HEADER = [
  "Número",
  "Fecha",
  "RTN del cliente",
  "Cliente",
  "Importe gravado",
  "ISV",
  "Total",
  "Estado",
] as const;

function row(entry: BookEntry) {
  return [
    entry.number,
    // "2026-11-24 15:04", Honduras time: a date and time Excel reads as such.
    isoToHondurasLocal(entry.issuedAt).replace("T", " "),
    // With its dashes, as printed: Excel would read 14 digits as a number and drop the zero.
    entry.buyerRtn ? formatRtn(entry.buyerRtn) : null,
    entry.buyerName,
    csvAmount(entry.figures.taxed),
    csvAmount(entry.figures.tax),
    csvAmount(entry.figures.total),
    bookStatus(entry),
  ];
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("mes");
  const month = asked === null ? monthOf(new Date()) : asked;
  if (!isBooksMonth(month)) {
    throw new Response("El mes se indica como mes=2026-11.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const entries = await monthEntries(month);
  return downloadResponse(toCsv(HEADER, entries.map(row)), {
    filename: `facturacion-${month}.csv`,
    contentType: "text/csv; charset=utf-8",
  });
}
