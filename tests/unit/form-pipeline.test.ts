import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Decisions 091 and 109, one form pipeline. Every form, the account forms included, is checked
 * by its action and rendered with useServerForm, so zod (~14 KB gzip), conform's zod adapter and
 * conform's useForm reach no page. Read from the source: which client modules import zod,
 * directly or through a chain of imports (a module-level zod call is never tree-shaken out,
 * decision 054), and which use conform's useForm.
 */

const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");

/** Forms whose fields come from data (the settings tabs), so no schema names them. */
const UNTYPED_SERVER_FORMS = ["app/routes/admin.settings.$tab.tsx"];

const ZOD = "zod";
/** zod 4 (`zod/v4`) and conform's adapter for it, or the bare names lint refuses (decision 136). */
const isZod = (specifier: string) => /^(zod|@conform-to\/zod)(\/|$)/.test(specifier);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
/** Remix replaces a `.server` module with an empty stub in the browser bundle. */
const isServer = (file: string) => /\.server\.tsx?$/.test(file);

function resolve(from: string, specifier: string): string | undefined {
  if (isZod(specifier)) return ZOD;
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(app, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** What a module imports at run time: type-only imports are erased, so they do not count. */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const specifiers: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([^;]*?)\s*from\s*["']([^"']+)["']/g;
  for (const [, , clause, specifier] of source.matchAll(statement)) {
    if (/^type\s/.test(clause!)) continue;
    const names = /\{([^}]*)\}/.exec(clause!);
    const onlyTypes =
      names &&
      !clause!.replace(names[0], "").replace(/,/g, "").trim() &&
      names[1]!
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith("type "));
    if (!onlyTypes) specifiers.push(specifier!);
  }
  for (const [, specifier] of source.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) {
    specifiers.push(specifier!);
  }
  for (const [, specifier] of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    specifiers.push(specifier!);
  }
  return specifiers;
}

const files = sourceFiles(app);
const clientFiles = files.filter((file) => !isServer(file));
const graph = new Map(
  clientFiles.map((file) => [
    file,
    runtimeImports(file)
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== undefined && !isServer(target)),
  ]),
);

/** Client modules from which zod is reachable (the fixpoint of "imports zod or one that does"). */
function modulesReachingZod() {
  const reaching = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [file, targets] of graph) {
      if (reaching.has(file)) continue;
      if (targets.some((target) => target === ZOD || reaching.has(target))) {
        reaching.add(file);
        grew = true;
      }
    }
  }
  return [...reaching].map(relative).sort();
}

describe("one form pipeline (decisions 091, 109)", () => {
  it("sends zod to no page", () => {
    // The schemas are there, in the server modules a route's action calls, which Remix leaves
    // out of the browser bundle (the graph follows no `*.server` import).
    const schemas = path.join(app, "models", "customers", "account-forms.server.ts");
    expect(runtimeImports(schemas).some(isZod)).toBe(true);
    expect(modulesReachingZod()).toEqual([]);
  });

  it("writes zod schemas in server modules only", () => {
    const direct = clientFiles.filter((file) => runtimeImports(file).some(isZod)).map(relative);
    expect(direct).toEqual([]);
  });

  it("uses conform's useForm nowhere: the server's reply is shown by useServerForm", () => {
    const users = clientFiles
      .filter((file) =>
        /import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*["']@conform-to\/react["']/.test(
          readable(file),
        ),
      )
      .map(relative);
    expect(users).toEqual([]);
  });

  it("names every server-validated form's fields from its schema's type", () => {
    const calls = clientFiles
      .filter((file) => !file.endsWith(path.join("forms", "server-form.ts")))
      .filter((file) => /\buseServerForm\s*[<(]/.test(readable(file)))
      .map(relative);
    // The sign-in form and the account pages are among them (decision 109).
    expect(calls).toEqual(
      expect.arrayContaining([
        "app/components/auth/login-form.tsx",
        "app/routes/_auth.register.tsx",
      ]),
    );
    const untyped = calls.filter((file) =>
      /\buseServerForm\s*\(/.test(readable(path.join(root, file))),
    );
    expect(untyped).toEqual(UNTYPED_SERVER_FORMS);
  });
});

function readable(file: string) {
  return fs.readFileSync(file, "utf8");
}
