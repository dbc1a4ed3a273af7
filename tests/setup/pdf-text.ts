import { extractText, getDocumentProxy } from "unpdf";

/**
 * A PDF's text as a reader's program extracts it (unpdf, Mozilla's pdf.js), its pages joined;
 * no-break spaces read as spaces, as extractors give them.
 */
export async function pdfTextOf(bytes: Uint8Array | ArrayBuffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replaceAll("\u00a0", " ");
}
