import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { describe, expect, it } from "vitest";
import { formatRtn, type FiscalDocument } from "~/models/invoicing/document";
import type { DocumentFormat } from "~/models/invoicing/document-text";
import { renderDocumentPdf, winAnsi } from "~/models/invoicing/pdf.server";
import { formatMoney } from "~/utils/money";
import { sampleCreditNote, sampleInvoice } from "../setup/fiscal-samples";

/*
 * Issue 42, decision 172: a fiscal document's PDF, read back by a real PDF text extractor
 * (unpdf, Mozilla's pdf.js), holds every field the page shows.
 */

async function pdfText(document: FiscalDocument, format?: DocumentFormat) {
  const bytes = await renderDocumentPdf(document, format);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text: pages } = await extractText(pdf, { mergePages: false });
  const { info } = await getMeta(pdf);
  const page = await pdf.getPage(1);
  const [, , width, height] = page.view;
  return { bytes, pages, text: pages.join("\n"), info, width, height };
}

const MM = 72 / 25.4;

/*
 * The PDF holds formatMoney's no-break space (WinAnsi's byte 240), but an extractor reads the
 * standard fonts' byte 240 as their glyph "space": a plain space. The texts compared say so.
 */
const plain = (text: string) => text.replace(/\u00a0/g, " ");
const money = (centavos: number) => plain(formatMoney(centavos));

describe("a fiscal document's PDF (decision 172)", () => {
  it("holds the invoice's number, CAI, RTNs, totals, words, payment method and copy", async () => {
    const invoice = sampleInvoice();
    const { text, pages, info, width, height } = await pdfText(invoice);

    expect(pages).toHaveLength(1);
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(text).toContain("FACTURA");
    expect(text).toContain("No. 000-001-01-00000042");
    expect(text).toContain("CAI: 35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F");
    expect(text).toContain("Rango autorizado: del 000-001-01-00000001 al 000-001-01-00005000");
    expect(text).toContain("Fecha límite de emisión: 30/06/2027");
    // 21:04 UTC is 3:04 p. m. in Honduras.
    expect(text).toMatch(/Fecha de emisión: 30 nov\.? 2026, 3:04\sp\.\sm\./);
    expect(text).toContain("Perfumería de Lujo, S. de R.L.");
    expect(text).toContain(`RTN: ${formatRtn(invoice.issuer.rtn)}`);
    expect(text).toContain("RTN: 0801-1990-123456");
    expect(text).toContain("Cliente: Inversiones Aromas, S.A.");
    expect(text).toContain("RTN: 0801-9005-123457");
    expect(text).toContain("Pedido: ORD-20261130-0042");
    expect(text).toContain("Dior Sauvage Eau de Toilette, 60 ml");
    expect(text).toContain("Chanel Nº 5 Eau de Parfum, 100 ml");
    for (const amount of [350_000, 210_000, 20_000, 400_000]) {
      expect(text).toContain(money(amount));
    }
    const { totals } = invoice;
    expect(text).toContain(`Subtotal ${money(totals.subtotal)}`);
    expect(text).toContain(`Descuentos ${money(totals.discount)}`);
    expect(text).toContain(`Importe exento ${money(totals.exempt)}`);
    expect(text).toContain(`Importe exonerado ${money(totals.exonerated)}`);
    expect(text).toContain(`Importe gravado 15 % ${money(totals.taxed)}`);
    expect(text).toContain(`ISV 15 % ${money(totals.tax)}`);
    expect(text).toContain(`Envío ${money(totals.shipping)}`);
    expect(text).toContain(`Total ${money(totals.total)}`);
    expect(formatMoney(totals.total)).toBe("L\u00a08,200.00");
    expect(text).not.toContain("Recargo contra entrega");
    expect(text).toContain("Son: OCHO MIL DOSCIENTOS LEMPIRAS CON 00/100");
    expect(text).toContain("Forma de pago: Transferencia Bancaria");
    expect(text).toContain("Original: Cliente");
    expect(text).toContain("Página 1 de 1");
    expect(text).not.toContain("Documento que modifica");

    expect(info).toMatchObject({
      Title: "FACTURA 000-001-01-00000042",
      Author: "Perfumería de Lujo, S. de R.L.",
      Subject: "FACTURA del pedido ORD-20261130-0042",
      CreationDate: "D:20261130210400Z",
      Language: "es-HN",
    });
  });

  it("holds a credit note's title, the invoice it reverses and the reason", async () => {
    const note = sampleCreditNote();
    const { text, info } = await pdfText(note);
    expect(text).toContain("NOTA DE CRÉDITO");
    expect(text).toContain("No. 000-001-03-00000007");
    expect(text).toContain("CAI: 8F7E6D-5C4B3A-291807-F6E5D4-C3B2A1-35");
    expect(text).toMatch(
      /Documento que modifica: Factura No\. 000-001-01-00000042, emitida el 30 nov\.? 2026, 3:04\sp\.\sm\./,
    );
    expect(text).toContain("Motivo: Pedido cancelado a solicitud del cliente");
    expect(text).toContain(`Total ${money(note.totals.total)}`);
    expect(text).toContain("Original: Cliente");
    expect(info.Title).toBe("NOTA DE CRÉDITO 000-001-03-00000007");
  });

  it("names the buyer Consumidor Final without an RTN, and shows a surcharge only when there is one", async () => {
    const invoice = sampleInvoice({ buyer: { name: "Consumidor Final", rtn: null } });
    invoice.totals = { ...invoice.totals, surcharge: 5_000, total: 825_000 };
    const { text } = await pdfText(invoice);
    expect(text).toContain("Cliente: Consumidor Final");
    expect(text.match(/RTN:/g)).toHaveLength(1); // the issuer's
    expect(text).toContain(`Recargo contra entrega ${money(5_000)}`);
  });

  it("prints an 80 mm receipt that still holds the number and the total", async () => {
    const invoice = sampleInvoice();
    const { text, pages, width, height } = await pdfText(invoice, "ticket");
    expect(pages).toHaveLength(1);
    expect(width).toBeCloseTo(80 * MM, 1);
    // As long as the receipt, not an A4's length.
    expect(height).toBeLessThan(842);
    expect(text).toContain("No. 000-001-01-00000042");
    expect(text).toContain("CAI: 35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F");
    expect(text).toContain("RTN: 0801-9005-123457");
    expect(text).toContain(`2 × ${money(210_000)} ${money(400_000)}`);
    expect(text).toContain(`Descuento ${money(20_000)}`);
    expect(text).toContain(`Total ${money(invoice.totals.total)}`);
    expect(text).toContain("Son: OCHO MIL DOSCIENTOS LEMPIRAS CON 00/100");
    expect(text).toContain("Original: Cliente");
  });

  it("runs 60 lines onto more A4 pages, the table's header on each, the total on the last", async () => {
    const invoice = sampleInvoice({
      lines: Array.from({ length: 60 }, (_, index) => ({
        quantity: 1,
        description: `Perfume número ${index + 1}, una descripción larga que ocupa dos renglones de la tabla, 100 ml`,
        unitPrice: 10_000,
        discount: 0,
        amount: 10_000,
      })),
    });
    const { pages } = await pdfText(invoice);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain("Cant.");
      expect(page).toContain("Importe");
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
      expect(page).toContain("Original: Cliente");
    }
    expect(pages[1]).toContain("FACTURA No. 000-001-01-00000042 (continuación)");
    const last = pages.at(-1)!;
    expect(last).toContain("Perfume número 60");
    expect(last).toContain(`Total ${money(invoice.totals.total)}`);
    expect(last).toContain("Son: OCHO MIL DOSCIENTOS LEMPIRAS CON 00/100");
    expect(pages.slice(0, -1).join("\n")).not.toContain("Son:");
  });

  it("gives the same bytes for the same document", async () => {
    const first = await renderDocumentPdf(sampleInvoice());
    const second = await renderDocumentPdf(sampleInvoice());
    expect(first.equals(second)).toBe(true);
    const firstTicket = await renderDocumentPdf(sampleInvoice(), "ticket");
    expect(firstTicket.equals(await renderDocumentPdf(sampleInvoice(), "ticket"))).toBe(true);
  });

  it("writes what the standard fonts lack as '?', and Intl's narrow spaces as no-break ones", async () => {
    expect(winAnsi("Añejo ¿sí? L\u00a01.00 3:04\u202fp.\u202fm. €")).toBe(
      "Añejo ¿sí? L\u00a01.00 3:04\u00a0p.\u00a0m. €",
    );
    expect(winAnsi("Flor 🌸 \u2212")).toBe("Flor ? -");
    const invoice = sampleInvoice();
    invoice.lines[0] = { ...invoice.lines[0], description: "Rosa 🌹 Eau de Parfum, 50 ml" };
    const { text } = await pdfText(invoice);
    expect(text).toContain("Rosa ? Eau de Parfum, 50 ml");
  });
});
