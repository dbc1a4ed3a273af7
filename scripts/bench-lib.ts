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
import autocannon from "autocannon";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { DEMO_CUSTOMER } from "../seed/data/people";
import type { Database } from "../db/types";
import { queueEmail, shopIdentity } from "~/models/mail/outbox.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";

export const root = path.resolve(import.meta.dirname, "..");

export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-bench-"));
}

/**
 * BENCH_PORT, or a port nobody listens on (a busy port would bench someone else's server).
 * `offset`: the second server of a bench that runs two gets BENCH_PORT + 1.
 */
export async function benchPort(offset = 0) {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT) + offset;
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
 * start.mjs. `env`: more variables for the server (SMTP_URL, WEB_CONCURRENCY, …). `onStderr`
 * sees what the server writes to stderr (still shown), so a bench can count its `[db]` lines.
 */
export async function startServer(
  dataDir: string,
  port: number,
  {
    killable = false,
    env = {},
    onStderr,
  }: { killable?: boolean; env?: Record<string, string>; onStderr?: (text: string) => void } = {},
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
    stdio: ["ignore", "ignore", onStderr ? "pipe" : "inherit"],
    detached: killable,
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    onStderr?.(chunk.toString());
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
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), count };
}

/** The `q` quantile (0.5, 0.95) of times sorted in ascending order. */
export function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
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

/** A perfume as the benches buy it: what the product page's add-to-cart form posts. */
export type BenchProduct = { id: number; slug: string; size: string };

/** Signs the demo customer in through the login form, then puts a perfume in their cart. */
export async function signedInCustomer(base: string, product: BenchProduct) {
  const form = (body: Record<string, string>, cookie?: string) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: {
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(body),
  });
  const login = await fetch(
    `${base}/login`,
    form({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
  );
  let cookie = sessionCookie(login);
  if (login.status !== 302 || !cookie) {
    throw new Error(`customer sign-in failed: HTTP ${login.status} ${await login.text()}`);
  }
  const add = await fetch(
    `${base}/product/${product.slug}`,
    form({ productId: String(product.id), size: product.size, quantity: "1" }, cookie),
  );
  await add.arrayBuffer();
  cookie = sessionCookie(add) ?? cookie;
  const cart = await (await fetch(`${base}/cart`, { headers: { Cookie: cookie } })).text();
  if (add.status >= 400 || !cart.includes(product.slug)) {
    throw new Error(`adding to the customer's cart failed: HTTP ${add.status}`);
  }
  return { Cookie: cookie };
}

/** What autocannon reports of one page under load: req/s, latency in ms, failures. */
export type LoadFigures = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * A few requests outside the measurement (module loading, the database's cache, any page
 * cache); throws unless each one is a 200.
 */
export async function warmUp(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 5; i++) {
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  }
}

/** autocannon against `url` with `connections` for `duration` seconds. */
export async function underLoad(
  url: string,
  headers: Record<string, string>,
  { connections, duration }: { connections: number; duration: number },
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * One buyer's loop: add `product` to the cart, then post the checkout form without JS
 * (multipart, with `proof` as the transfer receipt), `orders` times in its own guest session.
 * `clientIp` is the buyer's address (X-Forwarded-For, trusted from loopback): proofs are
 * limited per address. Returns each checkout post's time in ms and the status of each one
 * that was not a 302 (a placed order redirects to its page).
 */
export async function buyer(
  clientIp: string,
  base: string,
  product: BenchProduct,
  proof: Buffer,
  orders: number,
) {
  let cookie: string | undefined;
  const times: number[] = [];
  const failures: number[] = [];
  for (let i = 0; i < orders; i++) {
    const add: Response = await fetch(`${base}/product/${product.slug}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({
        productId: String(product.id),
        size: product.size,
        quantity: "1",
      }),
    });
    cookie = sessionCookie(add) ?? cookie;
    const body = new FormData();
    body.set("intent", "place-order");
    body.set("checkoutKey", crypto.randomUUID());
    for (const [name, value] of Object.entries(CHECKOUT_FIELDS)) body.set(name, value);
    // An e-mail and a phone per order: decision 132 allows 10 orders an hour to each, and 20 to
    // a client address (each buyer here places at most 20 from its own).
    const who = `${clientIp.split(".").at(-1)!.padStart(3, "0")}-${String(i).padStart(4, "0")}`;
    body.set("email", `comprador-${who}@example.com`);
    body.set("phone", `+504 9${who}`);
    body.set("proofFile", new File([new Uint8Array(proof)], "pago.png", { type: "image/png" }));
    const started = performance.now();
    const response: Response = await fetch(`${base}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: base,
        "X-Forwarded-For": clientIp,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body,
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    cookie = sessionCookie(response) ?? cookie;
    if (response.status !== 302) failures.push(response.status);
  }
  return { times, failures };
}

/**
 * `buyers` buyers at once, buyer i on `bases[i % bases.length]` (one server or several) at
 * address `clientIp(i)`, buying `products[i % products.length]`, each placing
 * `ordersPerBuyer` orders: orders per second over the whole run, the checkout post's p50
 * and p95 in ms, and how many failed with each HTTP status.
 */
export async function placeOrders(options: {
  bases: string[];
  products: BenchProduct[];
  proof: Buffer;
  buyers: number;
  ordersPerBuyer: number;
  clientIp: (index: number) => string;
}) {
  const { bases, products, proof, ordersPerBuyer } = options;
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: options.buyers }, (_, index) =>
      buyer(
        options.clientIp(index),
        bases[index % bases.length],
        products[index % products.length],
        proof,
        ordersPerBuyer,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
  const statuses = results.flatMap((r) => r.failures);
  const failures = statuses.length;
  const failedWith: Record<number, number> = {};
  for (const status of statuses) failedWith[status] = (failedWith[status] ?? 0) + 1;
  const orders = times.length - failures;
  return {
    orders,
    failures,
    failedWith,
    seconds,
    perSecond: orders / seconds,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
  };
}

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
