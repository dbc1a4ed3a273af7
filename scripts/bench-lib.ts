/**
 * Shared by the `bench:*` scripts: start the built server (scripts/start.mjs, which builds
 * when stale, migrates and seeds an empty store) on a temporary DATA_DIR, and measure what a
 * phone downloads and how long the server takes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database } from "../db/types";
import { queueEmail, shopIdentity } from "~/models/mail/outbox.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";

export const root = path.resolve(import.meta.dirname, "..");

export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-bench-"));
}

/** BENCH_PORT, or a port nobody listens on (a busy port would bench someone else's server). */
export async function benchPort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export type BenchServer = {
  base: string;
  stop: () => void;
  /** SIGKILL to the whole server (start.mjs, the primary and every worker); resolves once it is gone. */
  kill: () => Promise<void>;
  /** Resolves once start.mjs has exited (after `stop`, when the workers have finished). */
  exited: Promise<void>;
};

/**
 * `killable`: the server gets its own process group, so that kill() reaches every worker (a
 * terminal's Ctrl-C then no longer does: the caller stops it). Without it kill() reaches only
 * start.mjs. `env`: more variables for the server (SMTP_URL, WEB_CONCURRENCY, …).
 */
export async function startServer(
  dataDir: string,
  port: number,
  { killable = false, env = {} }: { killable?: boolean; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-admin-1234",
      NODE_ENV: "production",
      // A bench run is not about logging: keep the slow-query log for real outliers only.
      LOG_SLOW_QUERIES_MS: process.env.LOG_SLOW_QUERIES_MS ?? "100",
      // A daily backup would land in the middle of the figures (bench:load -- --backup runs its own).
      BACKUP_HOUR: "off",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: killable,
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = () => {
    child.kill("SIGTERM");
  };
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (killable) process.kill(-child.pid!, "SIGKILL");
    else child.kill("SIGKILL");
    await exited;
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/resources/healthcheck`)).ok) return { base, stop, kill, exited };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error("server did not start");
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The body's bytes exactly as the server sends them for this Accept-Encoding (fetch would
 * decode them), and the Content-Encoding it chose.
 */
function sentBytes(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`${url}: HTTP ${response.statusCode}`));
        }
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({ bytes, encoding: response.headers["content-encoding"] ?? "identity" }),
        );
      })
      .on("error", reject);
  });
}

/**
 * The HTML's size, raw and gzip, and the bytes the server sends for every /build script and
 * stylesheet of the page: for a browser that takes brotli (every current one; the budget's
 * measure since issue 23) and for one that takes only gzip (the inline stylesheet, decision 070,
 * counts in the CSS and in the HTML). `headers` carries a session cookie for the pages behind a sign-in.
 */
export async function measurePage(base: string, pathname: string, headers: HeadersInit = {}) {
  const html = await (await fetch(base + pathname, { headers })).text();
  const assets = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1],
    ),
  );
  let js = 0;
  let jsBrotli = 0;
  let jsFiles = 0;
  let css = 0;
  let cssBrotli = 0;
  for (const asset of assets) {
    const gzip = await sentBytes(base + asset, "gzip");
    const brotli = await sentBytes(base + asset, "br, gzip");
    if (asset.endsWith(".css")) {
      css += gzip.bytes;
      cssBrotli += brotli.bytes;
    } else {
      js += gzip.bytes;
      jsBrotli += brotli.bytes;
      jsFiles++;
    }
  }
  // The document's own stylesheet is inline (decision 070): counted here and in the HTML's size.
  for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    css += gzipSync(text).length;
    cssBrotli += brotliCompressSync(text).length;
  }
  return {
    htmlRaw: Buffer.byteLength(html),
    htmlGzip: gzipSync(html).length,
    js,
    jsBrotli,
    jsFiles,
    css,
    cssBrotli,
  };
}

/** Sequential requests (one shopper at a time): median and p95 in milliseconds. */
export async function timeRequests(url: string, count = 200, headers: HeadersInit = {}) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.text();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { median: at(0.5), p95: at(0.95), count };
}

/** The session cookie a response sets (`name=value`), if it sets one. */
export function sessionCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .find((value) => value.startsWith("perfumeria_session="))
    ?.split(";")[0];
}

/** A checkout's delivery fields, as a shopper in Tegucigalpa fills them. */
export const CHECKOUT_FIELDS = {
  email: "comprador@example.com",
  firstName: "Ana",
  lastName: "López",
  phone: "+504 9988-7766",
  shippingMethod: "standard",
  address: "Colonia Palmira, calle 5, casa 12",
  referenceAddress: "Frente al parque",
  city: "Tegucigalpa",
  department: "Francisco Morazán",
};

/**
 * A PNG of noise as a transfer receipt's photo (noise does not compress): `side` 180 is about
 * 100 KB, 260 about 200 KB.
 */
export async function proofImage(side: number) {
  const raw = crypto.randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * `count` order confirmations into the outbox (one transaction), each of a real one's size:
 * rendered by the one layout with its lines, totals and bank account.
 */
export async function queueSampleEmails(db: Kysely<Database>, count: number) {
  const context = {
    settings: DEFAULT_SETTINGS,
    shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
  };
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const number = `ORD-20261126-${String(i + 1).padStart(4, "0")}`;
      await queueEmail(trx, context, {
        to: `cliente${i}@example.com`,
        kind: "order_received",
        content: {
          subject: `Recibimos tu pedido ${number}`,
          preheader: "Transfiere el total y sube tu comprobante.",
          blocks: [
            { kind: "heading", text: "¡Gracias por tu compra, Ana!" },
            { kind: "paragraph", text: "Recibimos tu pedido. Lo enviamos al confirmar el pago." },
            {
              kind: "facts",
              rows: [
                ["Pedido", number],
                ["Banco", "BAC Credomatic"],
                ["Cuenta", "730-123456-7"],
                ["A nombre de", "Perfumería de Lujo S. de R.L."],
                ["Transfiere antes de", "28 de noviembre, 6:00 p. m."],
              ],
            },
            {
              kind: "lines",
              items: [
                { name: "Chanel N.º 5", detail: "100 ml × 1", amount: "L 4,500.00" },
                { name: "Dior Sauvage", detail: "60 ml × 2", amount: "L 6,200.00" },
                { name: "Carolina Herrera Good Girl", detail: "80 ml × 1", amount: "L 3,900.00" },
              ],
              totals: [
                ["Subtotal", "L 14,600.00"],
                ["Envío", "L 150.00"],
                ["Total", "L 14,750.00"],
              ],
            },
            { kind: "button", label: "Seguir mi pedido", url: `https://perfumeria.hn/orders/${i}` },
            { kind: "note", text: "Recibes este correo porque hiciste un pedido en la tienda." },
          ],
        },
      });
    }
  });
}
