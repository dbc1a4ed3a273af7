import sanitizeHtml, { type IOptions } from "sanitize-html";
import { unbrokenPieces } from "~/utils/unbroken";

/*
 * The one allow-list for the HTML of the content pages (decision 065): what a policy text
 * needs and nothing that runs. sanitize-html parses the markup (htmlparser2) instead of matching
 * it with regexes, drops every tag and attribute not listed (so no <script>, <iframe>, <style>,
 * event handlers or inline styles), drops the text inside <script> and <style>, and keeps only
 * links whose scheme is listed (so no `javascript:` or `data:`). It runs when a page is saved and
 * again when one is read for display: a row written around the admin screen is safe too.
 */
const CMS_HTML: IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "small",
    "a",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  // Relative links (/returns, #envios) stay; an absolute one needs one of these schemes.
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  // The page's own title is its only <h1>: a heading pasted as h1 becomes the next level down.
  transformTags: { h1: "h2" },
  disallowedTagsMode: "discard",
  // Issue 39: an amount or a time typed with plain spaces ('L 500', '9:00 a. m.') never
  // breaks across lines: its spaces become no-break spaces (utils/unbroken.ts finds them).
  textFilter: (text) =>
    unbrokenPieces(text)
      .map((piece) => (piece.whole ? piece.text.replace(/ /g, "\u00a0") : piece.text))
      .join(""),
};

/** A content page's HTML with everything outside the allow-list removed. */
export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, CMS_HTML).trim();
}

const TEXT_ONLY: IOptions = { allowedTags: [], allowedAttributes: {} };
const ESCAPED: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };

/** The text a reader sees, on one line and unescaped (React escapes it again): the admin's preview. */
export function cmsText(html: string): string {
  // A space where a block ends, so "<h2>Envíos</h2><p>Gratis" does not read "EnvíosGratis".
  const spaced = html.replace(/<\/(?:p|h\d|li|td|th|blockquote)\s*>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(spaced, TEXT_ONLY)
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPED[entity])
    .replace(/\s+/g, " ")
    .trim();
}
