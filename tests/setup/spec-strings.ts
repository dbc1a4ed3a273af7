import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * Issue 36: the specification's quoted strings are the shop's words. These helpers read them
 * from the two documents and look for each one in what the app can show: its string literals,
 * template literals and JSX text, never its comments (a string kept only in a comment is a
 * string the shopper no longer reads).
 */

export const SPEC_DOCUMENTS = ["storefront.md", "backoffice.md"] as const;

/** Where a placeholder of the source stands: `{count}` in JSX, `${n}` in a template. */
const HOLE = "\u0000";

export type SpecQuote = {
  document: string;
  line: number;
  /** The text between the quotes, as the document writes it. */
  quote: string;
  /** What must appear in the source: one text, or one per `a/b/c` alternative. */
  expected: string[];
};

/**
 * Every 'quoted' string of a document. A quote opens after a non-letter and closes before one,
 * so an apostrophe inside a word is not a quote. Shorthands of the documents are read as they
 * are meant: a leading '...' elides the start ('...a esta sección.'), `Producto
 * creado/actualizado/eliminado` is three toasts, and N, X, `L X` and `{name}` are placeholders.
 */
export function readSpecQuotes(document: string, text: string): SpecQuote[] {
  const quotes: SpecQuote[] = [];
  text.split("\n").forEach((lineText, index) => {
    for (const match of lineText.matchAll(/(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu)) {
      const quote = match[1]!;
      quotes.push({ document, line: index + 1, quote, expected: expandQuote(quote) });
    }
  });
  return quotes;
}

function expandQuote(quote: string): string[] {
  const text = quote.startsWith("...") ? quote.slice(3) : quote;
  const alternatives = /^(.*\s)(\p{L}+(?:\/\p{L}+)+)$/u.exec(text);
  if (!alternatives) return [text];
  return alternatives[2]!.split("/").map((word) => `${alternatives[1]}${word}`);
}

/** A placeholder of the documents: N or X, a money amount 'L X', or `{search}`. */
const PLACEHOLDER = /(?:L )?\b[NX]\b|\{\w+\}/g;

export function hasPlaceholder(expected: string) {
  return new RegExp(PLACEHOLDER.source).test(expected);
}

/** The expected text as a pattern over the source's texts, where a placeholder is a hole. */
export function expectedPattern(expected: string) {
  const parts = expected.split(new RegExp(PLACEHOLDER.source));
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(parts.map(escape).join(`(?:L ?)?${HOLE}`));
}

/**
 * The texts a source file can show: each string literal, each template literal (its
 * substitutions as holes) and each JSX element's text with its children inline (JSX's own
 * whitespace rules; an expression is a hole unless it is a string literal).
 */
export function sourceTexts(fileName: string, code: string): string[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, kindOf(fileName));
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      texts.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      texts.push(
        node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join(""),
      );
    } else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const text = jsxText(node.children).replace(/\s+/g, " ").trim();
      if (text) texts.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function kindOf(fileName: string) {
  return fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

function jsxText(children: ts.NodeArray<ts.JsxChild>): string {
  return children
    .map((child) => {
      if (ts.isJsxText(child)) return jsxWhitespace(child.text);
      if (ts.isJsxExpression(child)) {
        if (!child.expression) return "";
        const expression = child.expression;
        if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
          return expression.text;
        }
        return HOLE;
      }
      if (ts.isJsxElement(child) || ts.isJsxFragment(child)) return jsxText(child.children);
      return HOLE;
    })
    .join("");
}

/** JSX drops lines that hold only whitespace and joins the others with one space. */
function jsxWhitespace(text: string) {
  if (!text.includes("\n")) return text;
  const lines = text.split("\n").map((line) => line.replace(/\t/g, " "));
  return lines
    .map((line, index) => {
      let kept = line;
      if (index > 0) kept = kept.trimStart();
      if (index < lines.length - 1) kept = kept.trimEnd();
      return kept;
    })
    .filter((line) => line !== "")
    .join(" ");
}

/** Every text of every .ts/.tsx file under `dir`. */
export function readSourceTexts(dir: string): string[] {
  const texts: string[] = [];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    texts.push(...sourceTexts(file, fs.readFileSync(file, "utf8")));
  }
  return texts;
}

/** Whether the source shows `expected` (a placeholder matching any hole). */
export function foundIn(texts: readonly string[], expected: string) {
  if (hasPlaceholder(expected)) {
    const pattern = expectedPattern(expected);
    return texts.some((text) => pattern.test(text));
  }
  return texts.some((text) => text.includes(expected));
}
