/*
 * Issue 39: a code never breaks across lines: an order number ('PH- / 261127-2971' at 320 px),
 * a coupon ('LEAL- / JV55JE'), a date written with hyphens, an amount or a time typed as 'L 500' or
 * '9:00 a. m.' (the store's own amounts and times carry no-break spaces already:
 * `formatMoney`, `formatDateTime`). A text is cut into pieces, and each code is a piece kept whole
 * (`white-space: nowrap`), in a page (components/ui/unbroken.tsx) and in an e-mail
 * (models/mail/layout.server.ts). The characters stay as they were, so a number copied from a
 * page or an e-mail pastes into the tracking form as it is.
 */

const WHOLE = new RegExp(
  [
    // Codes: capitals and digits joined by hyphens (order numbers, coupons, ISO dates).
    String.raw`\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b`,
    // An amount in lempiras, however its space was typed.
    String.raw`\bL[ \u00a0]?\d[\d,]*(?:\.\d+)?`,
    // A time typed with its 'a. m.' or 'p. m.' (business hours in the settings and pages).
    String.raw`\b\d{1,2}:\d{2}[ \u00a0\u202f]?[ap]\.[ \u00a0\u202f]?m\.`,
  ].join("|"),
  "g",
);

export type TextPiece = { text: string; whole: boolean };

/** `text` as pieces, each code a piece of its own to keep on one line. */
export function unbrokenPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const match of text.matchAll(WHOLE)) {
    if (match.index > from) pieces.push({ text: text.slice(from, match.index), whole: false });
    pieces.push({ text: match[0], whole: true });
    from = match.index + match[0].length;
  }
  if (from < text.length) pieces.push({ text: text.slice(from), whole: false });
  return pieces;
}
