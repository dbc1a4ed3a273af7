import { describe, expect, it } from "vitest";
import { cmsText, sanitizeCmsHtml } from "~/utils/sanitize-html.server";

describe("sanitizeCmsHtml", () => {
  it.each([
    ["a script and its text", "<p>a</p><script>steal()</script>", "<p>a</p>"],
    ["an event handler", '<p onclick="steal()">a</p>', "<p>a</p>"],
    ["an image with onerror", '<img src="x" onerror="steal()">', ""],
    ["an svg with onload", '<svg onload="steal()"><circle /></svg>', ""],
    ["an iframe", '<iframe src="https://example.com/"></iframe>', ""],
    ["a style element and attribute", '<style>p{}</style><p style="color:red">a</p>', "<p>a</p>"],
    ["a javascript: link", '<a href="javascript:steal()">a</a>', "<a>a</a>"],
    [
      "a javascript: link with odd case and entities",
      '<a href="JaVa&#x53;cript:steal()">a</a>',
      "<a>a</a>",
    ],
    ["a data: link", '<a href="data:text/html,<script>steal()</script>">a</a>', "<a>a</a>"],
    ["a protocol-relative link", '<a href="//evil.example/">a</a>', "<a>a</a>"],
    ["a form", '<form action="/logout" method="post"><button>a</button></form>', "a"],
  ])("removes %s", (_, html, clean) => {
    expect(sanitizeCmsHtml(html)).toBe(clean);
  });

  it("keeps what a policy page needs", () => {
    const html =
      "<h2>Envíos</h2><p><strong>Gratis</strong> <em>desde</em> L\u00a02,000.<br /></p>" +
      '<ul><li><a href="https://wa.me/50499887766">WhatsApp</a></li>' +
      '<li><a href="mailto:hola@tienda.hn">Correo</a></li><li><a href="tel:+50422324567">Tel</a></li>' +
      '<li><a href="/returns">Devoluciones</a></li></ul>' +
      '<table><thead><tr><th scope="col">Zona</th></tr></thead><tbody><tr><td>Tegucigalpa</td></tr></tbody></table>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it("makes a pasted h1 an h2", () => {
    expect(sanitizeCmsHtml("<h1>Título</h1>")).toBe("<h2>Título</h2>");
  });
});

describe("cmsText", () => {
  it("is the text a reader sees, on one line", () => {
    expect(
      cmsText(
        "<h2>Envíos &amp; pagos</h2>\n<p>Gratis&nbsp;desde <b>L 2,000</b></p><script>x()</script>",
      ),
    ).toBe("Envíos & pagos Gratis desde L 2,000");
  });
});
