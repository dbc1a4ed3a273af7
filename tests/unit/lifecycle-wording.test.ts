import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS_SHORT_LABELS } from "~/models/orders/status";

/*
 * Issue 20, point 7: the demo seed and the factories write orders through the checkout's writer
 * and move them through the lifecycle, so the words of an order's life (its notes, status
 * history, activity log and notifications) are written in the app only. A phrase of those
 * modules copied into db/ fails here. db/migrations/ is exempt: a migration is frozen in time
 * and never imports app code, so it keeps the words of its day.
 */
const root = path.resolve(import.meta.dirname, "../..");
const WORDING_SOURCES = [
  "app/models/checkout/checkout.server.ts",
  "app/models/checkout/order-writer.server.ts",
  "app/models/orders/transitions.server.ts",
  "app/models/orders/lifecycle.server.ts",
  "app/models/orders/notices.ts",
];

/** The static parts of a source's string and template literals. */
function literalFragments(source: string) {
  const fragments: string[] = [];
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = match[1] ?? match[2]!;
    fragments.push(...text.split(/\$\{[^}]*\}/));
  }
  return fragments;
}

/**
 * A phrase people read: a sentence or a labelled line ("Pedido entregado", "Banco: "), not a
 * column name, a module ("node:crypto"), an SQL operator ("is not") or the tail of a sentence
 * any page may say (" puntos de lealtad.").
 */
const isWording = (fragment: string) =>
  fragment.trim().length >= 6 &&
  /[a-záéíóúñ]{3}/.test(fragment) &&
  /[\s\u0080-\uffff]/.test(fragment) &&
  (/^\s*[A-ZÁÉÍÓÚÑ¡¿]/.test(fragment) || /[:(]/.test(fragment));

const phrases = [
  ...new Set([
    ...WORDING_SOURCES.flatMap((file) =>
      literalFragments(fs.readFileSync(path.join(root, file), "utf8")).filter(isWording),
    ),
    // The notes line the lifecycle writes on cancel or deny: "Cancelado: <reason>".
    ...Object.values(ORDER_STATUS_SHORT_LABELS).map((label) => `${label}: `),
  ]),
];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : filesUnder(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the lifecycle's words", () => {
  it("are read from the app's modules", () => {
    expect(phrases).toEqual(
      expect.arrayContaining([
        "Usuario anónimo (compra como invitado)",
        " (transferencia)",
        "Pedido entregado",
        "Cancelado: ",
      ]),
    );
  });

  it("are not repeated in the seed or the factories (seed/)", () => {
    const repeats = filesUnder(path.join(root, "seed")).flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return phrases
        .filter((phrase) => text.includes(phrase))
        .map((phrase) => `${path.relative(root, file)}: ${JSON.stringify(phrase)}`);
    });
    expect(repeats).toEqual([]);
  });
});
