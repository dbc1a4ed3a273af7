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
import fs from "node:fs";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { seed } from "../seed/seed";
import {
  buyer,
  placeOrders,
  proofImage,
  queueSampleEmails,
  startServer,
  tempDataDir,
} from "./bench-lib";
import { perfumeToBuy } from "./bench-store";
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
    const product = await perfumeToBuy(db);
    await queueSampleEmails(db, BACKLOG);
    return product;
  } finally {
    await db.destroy();
  }
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
    // One warm-up buyer so the first requests do not measure start-up.
    await buyer("198.51.100.250", server.base, product, proof, ORDERS_PER_BUYER);
    const mailedBefore = smtp?.received.length ?? 0;
    const { orders, failures, seconds, perSecond, p50, p95 } = await placeOrders({
      bases: [server.base],
      products: [product],
      proof,
      buyers: BUYERS,
      ordersPerBuyer: ORDERS_PER_BUYER,
      clientIp: (index) => `198.51.100.${index + 1}`,
    });
    const mailed = (smtp?.received.length ?? 0) - mailedBefore;
    console.log(
      [
        `Compradores concurrentes: ${BUYERS}, pedidos por comprador: ${ORDERS_PER_BUYER}`,
        `Comprobante: ${(proof.length / 1024).toFixed(0)} KB PNG`,
        `Pedidos creados: ${orders} (fallidos: ${failures}) en ${seconds.toFixed(1)} s`,
        `Pedidos por segundo (agregar al carrito + checkout): ${perSecond.toFixed(1)}`,
        `POST /checkout: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
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
