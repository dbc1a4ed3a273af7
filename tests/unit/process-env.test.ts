import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * STYLE and docs/architecture.md: `app/utils/env.server.ts` parses the environment once at
 * start-up and nothing else in the store reads `process.env`; the environment a child process
 * inherits comes from its `processEnvironment()`. The floor (db/) and the seed (seed/) take
 * their settings as arguments too. scripts/ are tools run beside the app (the server's own
 * knobs, the benches' BENCH_*), documented in docs/configuration.md and README.md, and may read
 * it (decision 138). Read with TypeScript's parser, so comments that name it do not count.
 */
const root = path.resolve(import.meta.dirname, "../..");
const READER = "app/utils/env.server.ts";

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [relative] : [];
  });
}

/** The lines of `file` where `process.env` is read (`process.env`, `process["env"]`). */
function processEnvReads(file: string) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  if (!/process\s*(\.|\[)/.test(text)) return []; // most files: no need to parse
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    const isRead =
      (ts.isPropertyAccessExpression(node) && node.name.text === "env") ||
      (ts.isElementAccessExpression(node) &&
        ts.isStringLiteral(node.argumentExpression) &&
        node.argumentExpression.text === "env");
    if (isRead && ts.isIdentifier(node.expression) && node.expression.text === "process") {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe("who reads process.env", () => {
  it("env.server.ts does (the check sees it)", () => {
    expect(processEnvReads(READER).length).toBeGreaterThan(0);
  });

  it("nothing else in app/, db/ or seed/ does", () => {
    const readers = ["app", "db", "seed"]
      .flatMap(sources)
      .filter((file) => file !== READER)
      .flatMap((file) => processEnvReads(file).map((line) => `${file}:${line}`));
    expect(readers).toEqual([]);
  });
});
