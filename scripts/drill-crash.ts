/**
 * `npm run drill:crash`: the store's crash drill (issue 12). Fills a temporary store (the demo
 * seed, a signed-in customer, three perfumes with plenty of stock), starts the production server
 * on it (scripts/bench-lib.ts: start.mjs, so every restart migrates as a real one does), lets
 * buyers check out by bank transfer with a payment proof the two ways the storefront does it
 * (with JS: the proof alone first, to /resources/checkout-proof, then the order naming it; without JS:
 * one multipart form), and kills the whole server with SIGKILL at a random moment, DRILL_ROUNDS
 * times (100), restarting it each time. Then it checks what a crash must never leave behind and
 * exits 1 when a check fails.
 *
 * DRILL_ROUNDS, DRILL_BUYERS (6), DRILL_MAX_MS (the latest kill after the server is up, 2500),
 * DRILL_PORT (else a free port).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { seed } from "../seed/seed";
import { hashPassword } from "../app/utils/password.server";
import { proofFilePathIn, proofsDirIn } from "../app/models/checkout/proof-files.server";
import { createUser } from "../seed/factories/users";
import { benchPort, CHECKOUT_FIELDS, proofImage, startServer, tempDataDir } from "./bench-lib";

const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 100);
const BUYERS = Number(process.env.DRILL_BUYERS ?? 6);
const MAX_KILL_MS = Number(process.env.DRILL_MAX_MS ?? 2500);
const CUSTOMER = { email: "cliente.drill@example.com", password: "drill-clave-1234" };

type Product = { id: number; slug: string; size: string };

async function fillStore(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    await migrateToLatest(db);
    await seed(db, { dataDir, adminEmail: "admin@perfumeria.hn", adminPassword: "drill-1234" });
    await createUser(db, {
      email: CUSTOMER.email,
      passwordHash: await hashPassword(CUSTOMER.password),
    });
    const products = await db
      .selectFrom("products")
      .select(["id", "slug", "size"])
      .where("isActive", "=", 1)
      .orderBy("id")
      .limit(3)
      .execute();
    await db
      .updateTable("products")
      .set({ stock: 1_000_000 })
      .where(
        "id",
        "in",
        products.map((product) => product.id),
      )
      .execute();
    return products;
  } finally {
    await db.destroy();
  }
}

/** Per product: stock plus the units of every order line. A crash must not change it. */
async function stockPlusSold(db: ReturnType<typeof createDb>, ids: number[]) {
  const rows = await db
    .selectFrom("products")
    .select((eb) => [
      "id",
      "stock",
      eb
        .selectFrom("orderItems")
        .select((items) => items.fn.coalesce(items.fn.sum<number>("quantity"), sql.lit(0)).as("n"))
        .whereRef("orderItems.productId", "=", "products.id")
        .as("sold"),
    ])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.stock + Number(row.sold ?? 0)]));
}

const tally = { acknowledged: [] as string[], refused: 0, failedByKill: 0, unexpected: 0 };
/** Each checkout from an address of its own: proofs are limited per address. */
let checkouts = 0;
const nextIp = () => {
  checkouts++;
  return `10.${(checkouts >> 16) & 255}.${(checkouts >> 8) & 255}.${checkouts & 255}`;
};

class Buyer {
  cookie: string | null = null;
  constructor(
    readonly signedIn: boolean,
    readonly proof: Buffer,
    readonly products: Product[],
  ) {}

  async send(base: string, pathname: string, body: BodyInit, headers: Record<string, string> = {}) {
    const response = await fetch(base + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, ...(this.cookie ? { Cookie: this.cookie } : {}), ...headers },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("perfumeria_session="));
    if (cookie) this.cookie = cookie.split(";")[0];
    return { response, text: await response.text() };
  }

  proofFile() {
    return new File([new Uint8Array(this.proof)], "pago.png", { type: "image/png" });
  }

  /** Adds a perfume and checks out; the order's id once the server acknowledged it. */
  async checkout(base: string) {
    if (this.signedIn && !this.cookie) {
      const login = await this.send(base, "/login", new URLSearchParams(CUSTOMER));
      if (login.response.status !== 302) throw new Error(`login: HTTP ${login.response.status}`);
    }
    const product = this.products[crypto.randomInt(this.products.length)];
    const quantity = 1 + crypto.randomInt(2);
    await this.send(
      base,
      `/product/${product.slug}`,
      new URLSearchParams({
        productId: String(product.id),
        size: product.size,
        quantity: `${quantity}`,
      }),
    );
    const ip = { "X-Forwarded-For": nextIp() };
    const form = new FormData();
    form.set("intent", "place-order");
    form.set("checkoutKey", crypto.randomUUID());
    for (const [name, value] of Object.entries(CHECKOUT_FIELDS)) form.set(name, value);
    // With JS Remix posts to the route's data URL and answers a redirect as 204 + header.
    const withJs = crypto.randomInt(2) === 0;
    const action = withJs
      ? `/checkout?_data=${encodeURIComponent("routes/_store.checkout")}`
      : "/checkout";
    if (withJs) {
      // The proof is uploaded as soon as it is chosen, the order names it.
      const upload = new FormData();
      upload.set("proofFile", this.proofFile());
      const uploaded = await this.send(base, "/resources/checkout-proof", upload, ip);
      if (uploaded.response.status !== 200) return null;
      form.set("paymentProof", (JSON.parse(uploaded.text) as { id: string }).id);
    } else {
      form.set("proofFile", this.proofFile());
    }
    const placed = await this.send(base, action, form, ip);
    const location =
      (withJs
        ? placed.response.headers.get("x-remix-redirect")
        : placed.response.status === 302 && placed.response.headers.get("location")) || "";
    if (!location.startsWith("/order-success?order=")) return null;
    return new URL(location, base).searchParams.get("order");
  }

  /** Checks out again and again until the server dies under it. */
  async run(base: string, killed: { value: boolean }) {
    while (!killed.value) {
      try {
        const orderId = await this.checkout(base);
        if (orderId) tally.acknowledged.push(orderId);
        else tally.refused++;
      } catch (error) {
        if (killed.value) tally.failedByKill++;
        else {
          tally.unexpected++;
          console.error("  error before the kill:", (error as Error).message);
        }
        return;
      }
    }
  }
}

type Check = { name: string; bad: number; detail?: string };

async function check(
  dataDir: string,
  baseline: Map<number, number>,
  productIds: number[],
  ordersBefore: number,
) {
  const sqlite = openSqlite(databasePath(dataDir));
  const db = createDb(sqlite, { slowQueryMs: 0 });
  try {
    const count = async (query: string) =>
      Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(db)).rows[0].n);
    const checks: Check[] = [];
    checks.push({
      name: "pedidos sin artículos",
      bad: await count(
        "select count(*) n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
      ),
    });
    checks.push({
      name: "artículos sin pedido",
      bad: await count(
        "select count(*) n from order_items i where not exists (select 1 from orders o where o.id = i.order_id)",
      ),
    });
    const proofs = await db.selectFrom("paymentProofs").select(["id", "file", "size"]).execute();
    const missingFiles = proofs.filter((proof) => {
      const file = proofFilePathIn(dataDir, proof.file);
      // A file cut short by the kill would differ from the size its row recorded.
      return !file || !fs.existsSync(file) || fs.statSync(file).size !== proof.size;
    });
    const known = new Set(proofs.map((proof) => proof.id));
    const orders = await db.selectFrom("orders").select(["id", "paymentProof"]).execute();
    const ordersWithoutProofRow = orders.filter(
      (order) => order.paymentProof && !known.has(order.paymentProof.split("/").pop()!),
    );
    checks.push({
      name: "comprobantes referidos sin archivo",
      bad: missingFiles.length + ordersWithoutProofRow.length,
      detail: `${missingFiles.length} filas sin archivo, ${ordersWithoutProofRow.length} pedidos sin fila`,
    });
    const after = await stockPlusSold(db, productIds);
    const changed = productIds.filter((id) => after.get(id) !== baseline.get(id));
    checks.push({
      name: "existencias + vendidas sin cambio",
      bad: changed.length,
      detail: changed.map((id) => `#${id}: ${baseline.get(id)} → ${after.get(id)}`).join(", "),
    });
    const integrity = sqlite.pragma("integrity_check", { simple: false }) as {
      integrity_check: string;
    }[];
    checks.push({
      name: "PRAGMA integrity_check",
      bad: integrity.length === 1 && integrity[0].integrity_check === "ok" ? 0 : integrity.length,
      detail: integrity.map((row) => row.integrity_check).join("; "),
    });
    const existing = new Set(orders.map((order) => order.id));
    const lost = tally.acknowledged.filter((id) => !existing.has(id));
    checks.push({ name: "pedidos confirmados perdidos", bad: lost.length });
    // Information, not a failure: files no row names (a kill between writing and recording).
    const recorded = new Set(proofs.map((proof) => proof.file));
    const dir = proofsDirIn(dataDir);
    const strayFiles = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((name) => !recorded.has(name)).length
      : 0;
    return { checks, placed: orders.length - ordersBefore, proofs: proofs.length, strayFiles };
  } finally {
    await db.destroy();
  }
}

async function main() {
  const started = performance.now();
  const dataDir = tempDataDir();
  console.log(`Tienda temporal: ${dataDir}`);
  const products = await fillStore(dataDir);
  const productIds = products.map((product) => product.id);
  const baselineDb = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  const baseline = await stockPlusSold(baselineDb, productIds);
  const ordersBefore = Number(
    (
      await baselineDb
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await baselineDb.destroy();
  const proof = await proofImage(180);
  const buyers = Array.from({ length: BUYERS }, (_, i) => new Buyer(i === 0, proof, products));
  const port = Number(process.env.DRILL_PORT) || (await benchPort());

  let current: Awaited<ReturnType<typeof startServer>> | null = null;
  process.once("SIGINT", () => {
    void current?.kill().then(() => process.exit(130));
  });
  let kills = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    current = await startServer(dataDir, port, { killable: true });
    const killed = { value: false };
    const running = Promise.all(buyers.map((buyer) => buyer.run(current!.base, killed)));
    await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(MAX_KILL_MS)));
    killed.value = true;
    await current.kill();
    kills++;
    await running;
    if (round % 10 === 0 || round === ROUNDS) {
      console.log(
        `  ronda ${round}/${ROUNDS}: ${tally.acknowledged.length} pedidos confirmados, ${tally.failedByKill} solicitudes cortadas`,
      );
    }
  }
  current = null;

  const result = await check(dataDir, baseline, productIds, ordersBefore);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    [
      `Rondas: ${ROUNDS}, SIGKILL: ${kills}, compradores concurrentes: ${BUYERS}`,
      `Pedidos confirmados: ${tally.acknowledged.length}; pedidos nuevos en la base: ${result.placed}`,
      `Solicitudes cortadas por el SIGKILL: ${tally.failedByKill}; rechazadas: ${tally.refused}; errores sin SIGKILL: ${tally.unexpected}`,
      `Comprobantes: ${result.proofs} filas; archivos sin fila (informativo): ${result.strayFiles}`,
      ...result.checks.map(
        (c) =>
          `${c.bad === 0 ? "OK   " : "FALLA"} ${c.name}: ${c.bad}${c.detail && c.bad ? ` (${c.detail})` : ""}`,
      ),
      `Duración: ${seconds.toFixed(0)} s`,
    ].join("\n"),
  );
  const failed = result.checks.some((c) => c.bad > 0) || tally.unexpected > 0;
  if (failed) process.exitCode = 1;
  else fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
