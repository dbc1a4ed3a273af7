/**
 * `npm run bench:checkout`: orders per second through HTTP. Fills a temporary demo store, starts
 * the built server on it, and lets 10 buyers (each its own guest session) loop: add a perfume to
 * the cart, then post the checkout form without JS (multipart, with a 200 KB PNG proof that the
 * server streams, checks, re-encodes and stores). Reports orders per second over the run and the
 * checkout post's p50/p95.
 *
 * `-- --smtp`: the outbox on. A local SMTP server (scripts/smtp-server.ts) is started and the
 * server gets SMTP_URL and MAIL_FROM, so its mail job sends while the orders are placed (without
 * it, e-mails wait in the outbox). BENCH_MAIL_BACKLOG e-mails (0) are queued before the start,
 * so the sender is busy for the whole run, as when SMTP comes back after an outage.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { seed } from "../db/seed";
import {
  CHECKOUT_FIELDS,
  proofImage,
  queueSampleEmails,
  sessionCookie,
  startServer,
  tempDataDir,
} from "./bench-lib";
import { startSmtpServer } from "./smtp-server";

const BUYERS = Number(process.env.BENCH_BUYERS ?? 10);
const ORDERS_PER_BUYER = Number(process.env.BENCH_ORDERS_PER_BUYER ?? 20);
const port = Number(process.env.BENCH_PORT ?? 4392);
const withSmtp = process.argv.includes("--smtp");
const BACKLOG = Number(process.env.BENCH_MAIL_BACKLOG ?? 0);

async function fillStore(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    await migrateToLatest(db);
    await seed(db, { dataDir, adminEmail: "admin@perfumeria.hn", adminPassword: "bench-1234" });
    const product = await db
      .selectFrom("products")
      .select(["id", "slug", "size"])
      .where("isActive", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("products")
      .set({ stock: 1_000_000 })
      .where("id", "=", product.id)
      .execute();
    await queueSampleEmails(db, BACKLOG);
    return product;
  } finally {
    await db.destroy();
  }
}

async function buyer(
  /** The buyer's own address (X-Forwarded-For, trusted from loopback): proofs are limited per IP. */
  clientIp: string,
  base: string,
  product: { id: number; slug: string; size: string },
  proof: Buffer,
) {
  let cookie: string | undefined;
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < ORDERS_PER_BUYER; i++) {
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
    if (response.status !== 302) failures++;
  }
  return { times, failures };
}

async function main() {
  const dataDir = tempDataDir();
  console.log(`Tienda temporal: ${dataDir}`);
  const product = await fillStore(dataDir);
  const proof = await proofImage(260);
  const smtp = withSmtp ? await startSmtpServer() : null;
  const server = await startServer(dataDir, port, {
    env: smtp ? { SMTP_URL: smtp.url, MAIL_FROM: "Perfumería de Lujo <tienda@perfumeria.hn>" } : {},
  });
  try {
    // One warm-up order so the first requests do not measure start-up.
    await buyer("198.51.100.250", server.base, product, proof);
    const mailedBefore = smtp?.received.length ?? 0;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, index) =>
        buyer(`198.51.100.${index + 1}`, server.base, product, proof),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const times = results.flatMap((r) => r.times).sort((a, b) => a - b);
    const failures = results.reduce((sum, r) => sum + r.failures, 0);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const orders = times.length - failures;
    const mailed = (smtp?.received.length ?? 0) - mailedBefore;
    console.log(
      [
        `Compradores concurrentes: ${BUYERS}, pedidos por comprador: ${ORDERS_PER_BUYER}`,
        `Comprobante: ${(proof.length / 1024).toFixed(0)} KB PNG`,
        `Pedidos creados: ${orders} (fallidos: ${failures}) en ${seconds.toFixed(1)} s`,
        `Pedidos por segundo (agregar al carrito + checkout): ${(orders / seconds).toFixed(1)}`,
        `POST /checkout: p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`,
        smtp
          ? `Correos (SMTP activo): ${mailed} enviados durante la prueba (${BACKLOG} esperaban al empezar)`
          : "Correos: sin SMTP_URL, esperan en la bandeja de salida",
      ].join("\n"),
    );
    if (failures > 0) process.exitCode = 1;
  } finally {
    server.stop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
