/**
 * `npm run arch:arrows`: counts the arrows the architecture forbids or wants gone (issue 38).
 *
 *   (a) pairs of domain folders under app/models that import each other both ways;
 *   (b) imports from db/ (the floor: connection, types, migrations) up into app/;
 *   (c) imports from app/models into the web layer (app/web) or @remix-run/*.
 *
 * Every import, export-from, literal import() and import type is counted, type-only ones too (a
 * type is an arrow a reader follows as well). Read with TypeScript's own parser, so a comment
 * or a string that looks like an import is not one. `-- --values` leaves out the imports that
 * bring only types; `-- --json` prints the figures alone; `-- --root=DIR` reads another checkout.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

// `-- --root=DIR` counts another checkout (main before a change, say).
const rootArgument = process.argv.find((argument) => argument.startsWith("--root="));
const root = rootArgument
  ? path.resolve(rootArgument.slice("--root=".length))
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const ALIASES: [string, string][] = [
  ["~/", "app/"],
  ["#db/", "db/"],
  ["#seed/", "seed/"],
];

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(relative);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** Whether an import or re-export brings only types (it vanishes when compiled). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration) {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(
      clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((element) => element.isTypeOnly),
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The modules a file names: static imports, re-exports, literal import() and import types. */
function specifiersOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: typeOnly(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where a specifier points: a path from the root (extension left off), or the package. */
function targetOf(file: string, specifier: string): string {
  for (const [alias, dir] of ALIASES) {
    if (specifier.startsWith(alias)) return dir + specifier.slice(alias.length);
  }
  if (specifier.startsWith(".")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  }
  return specifier;
}

type Arrow = { from: string; to: string; typeOnly: boolean };

function arrowsFrom(dir: string): Arrow[] {
  return filesUnder(dir).flatMap((file) =>
    specifiersOf(file).map(({ specifier, typeOnly }) => ({
      from: file,
      to: targetOf(file, specifier),
      typeOnly,
    })),
  );
}

const domainOf = (file: string) => /^app\/models\/([^/]+)\//.exec(file)?.[1] ?? null;

/** The figures; `valuesOnly` leaves out the imports that bring only types. */
export function countArrows({ valuesOnly = false } = {}) {
  const keep = (arrow: Arrow) => !valuesOnly || !arrow.typeOnly;
  const models = arrowsFrom("app/models").filter(keep);
  const between = new Set<string>();
  for (const { from, to } of models) {
    const [a, b] = [domainOf(from), domainOf(to)];
    if (a && b && a !== b) between.add(`${a}→${b}`);
  }
  const bothWays = [...between]
    .map((arrow) => arrow.split("→") as [string, string])
    .filter(([a, b]) => a < b && between.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();

  const dbIntoApp = arrowsFrom("db")
    .filter(keep)
    .filter(({ to }) => to.startsWith("app/"));
  const modelsIntoWeb = models.filter(
    ({ to }) => to.startsWith("app/web/") || to === "app/web" || to.startsWith("@remix-run/"),
  );
  return { bothWays, dbIntoApp, modelsIntoWeb };
}

const invokedDirectly =
  process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const valuesOnly = process.argv.includes("--values");
  const { bothWays, dbIntoApp, modelsIntoWeb } = countArrows({ valuesOnly });
  const intoModels = dbIntoApp.filter(({ to }) => to.startsWith("app/models/")).length;
  if (process.argv.includes("--json")) {
    const figures = {
      domainPairsBothWays: bothWays.length,
      dbIntoApp: dbIntoApp.length,
      dbIntoModels: intoModels,
      modelsIntoWebOrRemix: modelsIntoWeb.length,
    };
    console.log(JSON.stringify(figures));
  } else {
    const arrow = ({ from, to, typeOnly }: Arrow) =>
      `    ${from} → ${to}${typeOnly ? " (types only)" : ""}`;
    console.log(valuesOnly ? "Imports that bring values (types left out):" : "Every import:");
    console.log(
      `(a) pairs of app/models folders importing each other both ways: ${bothWays.length}`,
    );
    for (const pair of bothWays) console.log(`    ${pair}`);
    console.log(
      `(b) imports from db/ into app/: ${dbIntoApp.length} (${intoModels} into app/models)`,
    );
    dbIntoApp.forEach((entry) => console.log(arrow(entry)));
    console.log(
      `(c) imports from app/models into app/web or @remix-run/*: ${modelsIntoWeb.length}`,
    );
    modelsIntoWeb.forEach((entry) => console.log(arrow(entry)));
  }
}
