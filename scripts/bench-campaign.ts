/**
 * `npm run bench:campaign`: a sales campaign on the busy store (issue 23). Fills a temporary store
 * (10,000 products, 5,000 orders), adds the campaign's customers and a few perfumes in short
 * supply, starts the built server with two workers and lets 200 virtual shoppers use it for 60 s
 * through its real pages and forms, each on its own keep-alive connection and address
 * (X-Forwarded-For, trusted from loopback), thinking 3–12 s between two requests as a person reads a
 * page on a phone (BENCH_THINK, decision 157; decision 110's 0.5–2 s was ten times faster):
 *
 * - 70 % first-time visitors: home, catalogue, a brand with a sort, a search, a product, another
 *   catalogue page; no cookies at first, then whatever the site sets. Each journey is a new phone.
 * - 20 % signed-in customers: sign in once through /login, then per journey a catalogue, a
 *   product, 'Agregar al carrito', /cart and a brand; every third journey empties the cart.
 * - 8 % buyers (guests, a new phone per journey): a product (half of the time one of the scarce
 *   ones), 'Agregar al carrito', /cart, /checkout, the checkout form posted as multipart with a
 *   receipt photo, /order-success. A refusal for lack of stock in its Spanish words is counted
 *   apart, not as an error.
 * - 2 % admins: sign in once, then per journey the proof queue, one order of it, and 'Aprobar
 *   Pago' (four in five) or 'Denegar' with a reason, through the queue's own form.
 *
 * Prints, per kind of shopper, journeys, requests, errors (an unexpected status, a network error,
 * a page that is not the one asked for) and the latency of pages (GET), of the other form posts
 * and of the checkout post; the overall targets (page p95 ≤ 300 ms and p99 ≤ 800 ms, checkout
 * p95 ≤ 1.5 s, 0 errors, 0 oversold units); the oversold units read from the database after the
 * run; and the server's peak memory (the summed PSS of start.mjs, the primary and its workers,
 * every 500 ms) against 1 GB. Environment: BENCH_SHOPPERS (200), BENCH_DURATION (60 s), BENCH_THINK
 * (3-12, seconds between two requests),
 * BENCH_RAMP (10 s over which the shoppers arrive), BENCH_PRODUCTS (10,000), BENCH_ORDERS (5,000),
 * BENCH_PORT; CPU_PROF_DIR=<dir> has each server process write a V8 CPU profile there (read
 * them in Chrome's DevTools). Exits non-zero only when the run itself breaks (the server does not start or dies),
 * never on a missed target: the figures are for the closing note, and this machine is shared.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import type { DB } from "../db/connection";
import { createUser } from "../seed/factories/users";
import { hashPassword } from "../app/utils/password.server";
import { benchPort, CHECKOUT_FIELDS, proofImage, startServer, tempDataDir } from "./bench-lib";
import {
  percentile,
  SHOPPER_KINDS,
  shopperMix,
  thinkMs,
  thinkRange,
  type ShopperKind,
} from "./bench-campaign-plan";
import { BENCH_ADMIN, BENCH_STORE_SIZE, openBenchStore } from "./bench-store";

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 200);
const THINK = thinkRange(process.env.BENCH_THINK);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const RAMP_S = Number(process.env.BENCH_RAMP ?? Math.min(10, DURATION_S / 4));
const CUSTOMERS = 40;
const CUSTOMER_PASSWORD = "campana-1234";
/** The campaign's hot perfumes: 5 × 6 = 30 units that the buyers sell out during the run. */
const SCARCE = { products: 5, stock: 6 };
const TARGETS = { pageP95: 300, pageP99: 800, checkoutP95: 1500, memoryMb: 1024 };
const REQUEST_TIMEOUT_MS = 30_000;
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 13; SM-A145M) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Chrome/131.0.0.0 Mobile Safari/537.36";

const KIND_LABELS: Record<ShopperKind, string> = {
  visitor: "first-time visitor",
  customer: "signed in, cart",
  buyer: "checkout + receipt",
  admin: "admin, proof queue",
};

type Product = { id: number; slug: string; name: string; size: string };
type Brand = { id: number; name: string };
type Campaign = {
  visible: Product[];
  cartable: Product[];
  scarce: Product[];
  plentiful: Product[];
  brands: Brand[];
  searches: string[];
  customers: string[];
  startingStock: Map<number, number>;
};

// ---------------------------------------------------------------------------------------------
// The store

/** What the shoppers open and buy, and the campaign's customers and scarce perfumes. */
async function prepareCampaign(db: DB): Promise<Campaign> {
  const active = await db
    .selectFrom("products")
    .select(["id", "slug", "name", "size", "stock"])
    .where("isActive", "=", 1)
    .orderBy("id")
    .execute();
  // Spread picks over the whole catalogue, seeded perfumes and generated variants alike.
  const every = (rows: typeof active, step: number) => rows.filter((_, i) => i % step === 0);
  const inStock = active.filter((p) => p.stock >= 10);
  const scarce = every(inStock, 97).slice(0, SCARCE.products);
  const plentiful = every(inStock, 89)
    .filter((p) => !scarce.includes(p))
    .slice(0, 20);
  await db.transaction().execute(async (trx) => {
    for (const p of scarce) {
      await trx
        .updateTable("products")
        .set({ stock: SCARCE.stock })
        .where("id", "=", p.id)
        .execute();
    }
    // The buyers' other perfumes never run out: their orders measure the checkout, not the stock.
    for (const p of plentiful) {
      await trx.updateTable("products").set({ stock: 100_000 }).where("id", "=", p.id).execute();
    }
  });
  // One password hash shared by every campaign customer: their sign-ins hash, their set-up need not.
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const user = await createUser(db, {
      email: `campana-${i}@example.com`,
      passwordHash,
      firstName: `Clienta${i}`,
      lastName: "Campaña",
    });
    customers.push(user.email);
  }
  const brands = await db
    .selectFrom("brands")
    .select(["id", "name"])
    .where("isActive", "=", 1)
    .execute();
  const stock = await db.selectFrom("products").select(["id", "stock"]).execute();
  const toProduct = ({ id, slug, name, size }: (typeof active)[number]) => ({
    id,
    slug,
    name,
    size,
  });
  return {
    visible: every(active, 7).map(toProduct),
    cartable: every(inStock, 13)
      .filter((p) => !scarce.includes(p))
      .map(toProduct),
    scarce: scarce.map(toProduct),
    plentiful: plentiful.map(toProduct),
    brands,
    searches: ["chanel", "dior sauvage", "oud", "intense", "carolina herrera", "good girl", "noir"],
    customers,
    startingStock: new Map(stock.map((row) => [row.id, row.stock])),
  };
}

/**
 * After the run: no stock below zero, and per product no more units in the orders placed
 * during the run that still hold their stock (not cancelled nor denied, which give it back)
 * than the product had at the start.
 */
async function checkStock(db: DB, campaign: Campaign, since: string) {
  const negative = await db
    .selectFrom("products")
    .select(["id", "stock"])
    .where("stock", "<", 0)
    .execute();
  const sold = await db
    .selectFrom("orderItems as i")
    .innerJoin("orders as o", "o.id", "i.orderId")
    .select(["i.productId", sql<number>`sum(i.quantity)`.as("units")])
    .where("o.createdAt", ">=", since)
    .where("o.status", "not in", ["cancelled", "denied"])
    .groupBy("i.productId")
    .execute();
  let oversold = negative.reduce((sum, row) => sum - row.stock, 0);
  for (const row of sold) {
    const start = campaign.startingStock.get(row.productId ?? -1) ?? 0;
    oversold += Math.max(0, Number(row.units) - start);
  }
  const orders = await db
    .selectFrom("orders")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("createdAt", ">=", since)
    .groupBy("status")
    .execute();
  const scarceLeft = await db
    .selectFrom("products")
    .select(["stock"])
    .where(
      "id",
      "in",
      campaign.scarce.map((p) => p.id),
    )
    .execute();
  return {
    oversold,
    negative: negative.length,
    orders: Object.fromEntries(orders.map((row) => [row.status, Number(row.n)])),
    scarceLeft: scarceLeft.reduce((sum, row) => sum + row.stock, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// A phone

/** `cached`: answered from the shared page cache (its X-Page-Cache header, decision 067). */
type Reply = { status: number; location: string | undefined; body: string; cached: boolean };

/** A reused keep-alive connection the server had closed while the shopper read. */
class ClosedWhileIdle extends Error {}

/** One phone: its own keep-alive connection, address and cookies. */
class Phone {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly ip: string,
  ) {}

  get cookieCount() {
    return this.cookies.size;
  }

  forget() {
    this.cookies.clear();
  }

  close() {
    this.agent.destroy();
  }

  /**
   * The server closes a keep-alive connection that has been idle past its timeout; a request
   * sent on it as it closes fails at once. A browser sends such a request again on a new
   * connection, and so does this phone, once: counted apart, never as an error.
   */
  async send(method: "GET" | "POST", path: string, body?: { type: string; data: Buffer }) {
    try {
      return await this.sendOnce(method, path, body);
    } catch (error) {
      if (!(error instanceof ClosedWhileIdle)) throw error;
      outcomes.keepAliveRetries++;
      return this.sendOnce(method, path, body);
    }
  }

  private sendOnce(method: "GET" | "POST", path: string, body?: { type: string; data: Buffer }) {
    const headers: Record<string, string> = {
      "User-Agent": PHONE_UA,
      Accept: "text/html,application/xhtml+xml",
      "Accept-Encoding": "br, gzip",
      "Accept-Language": "es-HN,es;q=0.9",
      "X-Forwarded-For": this.ip,
    };
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (body) {
      headers.Origin = this.base;
      headers["Content-Type"] = body.type;
      headers["Content-Length"] = String(body.data.length);
    }
    return new Promise<Reply>((resolve, reject) => {
      const request = http.request(
        this.base + path,
        { method, headers, agent: this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            this.remember(response.headers["set-cookie"] ?? []);
            let raw = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            if (encoding === "br") raw = brotliDecompressSync(raw);
            else if (encoding === "gzip") raw = gunzipSync(raw);
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              body: raw.toString("utf8"),
              cached: response.headers["x-page-cache"] === "hit",
            });
          });
        },
      );
      request.setTimeout(REQUEST_TIMEOUT_MS, () =>
        request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
      );
      request.on("error", (error: NodeJS.ErrnoException) =>
        reject(
          request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")
            ? new ClosedWhileIdle(error.message)
            : error,
        ),
      );
      request.end(body?.data);
    });
  }

  private remember(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, v = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What is counted

type Tally = {
  shoppers: number;
  journeys: number;
  requests: number;
  errors: number;
  pages: number[];
  /** Pages the shared page cache answered. */
  cachedPages: number;
  forms: number[];
  checkouts: number[];
};

const newTally = (): Tally => ({
  shoppers: 0,
  journeys: 0,
  requests: 0,
  errors: 0,
  pages: [],
  cachedPages: 0,
  forms: [],
  checkouts: [],
});
const tallies: Record<ShopperKind, Tally> = {
  visitor: newTally(),
  customer: newTally(),
  buyer: newTally(),
  admin: newTally(),
};

const outcomes = {
  ordersPlaced: 0,
  refusedForStock: 0,
  soldOutAtCart: 0,
  approved: 0,
  denied: 0,
  reviewConflicts: 0,
  emptyQueue: 0,
  /** Requests sent again on a new connection (Phone.send): a browser's retry, not an error. */
  keepAliveRetries: 0,
};

const errorSamples = new Map<string, number>();

/** A journey stops at its first error (the shopper leaves); the next one starts after a pause. */
class JourneyError extends Error {}

/** Time is up: the shopper does not start another request. */
class TimeUp extends Error {}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let deadline = 0;
/** Pages asked for once every shopper has arrived (past the ramp), printed apart as information. */
let steadyFrom = 0;
const steadyPages: number[] = [];

/** What a shopper of one kind does, on one phone, measured into that kind's tally. */
class Shopper {
  readonly phone: Phone;
  private readonly tally: Tally;

  constructor(
    readonly kind: ShopperKind,
    base: string,
    ip: string,
  ) {
    this.phone = new Phone(base, ip);
    this.tally = tallies[kind];
  }

  async think() {
    const ms = thinkMs(THINK);
    if (Date.now() + ms >= deadline) throw new TimeUp();
    await sleep(ms);
  }

  private fail(what: string, detail: string): never {
    this.tally.errors++;
    const key = `${this.kind}: ${what}: ${detail}`.slice(0, 160);
    errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
    throw new JourneyError(key);
  }

  private async timed(
    into: number[],
    method: "GET" | "POST",
    path: string,
    body?: { type: string; data: Buffer },
    /** A redirect's page: the browser opens it at once, even as time runs out. */
    redirected = false,
  ) {
    if (!redirected && Date.now() >= deadline) throw new TimeUp();
    this.tally.requests++;
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await this.phone.send(method, path, body);
    } catch (error) {
      this.fail(`${method} ${route(path)}`, `network: ${(error as Error).message}`);
    }
    const took = performance.now() - started;
    into.push(took);
    if (into === this.tally.pages && Date.now() - took >= steadyFrom) steadyPages.push(took);
    return reply;
  }

  /** A page: 200 and HTML that holds `expect` (a 200 with an error page is an error). */
  async page(path: string, expect: string | RegExp, redirected = false) {
    const reply = await this.timed(this.tally.pages, "GET", path, undefined, redirected);
    if (reply.cached) this.tally.cachedPages++;
    if (reply.status !== 200) this.fail(`GET ${route(path)}`, `HTTP ${reply.status}`);
    if (!matches(reply.body, expect)) this.fail(`GET ${route(path)}`, `not the page (${expect})`);
    return reply.body;
  }

  /** A form posted as the browser posts it without JavaScript (urlencoded, same origin). */
  async form(path: string, fields: Record<string, string>) {
    const data = Buffer.from(new URLSearchParams(fields).toString());
    return this.timed(this.tally.forms, "POST", path, {
      type: "application/x-www-form-urlencoded",
      data,
    });
  }

  async checkout(path: string, body: { type: string; data: Buffer }) {
    return this.timed(this.tally.checkouts, "POST", path, body);
  }

  /** A post/redirect/get: the post answered 302, the browser opens where it points. */
  async follow(reply: Reply, what: string, expect: string | RegExp) {
    if (reply.status !== 302 || !reply.location) {
      this.fail(what, `HTTP ${reply.status}${reply.status === 200 ? "" : " (expected 302)"}`);
    }
    return this.page(reply.location, expect, true);
  }

  async signIn(email: string, password: string, home: string, expect: string | RegExp) {
    await this.page("/login", "Iniciar Sesión");
    await this.think();
    const reply = await this.form("/login", { email, password });
    if (reply.status !== 302 || !reply.location?.startsWith(home)) {
      this.fail("POST /login", `HTTP ${reply.status} → ${reply.location ?? "-"}`);
    }
    await this.page(reply.location, expect, true);
  }

  async addToCart(product: Product, quantity: number) {
    return this.form(`/product/${product.slug}`, {
      productId: String(product.id),
      size: product.size,
      quantity: String(quantity),
    });
  }

  journeyDone() {
    this.tally.journeys++;
  }
}

const route = (path: string) => path.replace(/\/(product|orders)\/[^?/]+/, "/$1/:id");
const matches = (body: string, expect: string | RegExp) =>
  typeof expect === "string" ? body.includes(expect) : expect.test(body);
const productPage = (product: Product) => escapeHtml(product.name);

// ---------------------------------------------------------------------------------------------
// The journeys

const SORTS = ["popular", "price-low", "price-high", "rating", "newest"];

async function visitorJourney(shopper: Shopper, campaign: Campaign) {
  // A new phone: no cookies at first, then whatever the site sets during the visit.
  shopper.phone.forget();
  await shopper.page("/", "Perfumes originales en Honduras");
  await shopper.think();
  await shopper.page("/catalog", "Catálogo de Perfumes");
  await shopper.think();
  const brand = pick(campaign.brands);
  await shopper.page(`/catalog?brandId=${brand.id}&sortBy=${pick(SORTS)}`, "Catálogo de Perfumes");
  await shopper.think();
  const q = pick(campaign.searches);
  await shopper.page(`/search?${new URLSearchParams({ q })}`, `Buscar: ${q}`);
  await shopper.think();
  const product = pick(campaign.visible);
  await shopper.page(`/product/${product.slug}`, productPage(product));
  await shopper.think();
  await shopper.page(`/catalog?page=${2 + Math.floor(Math.random() * 30)}`, "Catálogo de Perfumes");
  shopper.journeyDone();
}

async function customerJourney(
  shopper: Shopper,
  campaign: Campaign,
  state: { signedIn: boolean; email: string; adds: number },
) {
  if (!state.signedIn) {
    await shopper.signIn(state.email, CUSTOMER_PASSWORD, "/catalog", "Catálogo de Perfumes");
    state.signedIn = true;
    await shopper.think();
  }
  await shopper.page(`/catalog?sortBy=${pick(SORTS)}`, "Catálogo de Perfumes");
  await shopper.think();
  const product = pick(campaign.cartable);
  await shopper.page(`/product/${product.slug}`, productPage(product));
  await shopper.think();
  const added = await shopper.addToCart(product, 1);
  await shopper.follow(added, "POST /product/:id (add)", "Agregado al carrito");
  state.adds++;
  await shopper.think();
  await shopper.page("/cart", product.slug);
  await shopper.think();
  await shopper.page(`/catalog?brandId=${pick(campaign.brands).id}`, "Catálogo de Perfumes");
  if (state.adds >= 3) {
    // Every third perfume the cart is emptied ('Vaciar carrito'), so it stays a phone's cart.
    await shopper.think();
    const cleared = await shopper.form("/cart", { intent: "clear" });
    await shopper.follow(cleared, "POST /cart (clear)", "Carrito de Compras");
    state.adds = 0;
  }
  shopper.journeyDone();
}

const SOLD_OUT_AT_CART = /Producto agotado|Stock insuficiente/;
const SOLD_OUT_AT_CHECKOUT =
  /está agotado: no hay unidades disponibles|No hay suficientes unidades disponibles de/;

let buyers = 0;

async function buyerJourney(shopper: Shopper, campaign: Campaign, proof: Buffer) {
  // A new guest on a new phone each time: its cart, its receipt, its order.
  shopper.phone.forget();
  const quantity = Math.random() < 0.25 ? 2 : 1;
  let product = Math.random() < 0.5 ? pick(campaign.scarce) : pick(campaign.plentiful);
  await shopper.page(`/product/${product.slug}`, productPage(product));
  await shopper.think();
  let added = await shopper.addToCart(product, quantity);
  if (added.status === 400 && SOLD_OUT_AT_CART.test(added.body)) {
    // Sold out before it reached the cart: the shopper takes another perfume.
    outcomes.soldOutAtCart++;
    product = pick(campaign.plentiful);
    await shopper.think();
    await shopper.page(`/product/${product.slug}`, productPage(product));
    await shopper.think();
    added = await shopper.addToCart(product, quantity);
  }
  await shopper.follow(added, "POST /product/:id (add)", "Agregado al carrito");
  await shopper.think();
  await shopper.page("/cart", product.slug);
  await shopper.think();
  const form = await shopper.page("/checkout", 'name="checkoutKey"');
  const checkoutKey = /<input[^>]*name="checkoutKey"[^>]*>/
    .exec(form)?.[0]
    .match(/value="([^"]+)"/)?.[1];
  if (!checkoutKey) throw new JourneyError("no checkoutKey");
  await shopper.think();
  // A buyer of their own each journey, as a campaign's buyers are different people: decision 132
  // allows 10 orders an hour to one e-mail or phone.
  buyers++;
  const who = String(buyers).padStart(7, "0");
  const body = multipart(
    {
      intent: "place-order",
      checkoutKey,
      ...CHECKOUT_FIELDS,
      email: `campana-comprador-${who}@example.com`,
      phone: `+504 9${who.slice(0, 3)}-${who.slice(3)}`,
      paymentTiming: "now",
    },
    proof,
  );
  const placed = await shopper.checkout("/checkout", body);
  if (placed.status === 409 && SOLD_OUT_AT_CHECKOUT.test(placed.body)) {
    // Someone else bought the last units between the cart and the checkout: refused, in Spanish.
    outcomes.refusedForStock++;
  } else {
    await shopper.follow(placed, "POST /checkout", 'id="success-number"');
    outcomes.ordersPlaced++;
  }
  shopper.journeyDone();
}

const QUEUE = "/admin/orders?review=proofs";

async function adminJourney(shopper: Shopper, state: { signedIn: boolean }) {
  if (!state.signedIn) {
    await shopper.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password, "/admin", "Dashboard");
    state.signedIn = true;
    await shopper.think();
  }
  const queue = await shopper.page(QUEUE, "Comprobantes por revisar");
  const ids = [
    ...new Set([...queue.matchAll(/href="\/admin\/orders\/([0-9a-f-]{36})"/g)].map((m) => m[1])),
  ];
  await shopper.think();
  if (ids.length === 0) {
    outcomes.emptyQueue++;
    await shopper.page("/admin/orders", "Pedidos");
    shopper.journeyDone();
    return;
  }
  // The queue is oldest first; admins working it together spread over its head.
  const id = pick(ids.slice(0, 5));
  await shopper.page(`/admin/orders/${id}`, /<title>Pedido [^<]+ \| Panel Administrativo<\/title>/);
  await shopper.think();
  const approve = Math.random() < 0.8;
  const decided = await shopper.form(`/admin/orders/${id}`, {
    intent: "status",
    expectedStatus: "pending",
    redirectTo: QUEUE,
    ...(approve
      ? { to: "paid" }
      : { to: "denied", customerReason: "El comprobante no se lee: envíalo de nuevo, por favor." }),
  });
  const after = await shopper.follow(decided, "POST /admin/orders/:id", "Comprobantes por revisar");
  // Another admin decided on it first: the order's own toast says so. A fact of the work, not an error.
  if (/No se pudo (actualizar el estado del pedido|denegar el pedido)/.test(after)) {
    outcomes.reviewConflicts++;
  } else if (approve) outcomes.approved++;
  else outcomes.denied++;
  shopper.journeyDone();
}

/** The checkout form as a browser sends it without JavaScript: multipart with the photo. */
function multipart(fields: Record<string, string>, photo: Buffer) {
  const boundary = `----campana${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="proofFile"; filename="pago.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { type: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(parts) };
}

/**
 * Each kind of page opened four times, each time on a new connection (the primary hands
 * connections to the workers in turn), before the clock starts, as bench:load does: module
 * loading and SQLite's page cache are the server's start, not the campaign.
 */
async function warmUp(base: string, campaign: Campaign) {
  const paths = [
    "/",
    "/catalog",
    `/catalog?brandId=${campaign.brands[0].id}&sortBy=popular`,
    "/search?q=chanel",
    `/product/${campaign.visible[0].slug}`,
    "/login",
    "/cart",
    "/checkout",
  ];
  for (let round = 0; round < 4; round++) {
    const phone = new Phone(base, "10.23.255.1");
    try {
      for (const path of paths) {
        const reply = await phone.send("GET", path);
        if (reply.status !== 200) throw new Error(`warm-up: ${path}: HTTP ${reply.status}`);
      }
    } finally {
      phone.close();
    }
  }
}

async function runShopper(
  kind: ShopperKind,
  index: number,
  base: string,
  campaign: Campaign,
  proof: Buffer,
  arriveAt: number,
) {
  // Each shopper its own address: the sign-in and receipt limits are per address, as phones have.
  const ip = `10.23.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const shopper = new Shopper(kind, base, ip);
  tallies[kind].shoppers++;
  const customer = { signedIn: false, email: campaign.customers[index % CUSTOMERS], adds: 0 };
  const admin = { signedIn: false };
  await sleep(Math.max(0, arriveAt - Date.now()));
  try {
    while (Date.now() < deadline) {
      try {
        if (kind === "visitor") await visitorJourney(shopper, campaign);
        else if (kind === "customer") await customerJourney(shopper, campaign, customer);
        else if (kind === "buyer") await buyerJourney(shopper, campaign, proof);
        else await adminJourney(shopper, admin);
        await shopper.think();
      } catch (error) {
        if (error instanceof TimeUp) break;
        if (!(error instanceof JourneyError)) throw error;
        await sleep(thinkMs(THINK));
      }
    }
  } finally {
    shopper.phone.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server's memory

const readProc = (pid: number, file: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return ""; // gone meanwhile
  }
};

/**
 * The server's processes: start.mjs (this process's child whose command line names it: tsx's
 * esbuild is a child too) and every process under it (the primary and its workers).
 */
function serverTree() {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(Number(entry), "stat");
    if (!stat) continue;
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = (children.get(process.pid) ?? []).filter((pid) =>
    readProc(pid, "cmdline").includes("start.mjs"),
  );
  while (pending.length > 0) {
    const pid = pending.pop()!;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * The server's memory every 500 ms: the summed PSS of its processes (each shared page counted
 * once, split between the processes that share it: what the VM must hold, decision 116), and
 * their summed RSS beside it (shared pages once per process: an upper bound). The tree itself
 * is walked again every 5 s (a worker that died is replaced by a new one).
 */
function sampleMemory() {
  const peak = { bytes: 0, rssBytes: 0, processes: 0, at: 0 };
  const started = Date.now();
  let tree = serverTree();
  let samples = 0;
  const timer = setInterval(() => {
    if (++samples % 10 === 0) tree = serverTree();
    let bytes = 0;
    let rssBytes = 0;
    let processes = 0;
    for (const pid of tree) {
      const rollup = readProc(pid, "smaps_rollup");
      const pss = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
      const rss = /^Rss:\s+(\d+) kB/m.exec(rollup)?.[1];
      if (pss && rss) {
        bytes += Number(pss) * 1024;
        rssBytes += Number(rss) * 1024;
        processes++;
      }
    }
    if (bytes > peak.bytes)
      Object.assign(peak, { bytes, rssBytes, processes, at: (Date.now() - started) / 1000 });
  }, 500);
  return { peak, stop: () => clearInterval(timer) };
}

// ---------------------------------------------------------------------------------------------
// The report

const ms = (value: number) => (Number.isNaN(value) ? "-" : `${Math.round(value)} ms`);
const pad = (text: string, width: number) => text.padEnd(width);
const lpad = (text: string, width: number) => text.padStart(width);

function latencies(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

function printReport(
  seconds: number,
  stock: Awaited<ReturnType<typeof checkStock>>,
  peak: { bytes: number; rssBytes: number; processes: number; at: number },
) {
  const three = (l: ReturnType<typeof latencies>) =>
    `${lpad(ms(l.p50), 9)}${lpad(ms(l.p95), 9)}${lpad(ms(l.p99), 9)}`;
  console.log(
    `\n${pad("shopper", 21)}${lpad("n", 4)}${lpad("journeys", 9)}${lpad("requests", 9)}` +
      `${lpad("errors", 7)}  ${pad("pages p50/p95/p99", 27)}  ${pad("form posts p50/p95/p99", 27)}` +
      `  checkout post p50/p95/p99`,
  );
  for (const kind of SHOPPER_KINDS) {
    const t = tallies[kind];
    console.log(
      `${pad(KIND_LABELS[kind], 21)}${lpad(String(t.shoppers), 4)}${lpad(String(t.journeys), 9)}` +
        `${lpad(String(t.requests), 9)}${lpad(String(t.errors), 7)}  ${three(latencies(t.pages))}` +
        `  ${three(latencies(t.forms))}  ${t.checkouts.length ? three(latencies(t.checkouts)) : ""}`,
    );
  }
  const all = SHOPPER_KINDS.map((kind) => tallies[kind]);
  const pages = latencies(all.flatMap((t) => t.pages));
  const forms = latencies(all.flatMap((t) => t.forms));
  const checkouts = latencies(all.flatMap((t) => t.checkouts));
  const requests = all.reduce((sum, t) => sum + t.requests, 0);
  const errors = all.reduce((sum, t) => sum + t.errors, 0);
  console.log(
    `\n${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s): ` +
      `${pages.count} pages, ${forms.count} other form posts (p50 ${ms(forms.p50)}, p95 ` +
      `${ms(forms.p95)}, p99 ${ms(forms.p99)}), ${checkouts.count} checkout posts.`,
  );
  const steady = latencies(steadyPages);
  console.log(
    `Pages once every shopper has arrived (after ${RAMP_S} s): ${steady.count}, p50 ` +
      `${ms(steady.p50)}, p95 ${ms(steady.p95)}, p99 ${ms(steady.p99)}.`,
  );
  const cached = all.reduce((sum, t) => sum + t.cachedPages, 0);
  console.log(
    `Pages from the shared page cache: ${cached} of ${pages.count} ` +
      `(${((100 * cached) / Math.max(1, pages.count)).toFixed(0)} %; first-time visitors ` +
      `${tallies.visitor.cachedPages} of ${tallies.visitor.pages.length}).`,
  );
  console.log(
    `Orders placed: ${outcomes.ordersPlaced}; checkouts refused for lack of stock (Spanish message, ` +
      `not errors): ${outcomes.refusedForStock}; scarce perfume sold out when added to the cart: ` +
      `${outcomes.soldOutAtCart}; units of the scarce perfumes left: ${stock.scarceLeft} of ` +
      `${SCARCE.products * SCARCE.stock}.`,
  );
  console.log(
    `Orders of the run by status: ${Object.entries(stock.orders)
      .map(([status, n]) => `${status} ${n}`)
      .join(", ")}. Proof queue: ${outcomes.approved} approved, ${outcomes.denied} denied, ` +
      `${outcomes.reviewConflicts} already decided by another admin, ${outcomes.emptyQueue} visits ` +
      `to an empty queue.`,
  );
  console.log(
    `Requests sent again on a new connection because the server had closed the idle one while ` +
      `the shopper read (a browser does the same; not errors): ${outcomes.keepAliveRetries}.`,
  );
  if (errorSamples.size > 0) {
    console.log("\nErrors:");
    for (const [what, n] of [...errorSamples].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`  ${lpad(String(n), 5)} × ${what}`);
    }
  }
  const verdict = (ok: boolean) => (ok ? "met" : "NOT MET");
  const memoryMb = peak.bytes / 1024 / 1024;
  const rows: [string, string, boolean][] = [
    [`page p95 ≤ ${TARGETS.pageP95} ms`, ms(pages.p95), pages.p95 <= TARGETS.pageP95],
    [`page p99 ≤ ${TARGETS.pageP99} ms`, ms(pages.p99), pages.p99 <= TARGETS.pageP99],
    [
      `checkout p95 ≤ ${TARGETS.checkoutP95 / 1000} s`,
      ms(checkouts.p95),
      checkouts.p95 <= TARGETS.checkoutP95,
    ],
    ["errors = 0", String(errors), errors === 0],
    ["oversold units = 0", String(stock.oversold), stock.oversold === 0],
    [
      `server peak memory ≤ ${TARGETS.memoryMb / 1024} GB`,
      `${memoryMb.toFixed(0)} MB`,
      memoryMb <= TARGETS.memoryMb,
    ],
  ];
  console.log(`\noversold units: ${stock.oversold} (products below zero: ${stock.negative})`);
  console.log(
    `server peak memory: ${memoryMb.toFixed(0)} MB (summed PSS of ${peak.processes} processes ` +
      `at ${peak.at.toFixed(1)} s; their summed RSS then, shared pages once per process: ` +
      `${(peak.rssBytes / 1024 / 1024).toFixed(0)} MB)`,
  );
  console.log("\nTargets:");
  for (const [target, value, ok] of rows) {
    console.log(`  ${pad(target, 30)}${lpad(value, 10)}  ${verdict(ok)}`);
  }
  const missed = rows.filter(([, , ok]) => !ok).length;
  console.log(
    `\n${missed} target(s) not met (figures, not failures: this command fails only when the run breaks).`,
  );
}

// ---------------------------------------------------------------------------------------------

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const dataDir = tempDataDir();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
const cleanUp = async () => {
  if (process.env.CPU_PROF_DIR && server) {
    // A profile is written when a process exits cleanly: stop the server as a supervisor would.
    server.stop();
    await Promise.race([server.exited, sleep(15_000)]);
  }
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
const interrupted = () => {
  void cleanUp().finally(() => process.exit(130));
};
process.once("SIGINT", interrupted);
process.once("SIGTERM", interrupted);

try {
  const db = await openBenchStore(dataDir, BENCH_STORE_SIZE);
  const campaign = await prepareCampaign(db);
  const proof = await proofImage(260);
  server = await startServer(dataDir, await benchPort(), {
    killable: true,
    env: { WEB_CONCURRENCY: "2" },
  });
  const mix = shopperMix(SHOPPERS);
  console.log(
    `\nCampaign: ${SHOPPERS} shoppers (${SHOPPER_KINDS.map((k) => `${mix[k]} ${KIND_LABELS[k]}`).join(", ")}) ` +
      `for ${DURATION_S} s, arriving over the first ${RAMP_S} s, thinking ` +
      `${THINK.min / 1000}–${THINK.max / 1000} s between requests; ${BENCH_STORE_SIZE.products} products, ` +
      `${BENCH_STORE_SIZE.orders} orders, ${SCARCE.products} scarce perfumes × ${SCARCE.stock} units; receipt ` +
      `${(proof.length / 1024).toFixed(0)} KB PNG; server WEB_CONCURRENCY=2.`,
  );
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${loadAverage()} at the start.`);

  await warmUp(server.base, campaign);
  const memory = sampleMemory();
  const started = Date.now();
  const since = new Date(started - 1000).toISOString();
  deadline = started + DURATION_S * 1000;
  steadyFrom = started + RAMP_S * 1000;
  let index = 0;
  const runs: Promise<void>[] = [];
  for (const kind of SHOPPER_KINDS) {
    for (let i = 0; i < mix[kind]; i++, index++) {
      const arriveAt = started + Math.random() * RAMP_S * 1000;
      runs.push(runShopper(kind, index, server.base, campaign, proof, arriveAt));
    }
  }
  const progress = setInterval(() => process.stdout.write("."), 5000);
  await Promise.all(runs);
  clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  memory.stop();

  const health = await fetch(`${server.base}/resources/healthcheck`).catch(() => null);
  if (!health?.ok) throw new Error("the server does not answer its health check after the run");
  const stock = await checkStock(db, campaign, since);
  await db.destroy();
  printReport(seconds, stock, memory.peak);
  console.log(`Machine: load average ${loadAverage()} at the end.`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
