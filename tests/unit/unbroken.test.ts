import { describe, expect, it } from "vitest";
import { renderEmail } from "~/models/mail/layout.server";
import { formatDateTime } from "~/utils/dates";
import { sanitizeCmsHtml } from "~/utils/sanitize-html.server";
import { unbrokenPieces } from "~/utils/unbroken";

/* Issue 39: codes, typed amounts and times never break across lines, in pages and e-mails. */

const whole = (text: string) =>
  unbrokenPieces(text)
    .filter((piece) => piece.whole)
    .map((piece) => piece.text);

describe("unbrokenPieces", () => {
  it("keeps order numbers, coupons, typed amounts and times whole, and the rest as it was", () => {
    const text =
      "Tu cupón LEAL-JV55JE se usó en PH-261127-2971 por L 500.00; abrimos a las 9:00 a. m.";
    expect(whole(text)).toEqual(["LEAL-JV55JE", "PH-261127-2971", "L 500.00", "9:00 a. m."]);
    expect(
      unbrokenPieces(text)
        .map((piece) => piece.text)
        .join(""),
    ).toBe(text);
  });

  it("leaves words with hyphens in lower case alone, and a text without codes in one piece", () => {
    expect(whole("Eau de Parfum, edición semi-limitada")).toEqual([]);
    expect(unbrokenPieces("Sin códigos")).toEqual([{ text: "Sin códigos", whole: false }]);
  });
});

describe("where they are written", () => {
  it("an e-mail keeps a code in a sentence on one line", () => {
    const email = renderEmail(
      {
        subject: "Pedido",
        preheader: "",
        blocks: [{ kind: "paragraph", text: "Tu pedido PH-261127-2971 <ya> salió." }],
      },
      {
        name: "T",
        url: "https://t.hn",
        email: "a@t.hn",
        phone: "",
        whatsapp: "",
        whatsappUrl: null,
      },
    );
    expect(email.html).toContain(
      'Tu pedido <span style="white-space:nowrap;">PH-261127-2971</span> &lt;ya&gt; salió.',
    );
    expect(email.text).toContain("Tu pedido PH-261127-2971 <ya> salió.");
  });

  it("a time of the store joins its 'p. m.' with no-break spaces", () => {
    expect(formatDateTime("2026-11-05T21:04:00Z")).toBe("5 nov 2026, 3:04\u00a0p.\u00a0m.");
  });

  it("a content page's typed amounts and times get no-break spaces", () => {
    expect(sanitizeCmsHtml("<p>Envío L 150.00, de 9:00 a. m. a 6:00 p. m.</p>")).toBe(
      "<p>Envío L\u00a0150.00, de 9:00\u00a0a.\u00a0m. a 6:00\u00a0p.\u00a0m.</p>",
    );
  });
});
