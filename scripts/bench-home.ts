/**
 * `npm run bench:home`: what a phone downloads for the home page. Starts the built server
 * on a temporary store and reports the HTML (raw and gzip) and every script and stylesheet
 * the page loads (gzip), plus the server time per request (median and p95).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-bench-"));

const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "bench-admin-1234",
    NODE_ENV: "production",
  },
  stdio: ["ignore", "pipe", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/resources/healthcheck`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  await waitForServer();
  const html = await (await fetch(`${base}/`)).text();
  const assets = [
    ...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g),
  ].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const asset of new Set(assets)) {
    const body = Buffer.from(await (await fetch(base + asset)).arrayBuffer());
    const size = gzipSync(body).length;
    if (asset.endsWith(".css")) css += size;
    else js += size;
  }
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await (await fetch(`${base}/`)).text();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`home HTML: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipSync(html).length)} gzip`);
  console.log(`client JS (gzip, ${new Set(assets).size - (css ? 1 : 0)} files): ${kb(js)}`);
  console.log(`CSS (gzip): ${kb(css)}`);
  console.log(
    `time per request over 200: median ${times[100].toFixed(1)} ms, p95 ${times[190].toFixed(1)} ms`,
  );
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
