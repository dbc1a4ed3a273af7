/**
 * `npm run bench:home`: what a phone downloads for the home page. Starts the built server
 * on a temporary store and reports the HTML (raw and gzip) and every script and stylesheet
 * the page loads (gzip), plus the server time per request (median and p95).
 */
import fs from "node:fs";
import { kb, measurePage, startServer, tempDataDir, timeRequests } from "./bench-lib";

const port = Number(process.env.BENCH_PORT ?? 4390);
const dataDir = tempDataDir();
const server = await startServer(dataDir, port);

try {
  const page = await measurePage(server.base, "/");
  const time = await timeRequests(`${server.base}/`, 200);
  console.log(`home HTML: ${kb(page.htmlRaw)} raw, ${kb(page.htmlGzip)} gzip`);
  console.log(`client JS (gzip, ${page.jsFiles} files): ${kb(page.js)}`);
  console.log(`CSS (gzip): ${kb(page.css)}`);
  console.log(
    `time per request over ${time.count}: median ${time.median.toFixed(1)} ms, p95 ${time.p95.toFixed(1)} ms`,
  );
} finally {
  server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
