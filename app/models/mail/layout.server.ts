import { unbrokenPieces } from "~/utils/unbroken";

/*
 * The one layout of the shop's e-mails (decision 103). An e-mail is written once as a list of
 * blocks (a heading, paragraphs, facts, the order's lines, a button) and rendered here twice:
 * as HTML for Gmail, Outlook and phones, and as plain text. The HTML carries its styles on each
 * element (mail clients drop <style> sheets), is laid out with tables (Outlook's Word engine
 * knows no flexbox), has no image (it reads the same with images off) and stays within 600 px.
 * No inliner library is needed: nothing here is written as a stylesheet in the first place.
 */

export type EmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  /** Label and value pairs: the bank account, the order number, the tracking number. */
  | { kind: "facts"; rows: ReadonlyArray<readonly [label: string, value: string]> }
  /** The order's lines and, under them, its totals (the last one in bold). */
  | {
      kind: "lines";
      items: ReadonlyArray<{ name: string; detail: string; amount: string }>;
      totals: ReadonlyArray<readonly [label: string, amount: string]>;
    }
  | { kind: "button"; label: string; url: string }
  /** Small print under the rest: why the e-mail came, what to do if it was not expected. */
  | { kind: "note"; text: string };

export type EmailContent = {
  subject: string;
  /** The line a mail client shows after the subject in the inbox. */
  preheader: string;
  blocks: readonly EmailBlock[];
};

/** Who the e-mail comes from, as the footer shows it (the store's settings). */
export type ShopIdentity = {
  name: string;
  /** The store's address on the web (APP_URL), without a trailing slash. */
  url: string;
  email: string;
  phone: string;
  whatsapp: string;
  /** wa.me link of `whatsapp`, or null when the setting holds no number. */
  whatsappUrl: string | null;
};

export type RenderedEmail = { subject: string; html: string; text: string };

// Colours with AA contrast on white: text #1f2937 (14.7:1), muted #4b5563 (7.6:1), the
// button's white on #7a4b12 (7.9:1).
const FONT = "font-family:Helvetica,Arial,sans-serif;";
const TEXT = `${FONT}color:#1f2937;font-size:16px;line-height:24px;`;
const MUTED = `${FONT}color:#4b5563;font-size:14px;line-height:20px;`;
const BRAND = "#7a4b12";

export function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A text's line breaks kept in HTML, and its codes and amounts kept whole (issue 39). */
function lines(text: string) {
  return unbrokenPieces(text)
    .map(({ text: piece, whole }) =>
      whole
        ? `<span style="white-space:nowrap;">${escapeHtml(piece)}</span>`
        : escapeHtml(piece).replace(/\n/g, "<br>"),
    )
    .join("");
}

function blockHtml(block: EmailBlock): string {
  switch (block.kind) {
    case "heading":
      return `<h1 style="${FONT}color:#1f2937;font-size:22px;line-height:30px;margin:0 0 16px;">${lines(block.text)}</h1>`;
    case "paragraph":
      return `<p style="${TEXT}margin:0 0 16px;">${lines(block.text)}</p>`;
    case "note":
      return `<p style="${MUTED}margin:24px 0 0;">${lines(block.text)}</p>`;
    case "facts":
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;background:#f9f6f1;">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="${MUTED}padding:8px 12px;width:40%;vertical-align:top;">${escapeHtml(label)}</td><td style="${TEXT}padding:8px 12px;font-weight:bold;vertical-align:top;word-break:break-word;">${lines(value)}</td></tr>`,
        )
        .join("")}</table>`;
    case "lines": {
      const items = block.items
        .map(
          (item) =>
            `<tr><td style="${TEXT}padding:8px 0;border-bottom:1px solid #e5e7eb;">${escapeHtml(item.name)}<br><span style="${MUTED}">${escapeHtml(item.detail)}</span></td><td align="right" style="${TEXT}padding:8px 0;border-bottom:1px solid #e5e7eb;white-space:nowrap;vertical-align:top;">${escapeHtml(item.amount)}</td></tr>`,
        )
        .join("");
      const totals = block.totals
        .map(([label, amount], index) => {
          const weight = index === block.totals.length - 1 ? "font-weight:bold;" : "";
          return `<tr><td style="${TEXT}${weight}padding:4px 0;">${escapeHtml(label)}</td><td align="right" style="${TEXT}${weight}padding:4px 0;white-space:nowrap;">${escapeHtml(amount)}</td></tr>`;
        })
        .join("");
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">${items}${totals}</table>`;
    }
    case "button":
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:${BRAND};border-radius:6px;"><a href="${escapeHtml(block.url)}" style="${FONT}display:inline-block;padding:12px 24px;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr></table><p style="${MUTED}margin:0 0 16px;word-break:break-all;">Si el botón no funciona, copia este enlace: <a href="${escapeHtml(block.url)}" style="color:${BRAND};">${escapeHtml(block.url)}</a></p>`;
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case "heading":
      return `${block.text}\n${"=".repeat(Math.min(block.text.length, 60))}`;
    case "paragraph":
    case "note":
      return block.text;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "lines":
      return [
        ...block.items.map((item) => `- ${item.name} (${item.detail}): ${item.amount}`),
        "",
        ...block.totals.map(([label, amount]) => `${label}: ${amount}`),
      ].join("\n");
    case "button":
      return `${block.label}:\n${block.url}`;
  }
}

function footerLines(shop: ShopIdentity) {
  return [
    shop.name,
    shop.url,
    shop.email && `Correo: ${shop.email}`,
    shop.phone && `Teléfono: ${shop.phone}`,
    shop.whatsapp && `WhatsApp: ${shop.whatsapp}`,
  ].filter((line): line is string => Boolean(line));
}

/** The e-mail as it is sent: its subject, HTML and plain text, in the shop's one layout. */
export function renderEmail(content: EmailContent, shop: ShopIdentity): RenderedEmail {
  const body = content.blocks.map(blockHtml).join("\n");
  const whatsapp = shop.whatsapp
    ? shop.whatsappUrl
      ? `<a href="${escapeHtml(shop.whatsappUrl)}" style="color:${BRAND};">WhatsApp: ${escapeHtml(shop.whatsapp)}</a>`
      : `WhatsApp: ${escapeHtml(shop.whatsapp)}`
    : "";
  const footer = [
    `<strong>${escapeHtml(shop.name)}</strong>`,
    `<a href="${escapeHtml(shop.url)}" style="color:${BRAND};">${escapeHtml(shop.url.replace(/^https?:\/\//, ""))}</a>`,
    shop.email &&
      `<a href="mailto:${escapeHtml(shop.email)}" style="color:${BRAND};">${escapeHtml(shop.email)}</a>`,
    shop.phone && `Teléfono: ${escapeHtml(shop.phone)}`,
    whatsapp,
  ]
    .filter(Boolean)
    .join("<br>");
  const html = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f0ea;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f0ea;">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;border-bottom:3px solid ${BRAND};${FONT}font-size:20px;font-weight:bold;color:${BRAND};">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:24px;">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;${MUTED}">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    shop.name,
    "",
    ...content.blocks.flatMap((block) => [blockText(block), ""]),
    "--",
    ...footerLines(shop),
    "",
  ].join("\n");
  return { subject: content.subject, html, text };
}
