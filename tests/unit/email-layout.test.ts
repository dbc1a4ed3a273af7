import { describe, expect, it } from "vitest";
import { renderEmail, type EmailContent, type ShopIdentity } from "~/models/mail/layout.server";
import { shopIdentity } from "~/models/mail/outbox.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";

/* Decision 103: one block list, rendered as inline-styled HTML and as plain text. */

const shop: ShopIdentity = {
  name: "Perfumería de Lujo",
  url: "https://perfumeria.hn",
  email: "contacto@perfumeria.hn",
  phone: "+504 2232-4567",
  whatsapp: "+504 9988-7766",
  whatsappUrl: "https://wa.me/50499887766",
};

const content: EmailContent = {
  subject: "Recibimos tu pedido ORD-20261126-0001",
  preheader: "Total L 1,234.50",
  blocks: [
    { kind: "heading", text: "¡Gracias, Ana!" },
    { kind: "paragraph", text: "Tu pedido <b>llegó</b>.\nTe avisaremos." },
    { kind: "facts", rows: [["Cuenta", "1234-5678"]] },
    {
      kind: "lines",
      items: [{ name: "Chanel Nº 5", detail: "100 ml × 1", amount: "L 1,000.00" }],
      totals: [["Total", "L 1,234.50"]],
    },
    { kind: "button", label: "Ver mi pedido", url: "https://perfumeria.hn/orders?a=1&b=2" },
  ],
};

describe("renderEmail", () => {
  const email = renderEmail(content, shop);

  it("writes every style on its element: no style sheet, no script, no image", () => {
    expect(email.html).not.toMatch(/<style|<script|<img|<link/i);
    expect(email.html).toMatch(/<p style="[^"]+">/);
    expect(email.html).toContain('lang="es"');
  });

  it("escapes what the blocks say and keeps their line breaks", () => {
    expect(email.html).toContain("Tu pedido &lt;b&gt;llegó&lt;/b&gt;.<br>Te avisaremos.");
    expect(email.html).toContain('href="https://perfumeria.hn/orders?a=1&amp;b=2"');
  });

  it("says the same in plain text, the button's link written out", () => {
    expect(email.text).toContain("¡Gracias, Ana!");
    expect(email.text).toContain("Cuenta: 1234-5678");
    expect(email.text).toContain("- Chanel Nº 5 (100 ml × 1): L 1,000.00");
    expect(email.text).toContain("Total: L 1,234.50");
    expect(email.text).toContain("Ver mi pedido:\nhttps://perfumeria.hn/orders?a=1&b=2");
    expect(email.text).not.toMatch(/<(p|td|tr|table|a|h1|br)\b/);
  });

  it("signs with the shop's name, address, e-mail, phone and WhatsApp", () => {
    for (const part of [shop.name, shop.email, shop.phone, shop.whatsapp]) {
      expect(email.text).toContain(part);
      expect(email.html).toContain(part);
    }
    expect(email.html).toContain('href="https://wa.me/50499887766"');
    expect(email.subject).toBe(content.subject);
  });
});

describe("shopIdentity", () => {
  it("signs with the settings' name and contact, and a wa.me link only for a usable number", () => {
    const identity = shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn");
    expect(identity).toMatchObject({
      name: DEFAULT_SETTINGS.siteName,
      email: DEFAULT_SETTINGS.contactEmail,
      whatsappUrl: "https://wa.me/50499887766",
    });
    const without = { ...DEFAULT_SETTINGS, contactWhatsapp: "" };
    expect(shopIdentity(without, "https://perfumeria.hn").whatsappUrl).toBeNull();
  });
});
