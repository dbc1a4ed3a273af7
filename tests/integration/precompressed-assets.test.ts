import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../setup/http-server";

/**
 * Issue 11: the build writes brotli and gzip beside each asset (scripts/compress-assets.mjs) and
 * the server sends the best one the browser takes (scripts/precompressed.mjs), over real HTTP
 * against the built server. Raw node:http, since fetch would decode the body for us.
 */
const buildDir = path.resolve(import.meta.dirname, "../../public/build");

function get(url: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request(url, { method, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject)
        .end();
    },
  );
}

let server: Awaited<ReturnType<typeof startServer>>;
let script: string;
let original: Buffer;

beforeAll(async () => {
  server = await startServer();
  // The page's own entry script: what every shopper downloads first.
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  const entry = html.match(/"(\/build\/entry\.client-[^"]+\.js)"/)?.[1];
  if (!entry) throw new Error("the home page names no entry script");
  script = entry;
  original = fs.readFileSync(path.join(buildDir, entry.slice("/build/".length)));
});
afterAll(async () => {
  await server?.stop();
});

describe("the build's assets, precompressed", () => {
  it("writes a .br and a .gz beside the runtime's scripts, smaller than the file", () => {
    const largest = fs
      .readdirSync(path.join(buildDir, "_shared"))
      .filter((name) => name.endsWith(".js"))
      .map((name) => path.join(buildDir, "_shared", name))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    const body = fs.readFileSync(largest);
    const br = fs.readFileSync(`${largest}.br`);
    const gz = fs.readFileSync(`${largest}.gz`);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(body.length);
  });

  it("sends brotli to a browser that takes it", async () => {
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(?:application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(brotliDecompressSync(response.body).equals(original)).toBe(true);
  });

  it("sends the build's gzip (not a second compression) to a browser without brotli", async () => {
    const file = path.join(buildDir, script.slice("/build/".length));
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.equals(fs.readFileSync(`${file}.gz`))).toBe(true);
    expect(gunzipSync(response.body).equals(original)).toBe(true);
  });

  it("sends the file itself to a client that takes no encoding", async () => {
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "identity" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.equals(original)).toBe(true);
  });

  it("honours a refused encoding (q=0)", async () => {
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "br;q=0, gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.body).equals(original)).toBe(true);
  });

  it("answers HEAD with the headers of the encoded file and no body", async () => {
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "br" }, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.body.length).toBe(0);
  });

  it("keeps the security headers on an asset", async () => {
    const response = await get(server.baseUrl + script, { "Accept-Encoding": "br" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the stylesheet file precompressed too, as text/css", async () => {
    // Pages inline it (decision 070); the file stays for anything that links it.
    const name = fs.readdirSync(path.join(buildDir, "_assets")).find((f) => f.endsWith(".css"));
    if (!name) throw new Error("the build has no stylesheet");
    const css = `/build/_assets/${name}`;
    const response = await get(server.baseUrl + css, { "Accept-Encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/css/);
    const file = fs.readFileSync(path.join(buildDir, css.slice("/build/".length)));
    expect(brotliDecompressSync(response.body).equals(file)).toBe(true);
  });

  it("answers 404 for an asset that does not exist, in any encoding", async () => {
    const response = await get(`${server.baseUrl}/build/_shared/chunk-NOPE.js`, {
      "Accept-Encoding": "br",
    });
    expect(response.status).toBe(404);
  });
});
