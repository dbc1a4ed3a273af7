import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Decision 092: the demo seed (`npm start` runs it) and the factories (the e2e fixtures import
 * them) write through the app's own writers, which take their executor. None of what they load
 * may open the app's connection: `~/utils/db.server` opens DATA_DIR and migrates it when
 * imported, and `~/utils/env.server` parses the process's environment. This walks their imports
 * (type-only imports aside, they vanish when compiled) and fails on either module.
 */
const root = path.resolve(import.meta.dirname, "../..");
const FORBIDDEN = ["app/utils/db.server.ts", "app/utils/env.server.ts"];

const factories = fs
  .readdirSync(path.join(root, "seed/factories"))
  .map((name) => `seed/factories/${name}`);
const ENTRIES = ["seed/seed.ts", ...factories];

/** The local modules a file loads at run time: value imports and re-exports. */
function localImports(file: string) {
  const source = fs.readFileSync(path.join(root, file), "utf8");
  const specifiers = [
    ...source.matchAll(
      /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm,
    ),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith("~/")
      ? path.join("app", specifier.slice(2))
      : specifier.startsWith("#db/")
        ? path.join("db", specifier.slice(4))
        : specifier.startsWith("#seed/")
          ? path.join("seed", specifier.slice(6))
          : specifier.startsWith(".")
            ? path.join(path.dirname(file), specifier)
            : null;
    if (base === null) return []; // a package
    const resolved = ["", ".ts", ".tsx", "/index.ts"]
      .map((suffix) => path.normalize(base + suffix))
      .find((candidate) =>
        fs.statSync(path.join(root, candidate), { throwIfNoEntry: false })?.isFile(),
      );
    if (!resolved) throw new Error(`${file}: no module for ${specifier}`);
    return [resolved];
  });
}

/** Every local module `entry` loads, each with the chain of imports that reaches it. */
function importGraph(entry: string) {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of localImports(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

describe("what the seed and the factories load", () => {
  it("follows value imports through the app's modules", () => {
    const graph = importGraph("seed/seed.ts");
    expect([...graph.keys()]).toEqual(
      expect.arrayContaining([
        "app/models/checkout/order-writer.server.ts",
        "app/models/orders/transitions.server.ts",
        "app/models/notifications/notify.server.ts",
      ]),
    );
  });

  it.each(ENTRIES)("%s never opens the app's connection", (entry) => {
    const reached = [...importGraph(entry)]
      .filter(([file]) => FORBIDDEN.includes(file))
      .map(([, chain]) => chain.join(" → "));
    expect(reached).toEqual([]);
  });
});
