/**
 * A private file to download (a fiscal document's PDF, an export): saved under `filename`,
 * never cached by a proxy or the browser, never sniffed as another type.
 */
export function downloadResponse(
  body: string | Uint8Array,
  { filename, contentType }: { filename: string; contentType: string },
) {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
  return new Response(bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A fiscal document's PDF (decision 171), as the page and the API give it. */
export function pdfDownload(pdf: Uint8Array, filename: string) {
  return downloadResponse(pdf, { filename, contentType: "application/pdf" });
}
