import { describe, expect, it } from "vitest";
import { startScriptsAfterPaint } from "~/utils/deferred-scripts.server";

/*
 * Decision 111 (decision 157 made it work on bytes): the document's preloads and its module
 * script are sent inert, with the starter after them; a batch without them passes untouched.
 * tests/integration/first-paint.test.ts checks the same on real pages.
 */
const shell =
  '<html><head><meta charset="utf-8"><title>Perfumería — Año nuevo ñ</title></head><body>' +
  "<main>Fragancias de diseñador</main>" +
  '<link rel="modulepreload" href="/build/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/build/root-B.js"/>' +
  '<script>window.__remixContext = {"state":"Tegucigalpa"};</script>' +
  '<script nonce="n1" type="module" async="">import "/build/entry.client-A.js";\nimport * as route0 from "/build/root-B.js";</script>' +
  "</body></html>";

describe("startScriptsAfterPaint", () => {
  it("makes every preload and the module script inert and adds the starter after them", () => {
    const out = startScriptsAfterPaint(Buffer.from(shell), "n1").toString("utf8");
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(/<link data-deferred="modulepreload" href="\/build\//g)).toHaveLength(2);
    expect(out).toContain(
      '<script nonce="n1" type="text/x-deferred-module">import "/build/entry.client-A.js";\nimport * as route0 from "/build/root-B.js";</script><script nonce="n1">(() => {',
    );
    expect(out.endsWith("})();</script></body></html>")).toBe(true);
    // Everything else byte for byte, the non-ASCII text included.
    expect(out).toContain(
      "<title>Perfumería — Año nuevo ñ</title></head><body><main>Fragancias de diseñador</main>",
    );
    expect(out).toContain('<script>window.__remixContext = {"state":"Tegucigalpa"};</script>');
  });

  it("passes a batch without the scripts through as the same buffer", () => {
    const batch = Buffer.from("<p>Perfumes de nicho</p>");
    expect(startScriptsAfterPaint(batch, "n1")).toBe(batch);
  });
});
