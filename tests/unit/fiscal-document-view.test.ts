import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FiscalDocumentView } from "~/components/invoicing/fiscal-document";
import type { FiscalDocument } from "~/models/invoicing/document";
import type { DocumentFormat } from "~/models/invoicing/document-text";
import { formatMoney } from "~/utils/money";
import { sampleCreditNote, sampleInvoice } from "../setup/fiscal-samples";

/*
 * Issue 42, decision 172: a fiscal document's page, rendered as the server renders it, holds
 * every field the SAR asks for, in both formats.
 */

function render(document: FiscalDocument, format?: DocumentFormat) {
  const html = renderToStaticMarkup(createElement(FiscalDocumentView, { document, format }));
  // The text a reader gets: tags dropped, entities read.
  const text = html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
  return { html, text };
}

const FIELDS = [
  "Perfumería de Lujo, S. de R.L.",
  "RTN: 0801-1990-123456",
  "Dirección: Col. Palmira, Avenida República de Chile, Tegucigalpa, M.D.C.",
  "Teléfono: +504 2232-4567",
  "Correo: facturacion@perfumeria.hn",
  "FACTURA",
  "No. 000-001-01-00000042",
  "CAI: 35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
  "Rango autorizado: del 000-001-01-00000001 al 000-001-01-00005000",
  "Fecha límite de emisión: 30/06/2027",
  "Cliente: Inversiones Aromas, S.A.",
  "RTN: 0801-9005-123457",
  "Pedido: ORD-20261130-0042",
  "Chanel Nº 5 Eau de Parfum, 100 ml",
  "Dior Sauvage Eau de Toilette, 60 ml",
  `Subtotal${formatMoney(750_000)}`,
  `Descuentos${formatMoney(50_000)}`,
  `Importe exento${formatMoney(0)}`,
  `Importe exonerado${formatMoney(0)}`,
  `Importe gravado 15\u00a0%${formatMoney(700_000)}`,
  `ISV 15\u00a0%${formatMoney(105_000)}`,
  `Envío${formatMoney(15_000)}`,
  `Total${formatMoney(820_000)}`,
  "Son: OCHO MIL DOSCIENTOS LEMPIRAS CON 00/100",
  "Forma de pago: Transferencia Bancaria",
  "Original: Cliente",
];

describe("FiscalDocumentView (decision 172)", () => {
  it.each(["a4", "ticket"] as const)("shows every field of an invoice (%s)", (format) => {
    const { html, text } = render(sampleInvoice(), format);
    for (const field of FIELDS) expect(text).toContain(field);
    expect(text).toMatch(/Fecha de emisión: 30 nov\.? 2026, 3:04\sp\.\sm\./);
    for (const amount of [350_000, 210_000, 20_000, 400_000]) {
      expect(text).toContain(formatMoney(amount));
    }
    expect(text).not.toContain("Recargo contra entrega");
    expect(text).not.toContain("Documento que modifica");
    expect(html).toContain(`data-fiscal-document="${format}"`);
    // The title names the document for assistive technology.
    expect(html).toMatch(/<article[^>]*aria-labelledby="documento-000-001-01-00000042"/);
    expect(html).toMatch(/<h1 id="documento-000-001-01-00000042"[^>]*>FACTURA<\/h1>/);
  });

  it("lays an A4 sheet's lines out in a table with column headers, a receipt's stacked", () => {
    const { html } = render(sampleInvoice(), "a4");
    for (const header of ["Cant.", "Descripción", "Precio unitario", "Descuento", "Importe"]) {
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header.replace(".", "\\.")}</th>`));
    }
    expect(html).toMatch(/<th scope="row"[^>]*>Total<\/th>/);
    const receipt = render(sampleInvoice(), "ticket").html;
    expect(receipt).not.toContain('scope="col"');
    expect(receipt).toContain("<ol");
    expect(receipt).toContain(`2 × ${formatMoney(210_000)}`);
  });

  it("names a buyer without an RTN Consumidor Final, and prints no buyer's RTN", () => {
    for (const format of ["a4", "ticket"] as const) {
      const { text } = render(
        sampleInvoice({ buyer: { name: "Consumidor Final", rtn: null } }),
        format,
      );
      expect(text).toContain("Cliente: Consumidor Final");
      expect(text.match(/RTN:/g)).toHaveLength(1); // the issuer's
    }
  });

  it("shows the cash-on-delivery surcharge only when there is one", () => {
    const invoice = sampleInvoice();
    invoice.totals = { ...invoice.totals, surcharge: 5_000, total: 825_000 };
    for (const format of ["a4", "ticket"] as const) {
      expect(render(invoice, format).text).toContain(`Recargo contra entrega${formatMoney(5_000)}`);
      expect(render(sampleInvoice(), format).text).not.toContain("Recargo");
    }
  });

  it("shows a credit note's title, the invoice it reverses and the reason", () => {
    for (const format of ["a4", "ticket"] as const) {
      const { text } = render(sampleCreditNote(), format);
      expect(text).toContain("NOTA DE CRÉDITO");
      expect(text).toContain("No. 000-001-03-00000007");
      expect(text).toMatch(
        /Documento que modifica: Factura No\. 000-001-01-00000042, emitida el 30 nov\.? 2026, 3:04\sp\.\sm\./,
      );
      expect(text).toContain("Motivo: Pedido cancelado a solicitud del cliente");
      expect(text).toContain("Original: Cliente");
    }
  });
});
