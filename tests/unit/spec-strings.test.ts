import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  foundIn,
  readSourceTexts,
  readSpecQuotes,
  sourceTexts,
  SPEC_DOCUMENTS,
  type SpecQuote,
} from "../setup/spec-strings";
import { OMITTED, PATTERNED } from "./spec-strings.allowlist";

/*
 * Issue 36: every string the specification quotes is the shop's word, and the app keeps it: it is
 * in what the app can show (string literals, templates, JSX text; not comments), or, with a
 * placeholder ('Quedan N unidades'), its pattern is; or the allowlist names the decision that
 * replaces it. A string dropped by a later change fails here with its name and its line.
 */

const root = path.resolve(import.meta.dirname, "../..");
const shared = path.resolve(root, "../shared/spec");
// The repository keeps a copy, so a clone without the shared folder beside it still checks.
const copy = path.join(root, "docs/spec");
const specDir = fs.existsSync(shared) ? shared : copy;

const quotes = SPEC_DOCUMENTS.flatMap((document) =>
  readSpecQuotes(document, fs.readFileSync(path.join(specDir, document), "utf8")),
);
// The same words quoted twice are checked once, named by their first place.
const unique = [...new Map(quotes.map((quote) => [quote.quote, quote])).values()];
const texts = readSourceTexts(path.join(root, "app"));
const omitted = new Map(OMITTED.map((entry) => [entry.quote, entry]));
const patterned = new Map(PATTERNED.map((entry) => [entry.quote, entry]));
const name = (quote: SpecQuote) => `${quote.document}:${quote.line} '${quote.quote}'`;

describe("the specification's quoted strings", () => {
  it("are read from both documents", () => {
    // A sanity floor: the two documents quote about 240 strings.
    expect(quotes.length).toBeGreaterThan(200);
  });

  it.each(unique.filter((quote) => !omitted.has(quote.quote)).map((quote) => [name(quote), quote]))(
    "%s is in the app",
    (_, quote) => {
      const expected = patterned.get(quote.quote)?.pattern ?? null;
      const missing = (expected ? [expected] : quote.expected).filter(
        (text) => !foundIn(texts, text),
      );
      expect(missing, `not shown by the app: ${missing.join(" · ")}`).toEqual([]);
    },
  );
});

describe("the allowlist of strings a decision replaces", () => {
  const decisions = fs.readFileSync(path.join(copy, "DECISIONS.md"), "utf8");
  const records = fs.readdirSync(path.join(root, "docs/decisions"));

  it.each([...OMITTED, ...PATTERNED].map((entry) => [entry.quote, entry]))(
    "'%s' is quoted by the specification and names a decision that exists",
    (quote, entry) => {
      expect(unique.map((spec) => spec.quote)).toContain(quote);
      if (/^D\d+$/.test(entry.decision)) {
        expect(decisions).toContain(`- ${entry.decision}.`);
      } else {
        expect(records.some((file) => file.startsWith(`${entry.decision}-`))).toBe(true);
      }
      expect(entry.why.length).toBeGreaterThan(10);
    },
  );

  it.each(OMITTED.map((entry) => [entry.quote]))(
    "'%s' is not shown by the app (else it leaves the list)",
    (quote) => {
      expect(foundIn(texts, quote)).toBe(false);
    },
  );

  it("keeps the repository's copy of the specification equal to the shared one", () => {
    if (!fs.existsSync(shared)) return; // a clone on its own: the copy is all there is
    for (const document of [...SPEC_DOCUMENTS, "DECISIONS.md"]) {
      expect(fs.readFileSync(path.join(copy, document), "utf8"), document).toBe(
        fs.readFileSync(path.join(shared, document), "utf8"),
      );
    }
  });
});

describe("how the quotes and the source are read", () => {
  it("reads the documents' shorthands: elisions, alternatives, placeholders", () => {
    const spec = [
      "Toasts: 'Producto creado/actualizado/eliminado', '...a esta sección.', 'Quedan N unidades'.",
      "An apostrophe in a word (the shop's) is not a quote.",
    ].join("\n");
    expect(readSpecQuotes("x.md", spec).map(({ line, expected }) => [line, expected])).toEqual([
      [1, ["Producto creado", "Producto actualizado", "Producto eliminado"]],
      [1, ["a esta sección."]],
      [1, ["Quedan N unidades"]],
    ]);
  });

  it("finds literals, templates and JSX text, never comments", () => {
    const code = `
      // ¡Cuenta creada!
      /* 'Pedido no encontrado' */
      const toast = { title: "Agregado al carrito" };
      const left = \`Quedan \${stock} unidades\`;
      export const Badge = () => (
        <p>
          Agrega {formatMoney(missing)} más para
          envío gratis{" "}
          <strong>hoy</strong>
        </p>
      );
    `;
    const texts = sourceTexts("x.tsx", code);
    expect(foundIn(texts, "¡Cuenta creada!")).toBe(false);
    expect(foundIn(texts, "Pedido no encontrado")).toBe(false);
    expect(foundIn(texts, "Agregado al carrito")).toBe(true);
    expect(foundIn(texts, "Quedan N unidades")).toBe(true);
    expect(foundIn(texts, "Quedan 3 unidades")).toBe(false);
    expect(foundIn(texts, "Agrega L X más para envío gratis")).toBe(true);
    expect(foundIn(texts, "envío gratis hoy")).toBe(true);
  });
});
