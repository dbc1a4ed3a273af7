import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loyaltyRulesFrom } from "~/models/loyalty/loyalty";
import { recordPoints } from "~/models/loyalty/points-ledger.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { db } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { createBrand, createProduct } from "../../seed/factories/catalog";
import { createUser } from "../../seed/factories/users";
import { createOrder } from "../../seed/factories/orders";
import { addRange } from "~/models/invoicing/ranges.server";
import { updateSettings } from "~/models/settings/settings.server";
import { S3_KEY, startS3Server } from "../../scripts/s3-server";
import {
  guestCookie,
  pngBytes,
  postCheckout,
  putInCart,
  stockAndSold,
  userCookie,
} from "../setup/checkout-helpers";
import { testingOnPostgres } from "../setup/database";
import { startServer } from "../setup/http-server";
import { productFormFields } from "../setup/product-form";
import { signedInCookie } from "../setup/route-helpers";

/*
 * Issue 24: two app servers behind one address, on one PostgreSQL database and one bucket, each
 * with a disk of its own. Only `npm run test:pg` gives this file a PostgreSQL database
 * (DATABASE_URL); on SQLite the servers of one machine share a file, which cluster.test.ts
 * covers.
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-two-servers-"));
const bucket = "perfumeria-compartido";
let s3: Awaited<ReturnType<typeof startS3Server>>;
let servers: Awaited<ReturnType<typeof startServer>>[] = [];
let startedAt = 0;
let loyaltyHolder: number;

/** A customer whose points are older than the expiry (D13): the daily job expires them. */
async function customerWithStalePoints() {
  const user = await createUser(db);
  const rules = loyaltyRulesFrom(DEFAULT_SETTINGS);
  const longAgo = new Date(Date.now() - (rules.expiryDays + 5) * 24 * 60 * 60 * 1000);
  await recordPoints(
    db,
    { userId: user.id, points: 700, type: "admin", description: "Saldo antiguo" },
    rules,
    longAgo,
  );
  return user.id;
}

beforeAll(async () => {
  if (!testingOnPostgres) return;
  // Before the servers start: each one's loyalty job fires a minute after its start.
  loyaltyHolder = await customerWithStalePoints();
  s3 = await startS3Server({ directory: path.join(scratch, "s3"), bucket });
  const shared = {
    UPLOADS_S3_ENDPOINT: s3.endpoint,
    UPLOADS_S3_BUCKET: bucket,
    UPLOADS_S3_ACCESS_KEY_ID: S3_KEY.accessKeyId,
    UPLOADS_S3_SECRET_ACCESS_KEY: S3_KEY.secretAccessKey,
  };
  startedAt = Date.now();
  servers = await Promise.all(
    ["a", "b"].map((name) => {
      const dataDir = path.join(scratch, name);
      fs.mkdirSync(dataDir, { recursive: true });
      return startServer({ ...shared, DATA_DIR: dataDir });
    }),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!testingOnPostgres)("two app servers on one PostgreSQL database", () => {
  const [a, b] = [() => servers[0], () => servers[1]];

  it("200 guests buying the last 5 units through both servers: exactly 5 orders", async () => {
    const product = await createProduct(db, { stock: 5 });
    const guests = await Promise.all(Array.from({ length: 200 }, () => guestCookie()));
    for (const guest of guests) await putInCart(db, { guestId: guest.guestId }, product.id);
    const png = await pngBytes();

    const results = await Promise.all(
      guests.map(async (guest, index) => {
        const server = index % 2 === 0 ? a() : b();
        const response = await postCheckout(server.baseUrl, {
          cookie: guest.cookie,
          // Each buyer from an address of their own (proofs are limited per address).
          clientIp: `198.51.${100 + Math.floor(index / 200)}.${(index % 200) + 1}`,
          png,
        });
        return { status: response.status, body: await response.text() };
      }),
    );

    const statuses = results.reduce<Record<number, number>>((count, { status }) => {
      count[status] = (count[status] ?? 0) + 1;
      return count;
    }, {});
    expect(statuses).toEqual({ 302: 5, 409: 195 });
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.includes("unidades disponibles")),
    ).toBe(true);
    expect(await stockAndSold(db, product.id)).toEqual({ stock: 0, sold: 5 });
  }, 300_000);

  it("a price changed through server A is shown by server B on its next request", async () => {
    const product = await createProduct(db, { price: 180_000 });
    const page = () => fetch(`${b().baseUrl}/product/${product.slug}`).then((r) => r.text());
    // Twice: the second answer comes from B's page cache, which the change must not outlive.
    expect(await page()).toContain(formatMoney(180_000));
    expect(await page()).toContain(formatMoney(180_000));

    const admin = await signedInCookie((await createUser(db, { role: "admin" })).id);
    const brand = await createBrand(db);
    const form = new FormData();
    const fields = productFormFields(brand.id, {
      name: product.name,
      slug: product.slug,
      price: "1,450.00",
    });
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const saved = await fetch(`${a().baseUrl}/admin/products/${product.id}`, {
      method: "POST",
      headers: { Origin: a().origin, Cookie: admin },
      body: form,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);

    const after = await page();
    expect(after).toContain(formatMoney(145_000));
    expect(after).not.toContain(formatMoney(180_000));
  }, 60_000);

  it("the sign-in limit holds when the tries are spread across both servers", async () => {
    const login = (server: (typeof servers)[number], email: string) =>
      fetch(`${server.baseUrl}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": "203.0.113.77",
        },
        body: new URLSearchParams({ email, password: "incorrecta" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await login(i % 2 === 0 ? a() : b(), `nadie${i}@example.com`)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of [a(), b()]) {
      const refused = await login(server, "otra@example.com");
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Demasiados intentos de inicio de sesión");
    }
  }, 120_000);

  it("a proof uploaded through server A is downloadable by its owner through server B, and refused to another customer", async () => {
    const customer = await createUser(db);
    const product = await createProduct(db, { stock: 3 });
    await putInCart(db, { userId: customer.id }, product.id);
    const owner = (await userCookie(customer.id)).cookie;
    const placed = await postCheckout(a().baseUrl, {
      cookie: owner,
      clientIp: "203.0.113.88",
      png: await pngBytes(64, 48),
    });
    expect(placed.status).toBe(302);
    const proof = await db
      .selectFrom("paymentProofs")
      .select(["id", "file"])
      .where("userId", "=", customer.id)
      .executeTakeFirstOrThrow();
    // Server A's own disk does not keep it: B could not read it there.
    expect(fs.existsSync(path.join(scratch, "a", "uploads", "proofs", proof.file))).toBe(false);

    const download = (cookie: string) =>
      fetch(`${b().baseUrl}/resources/payment-proofs/${proof.id}`, { headers: { Cookie: cookie } });
    const mine = await download(owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/webp");
    expect((await mine.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const other = (await userCookie((await createUser(db)).id)).cookie;
    expect((await download(other)).status).toBe(404);
  }, 60_000);

  it("60 payments approved by three admins through both servers: invoices 1 to 60, none twice", async () => {
    // Issue 42 (decisions 169, 171): each approval takes its number in its own transaction.
    await updateSettings({ fiscal_invoicing: "true", fiscal_rtn: "08019012345678" });
    await addRange({
      kind: "invoice",
      cai: "35A1B2-C3D4E5-F60718-293A4B-5C6D7E-8F",
      prefix: "000-009-01-",
      first: 1,
      last: 1000,
      deadline: new Date(Date.now() + 365 * 86_400_000),
      createdBy: null,
    });
    try {
      const product = await createProduct(db, { stock: 100 });
      const orders = await Promise.all(
        Array.from({ length: 60 }, () => createOrder(db, { lines: [{ product }] })),
      );
      const admins = await Promise.all(
        [1, 2, 3].map(async () => signedInCookie((await createUser(db, { role: "admin" })).id)),
      );
      const statuses = await Promise.all(
        orders.map(async (order, index) => {
          const server = index % 2 === 0 ? a() : b();
          const response = await fetch(`${server.baseUrl}/admin/orders/${order.id}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              Origin: server.origin,
              Cookie: admins[index % 3]!,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ intent: "status", to: "paid" }),
          });
          return response.status;
        }),
      );
      expect(new Set(statuses)).toEqual(new Set([302]));
      const documents = await db
        .selectFrom("fiscalDocuments")
        .select(["correlative", "orderId"])
        .where("number", "like", "000-009-01-%")
        .orderBy("correlative")
        .execute();
      expect(documents.map((document) => document.correlative)).toEqual(
        Array.from({ length: 60 }, (_, index) => index + 1),
      );
      expect(new Set(documents.map((document) => document.orderId)).size).toBe(60);
    } finally {
      await db
        .deleteFrom("settings")
        .where("key", "in", ["fiscal_invoicing", "fiscal_rtn"])
        .execute();
    }
  }, 120_000);

  it("the daily job runs once, on one of the two servers", async () => {
    // Both servers' loyalty timers fire a minute after their start; wait for both.
    const claimed = async () =>
      db
        .selectFrom("jobRuns")
        .select(["finishedAt", "error"])
        .where("job", "=", "loyalty-expiry")
        .execute();
    await expect
      .poll(async () => (await claimed()).filter((run) => run.finishedAt !== null).length, {
        timeout: 90_000,
        interval: 1_000,
      })
      .toBe(1);
    const bothFired = startedAt + 60_000 + 10_000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, bothFired - Date.now())));

    expect(await claimed()).toEqual([{ finishedAt: expect.any(String), error: null }]);
    const ran = servers.filter((server) => server.output().includes("expired the points of"));
    expect(ran).toHaveLength(1);
    const expired = await db
      .selectFrom("pointsHistory")
      .select("points")
      .where("userId", "=", loyaltyHolder)
      .where("type", "=", "expired")
      .execute();
    expect(expired).toEqual([{ points: -700 }]);
  }, 150_000);
});
