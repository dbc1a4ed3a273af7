import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Issue 38: docs/configuration.md says which variables the store takes, and stays true. Its
 * first table lists exactly the keys of the environment schema in app/utils/env.server.ts (one
 * row each), and its second exactly the variables scripts/server.mjs reads for itself. The README
 * stays short enough to read (at most 12 KB) and sends the details to the docs.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The first column of the table under `heading`: one backticked variable per row. */
function tableVariables(markdown: string, heading: string) {
  const start = markdown.indexOf(`\n## ${heading}`);
  expect(start, `docs/configuration.md has "## ${heading}"`).toBeGreaterThan(-1);
  const section = markdown.slice(start + 1).split(/\n## /)[0]!;
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => /^\| `([A-Z][A-Z0-9_]*)` +\|/.exec(line)?.[1] ?? line);
}

/** The keys of the schema's object: the lines `    NAME: z…` of env.server.ts. */
function schemaVariables() {
  const source = read("app/utils/env.server.ts");
  const object = source.slice(source.indexOf("const EnvSchema"), source.indexOf(".superRefine("));
  return [...object.matchAll(/^ {4}([A-Z][A-Z0-9_]*): z\b/gm)].map((match) => match[1]!);
}

describe("docs/configuration.md", () => {
  const doc = read("docs/configuration.md");

  it("lists every variable of the environment schema, and only those", () => {
    const schema = schemaVariables();
    expect(schema).toEqual(expect.arrayContaining(["DATA_DIR", "SESSION_SECRET", "SMTP_URL"]));
    const documented = tableVariables(doc, "The store's variables");
    expect(new Set(documented).size, "one row each").toBe(documented.length);
    expect([...documented].sort()).toEqual([...schema].sort());
  });

  it("lists what scripts/server.mjs reads that the schema does not", () => {
    const server = read("scripts/server.mjs");
    const reads = new Set(
      [...server.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
    );
    const own = [...reads].filter((name) => !schemaVariables().includes(name)).sort();
    expect(own.length).toBeGreaterThan(0);
    expect(tableVariables(doc, "Read by the server before the app").sort()).toEqual(own);
  });
});

describe("README.md", () => {
  it("stays at most 12 KB", () => {
    expect(fs.statSync(path.join(root, "README.md")).size).toBeLessThanOrEqual(12_288);
  });

  it("links the docs it hands the details to", () => {
    const readme = read("README.md");
    for (const doc of [
      "docs/architecture.md",
      "docs/deployment.md",
      "docs/configuration.md",
      "docs/decisions/",
    ]) {
      expect(readme).toContain(`](${doc}`);
    }
  });
});
