import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../setup/http-server";

/*
 * Decision 111, over real HTTP against the built server: a document's scripts are sent inert
 * (no preload, a module script of a type no browser runs) with a starter that puts them back
 * after the first frame, so the browser paints the HTML before it fetches any JavaScript. The
 * stylesheet stays in the document (decision 070). That the browser really does it in that
 * order is tests/e2e/first-paint.spec.ts.
 */

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function visit(path: string) {
  const response = await fetch(server.baseUrl + path);
  expect(response.status).toBe(200);
  return {
    csp: response.headers.get("content-security-policy") ?? "",
    html: await response.text(),
  };
}

const sha256 = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

/** The page's scripts as sent: its preload links, its module script, and the starter. */
function scriptsOf(html: string) {
  const preloads = [...html.matchAll(/<link\b[^>]*\bhref="(\/build\/[^"]+\.js)"[^>]*>/g)];
  const inert = /<script nonce="([^"]*)" type="text\/x-deferred-module">([\s\S]*?)<\/script>/.exec(
    html,
  );
  const starter = /<script nonce="([^"]*)">(\(\(\) => \{[\s\S]*?)<\/script><\/body>/.exec(html);
  return { preloads, inert, starter };
}

describe("a page's scripts wait for its first paint", () => {
  it.each(["/", "/catalog"])(
    "%s is sent with its scripts inert and a starter, its stylesheet inline",
    async (path) => {
      const { html, csp } = await visit(path);
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      const { preloads, inert, starter } = scriptsOf(html);
      expect(preloads.length).toBeGreaterThan(3);
      for (const [link] of preloads) expect(link).toMatch(/^<link data-deferred="modulepreload" /);
      expect(inert?.[2]).toMatch(/^import "[^"]+";|import \* as route0 from "\/build\//m);
      expect(starter?.[2]).toContain("requestAnimationFrame");
      expect(html).toMatch(/<style id="app-styles">[\s\S]{1000,}?<\/style>/);
      // A first-time visitor's page is the page cache's: its CSP lists each inline script's
      // hash, the inert module script's too, which is what the starter runs.
      expect(csp).toContain(sha256(starter![2]));
      expect(csp).toContain(sha256(inert![2]));
    },
  );

  it("gives the response's nonce to the starter of a page rendered for one visitor", async () => {
    const { html, csp } = await visit("/login");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const { inert, starter } = scriptsOf(html);
    expect(starter?.[1]).toBe(nonce);
    expect(inert?.[1]).toBe(nonce);
  });
});
