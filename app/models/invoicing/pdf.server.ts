import PDFDocument from "pdfkit";
import type { FiscalDocument } from "./document";
import {
  documentText,
  labelled,
  LINE_HEADERS,
  type DocumentFormat,
  type DocumentText,
  type Labelled,
} from "./document-text";

/*
 * Issue 42, decision 172: a fiscal document as a PDF, made on the server with pdfkit, in the
 * words of its page (documentText). The fonts are the PDF's standard Helvetica and
 * Helvetica-Bold: nothing embedded, and their WinAnsi encoding holds Spanish (á é í ó ú ñ ü ¿ ¡ º)
 * and formatMoney's no-break space, so the text is extractable as written. A4 has the lines in a
 * table that continues on as many pages as it needs, its header repeated, and keeps the totals,
 * the total in words and the payment method together; every page's foot names the document,
 * the copy ("Original: Cliente") and the page. "ticket" is one 80 mm wide page as long as the
 * document (a roll printer's). The same document gives the same bytes: the creation date is the
 * date of issue and nothing else varies.
 */

const MM = 72 / 25.4;
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";
const INK = "#000000";
const MUTED = "#444444";

/** The document as a PDF: A4 (the default) or an 80 mm receipt. */
export async function renderDocumentPdf(
  document: FiscalDocument,
  format: DocumentFormat = "a4",
): Promise<Buffer> {
  const text = documentText(document);
  if (format === "a4") return collect(sheet(document, text));
  // A roll has no page length: measure the receipt on a page as long as a PDF's may be, then
  // write it on one just as long as it.
  const measured = ticket(document, text, TICKET_LONGEST);
  const length =
    measured.doc.bufferedPageRange().count > 1
      ? TICKET_LONGEST
      : Math.ceil(measured.end + TICKET_MARGIN);
  measured.doc.end();
  return collect(ticket(document, text, length).doc);
}

function collect(doc: PDFKit.PDFDocument) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/**
 * Text as the standard fonts' WinAnsi encoding can write it: thin and narrow no-break spaces
 * (Intl puts them in times) as a no-break space, other dashes as hyphens, and a character it
 * lacks (an emoji in a product's name) as "?", where pdfkit would otherwise write a wrong one.
 */
export function winAnsi(value: string) {
  return value
    .normalize("NFC")
    .replace(/[\u2007\u202f]/g, "\u00a0")
    .replace(/[\u2000-\u200a]/g, " ")
    .replace(/[\u2010\u2011\u2212]/g, "-")
    .replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, "?");
}

function newDocument(document: FiscalDocument, size: [number, number], margin: number) {
  return new PDFDocument({
    size,
    margin,
    bufferPages: true,
    lang: "es-HN",
    displayTitle: true,
    info: {
      Title: winAnsi(`${document.title} ${document.number}`),
      Author: winAnsi(document.issuer.legalName),
      Subject: winAnsi(`${document.title} del pedido ${document.order.number}`),
      Keywords: winAnsi(`CAI ${document.range.cai}`),
      CreationDate: new Date(document.issuedAt),
    },
  });
}

/** Writes `value` and returns the y under it. */
function write(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {},
) {
  const { font = REGULAR, size = 9, color = INK, ...rest } = options;
  doc.font(font).fontSize(size).fillColor(color).text(winAnsi(value), x, y, rest);
  return doc.y;
}

function heightOf(doc: PDFKit.PDFDocument, value: string, width: number, font = REGULAR, size = 9) {
  return doc.font(font).fontSize(size).heightOfString(winAnsi(value), { width });
}

function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number, dashed = false) {
  doc.save().lineWidth(0.6).strokeColor(INK);
  if (dashed) doc.dash(2, { space: 2 });
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .stroke()
    .restore();
}

/* A4 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const FOOT = 24;
const GAP = 8;

function sheet(document: FiscalDocument, text: DocumentText) {
  const doc = newDocument(document, A4, MARGIN);
  const left = MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const bottom = A4[1] - MARGIN - FOOT;

  // The issuer on the left, the title and number in a box on the right.
  const boxWidth = 190;
  const boxX = left + width - boxWidth;
  const issuerWidth = width - boxWidth - 20;
  let y = write(doc, text.issuer.legalName, left, MARGIN, {
    font: BOLD,
    size: 14,
    width: issuerWidth,
  });
  for (const row of text.issuer.rows) {
    y = write(doc, labelled(row), left, y + 1, { width: issuerWidth });
  }
  let boxY = write(doc, text.title, boxX, MARGIN + 10, {
    font: BOLD,
    size: 16,
    width: boxWidth,
    align: "center",
  });
  boxY = write(doc, text.number, boxX, boxY + 3, {
    font: BOLD,
    size: 11,
    width: boxWidth,
    align: "center",
  });
  const boxBottom = boxY + 8;
  doc
    .save()
    .lineWidth(1.5)
    .strokeColor(INK)
    .roundedRect(boxX, MARGIN, boxWidth, boxBottom - MARGIN, 4)
    .stroke()
    .restore();
  y = Math.max(y, boxBottom) + 12;

  // The authorisation, then the buyer (and what a credit note reverses).
  rule(doc, left, y, width);
  y += 6;
  for (const row of text.fiscal) y = write(doc, labelled(row), left, y + 1, { width });
  y += 6;
  rule(doc, left, y, width);
  y += 6;
  for (const row of [...text.buyer, ...text.reverses]) {
    y = write(doc, labelled(row), left, y + 1, { width });
  }
  y += 14;

  // The lines: a table whose header is repeated on every page it runs onto.
  const columns = lineColumns(left, width);
  const header = () => {
    let bottomOfHeader = y;
    for (const column of columns) {
      bottomOfHeader = Math.max(
        bottomOfHeader,
        write(doc, LINE_HEADERS[column.key], column.x, y, {
          font: BOLD,
          width: column.width,
          align: column.align,
        }),
      );
    }
    y = bottomOfHeader + 3;
    doc
      .save()
      .lineWidth(1.2)
      .strokeColor(INK)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.restore();
    y += 5;
  };
  const nextPage = () => {
    doc.addPage();
    y = write(doc, `${text.title} ${text.number} (continuación)`, left, MARGIN, {
      font: BOLD,
      width,
    });
    y += 10;
  };
  header();
  for (const line of text.lines) {
    const height = Math.max(
      ...columns.map((column) => heightOf(doc, line[column.key], column.width)),
    );
    if (y + height + 5 > bottom) {
      nextPage();
      header();
    }
    for (const column of columns) {
      write(doc, line[column.key], column.x, y, { width: column.width, align: column.align });
    }
    y += height + 3;
    doc
      .save()
      .lineWidth(0.4)
      .strokeColor(MUTED)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc.restore();
    y += 4;
  }

  // The totals, the total in words and the payment method, kept together.
  const totalsWidth = 240;
  const totalsX = left + width - totalsWidth;
  const closingHeight =
    12 +
    text.totals.length * 14 +
    8 +
    heightOf(doc, labelled(text.words), width, BOLD) +
    heightOf(doc, labelled(text.payment), width) +
    8;
  if (y + closingHeight > bottom) nextPage();
  y += 8;
  for (const row of text.totals) {
    if (row.total) {
      rule(doc, totalsX, y, totalsWidth);
      y += 4;
    }
    const style = row.total ? { font: BOLD, size: 11 } : {};
    write(doc, row.label, totalsX, y, { ...style, width: totalsWidth - 100 });
    write(doc, row.value, totalsX + totalsWidth - 100, y, {
      ...style,
      width: 100,
      align: "right",
    });
    y += row.total ? 16 : 13;
  }
  y += 8;
  y = write(doc, labelled(text.words), left, y, { font: BOLD, width });
  write(doc, labelled(text.payment), left, y + 2, { width });

  // Every page's foot: the document, the copy, the page.
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Writing under the bottom margin would start a new page: none while the feet are written.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const footY = A4[1] - MARGIN - 10;
    rule(doc, left, footY - 6, width);
    const foot = { size: 8, color: MUTED, width: width / 3, lineBreak: false };
    write(doc, `${text.title} ${text.number}`, left, footY, foot);
    write(doc, text.copy, left + width / 3, footY, {
      ...foot,
      font: BOLD,
      color: INK,
      align: "center",
    });
    write(doc, `Página ${index - start + 1} de ${count}`, left + (2 * width) / 3, footY, {
      ...foot,
      align: "right",
    });
    doc.page.margins = margins;
  }
  return doc;
}

type LineKey = keyof typeof LINE_HEADERS;

function lineColumns(left: number, width: number) {
  const fixed: { key: LineKey; width: number; align: "left" | "right" }[] = [
    { key: "quantity", width: 36, align: "right" },
    { key: "description", width: 0, align: "left" },
    { key: "unitPrice", width: 82, align: "right" },
    { key: "discount", width: 72, align: "right" },
    { key: "amount", width: 82, align: "right" },
  ];
  const taken = fixed.reduce((sum, column) => sum + column.width, 0) + GAP * (fixed.length - 1);
  let x = left;
  return fixed.map((column) => {
    const columnWidth = column.width || width - taken;
    const placed = { ...column, x, width: columnWidth };
    x += columnWidth + GAP;
    return placed;
  });
}

/* Ticket */

const TICKET_WIDTH = 80 * MM;
const TICKET_MARGIN = 4 * MM;
/** A PDF page is at most 14,400 points (5 m) long. */
const TICKET_LONGEST = 14_400;

function ticket(document: FiscalDocument, text: DocumentText, length: number) {
  const doc = newDocument(document, [TICKET_WIDTH, length], TICKET_MARGIN);
  const left = TICKET_MARGIN;
  const width = TICKET_WIDTH - 2 * TICKET_MARGIN;
  const bottom = length - TICKET_MARGIN;
  const size = 7.5;
  let y = TICKET_MARGIN;

  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = TICKET_MARGIN;
  };
  const centred = (value: string, font = REGULAR, fontSize = size) => {
    room(heightOf(doc, value, width, font, fontSize));
    y = write(doc, value, left, y, { font, size: fontSize, width, align: "center" });
  };
  const rows = (list: Labelled[]) => {
    for (const row of list) {
      const value = labelled(row);
      room(heightOf(doc, value, width, REGULAR, size));
      y = write(doc, value, left, y, { size, width });
    }
  };
  const split = (label: string, value: string, font = REGULAR, fontSize = size) => {
    const valueWidth = doc.font(font).fontSize(fontSize).widthOfString(winAnsi(value));
    const labelWidth = width - valueWidth - 6;
    const height = heightOf(doc, label, labelWidth, font, fontSize);
    room(height);
    write(doc, label, left, y, { font, size: fontSize, width: labelWidth });
    write(doc, value, left + width - valueWidth, y, { font, size: fontSize, lineBreak: false });
    y += height;
  };
  const separator = () => {
    room(8);
    y += 3;
    rule(doc, left, y, width, true);
    y += 4;
  };

  centred(text.issuer.legalName, BOLD, 9);
  for (const row of text.issuer.rows) centred(labelled(row));
  separator();
  centred(text.title, BOLD, 11);
  centred(text.number, BOLD, 9);
  separator();
  rows(text.fiscal);
  separator();
  rows([...text.buyer, ...text.reverses]);
  separator();
  split(`${LINE_HEADERS.quantity} × ${LINE_HEADERS.unitPrice}`, LINE_HEADERS.amount, BOLD);
  for (const line of text.lines) {
    room(heightOf(doc, line.description, width, REGULAR, size) + 10);
    y = write(doc, line.description, left, y + 2, { size, width });
    split(`${line.quantity} × ${line.unitPrice}`, line.amount);
    if (line.hasDiscount) split(LINE_HEADERS.discount, line.discount);
  }
  separator();
  for (const row of text.totals) {
    if (row.total) y += 2;
    split(row.label, row.value, row.total ? BOLD : REGULAR, row.total ? 9 : size);
  }
  separator();
  rows([text.words, text.payment]);
  separator();
  centred(text.copy, BOLD, 8);
  // Where the receipt's text ends on its last page.
  return { doc, end: y };
}
