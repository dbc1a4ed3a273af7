import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_DEFINITIONS } from "../../app/models/settings/definitions";
import { productImageWidths } from "../../app/utils/images";
import { verifyPassword } from "../../app/utils/password.server";
import { createDb, databasePath, migrateToLatest, openSqlite, type DB } from "../../db/connection";
import { countRows, seed, type SeedResult } from "../../seed/seed";

const ADMIN_EMAIL = "admin@perfumeria.hn";
const ADMIN_PASSWORD = "clave-de-prueba-123";

let dataDir: string;
let db: DB;
let result: SeedResult;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-seed-"));
  db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  await migrateToLatest(db);
  result = await seed(db, { dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const parseList = (text: string) => JSON.parse(text) as string[];

describe("seed", () => {
  it("reports that it seeded, without echoing a given admin password", () => {
    expect(result.seeded).toBe(true);
    expect(result.adminPassword).toBeUndefined();
    expect(result.demoCustomer).toEqual({
      email: "cliente@perfumeria.hn",
      password: "cliente1234",
    });
  });

  it("creates brands and a catalogue with the expected variety", async () => {
    const brands = await db.selectFrom("brands").selectAll().execute();
    expect(brands.length).toBeGreaterThanOrEqual(10);

    const products = await db.selectFrom("products").selectAll().execute();
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(products.filter((p) => p.isActive === 0)).toHaveLength(1);
    expect(products.some((p) => p.catalogType === "custom_order")).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.stock >= 1 && p.stock <= 5)).toBe(true);
    expect(new Set(products.map((p) => p.gender))).toEqual(
      new Set(["masculine", "feminine", "unisex"]),
    );
    expect(new Set(products.map((p) => p.perfumeType))).toEqual(new Set(["designer", "niche"]));
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);

    for (const product of products) {
      expect(product.price).toBeGreaterThanOrEqual(120000);
      expect(product.price).toBeLessThanOrEqual(900000);
      expect(Number.isInteger(product.price)).toBe(true);
      if (product.originalPrice !== null)
        expect(product.originalPrice).toBeGreaterThan(product.price);
      expect(parseList(product.availableSizes)).toContain(product.size);
      expect(parseList(product.topNotes).length).toBeGreaterThan(0);
      expect(product.averageRating).toBeGreaterThanOrEqual(0);
      expect(product.averageRating).toBeLessThanOrEqual(5);
    }
    expect(products.filter((p) => p.originalPrice !== null).length).toBeGreaterThanOrEqual(10);

    const flower = products.find((p) => p.name === "Flower by Kenzo");
    expect(flower).toBeDefined();
    expect(brands.find((b) => b.id === flower!.brandId)?.name).toBe("Kenzo");
    expect(products.some((p) => p.description.includes("limón"))).toBe(true);
  });

  it("stores every product image as WebP files in DATA_DIR/uploads/products", async () => {
    const products = await db.selectFrom("products").select(["slug", "images"]).execute();
    const dir = path.join(dataDir, "uploads", "products");
    for (const product of products) {
      const keys = parseList(product.images);
      expect(keys.length, product.slug).toBeGreaterThanOrEqual(1);
      for (const key of keys) {
        expect(key).toMatch(/^[0-9a-f]{16}$/);
        for (const width of productImageWidths) {
          expect(fs.existsSync(path.join(dir, `${key}-${width}.webp`)), `${key}-${width}`).toBe(
            true,
          );
        }
      }
    }
    expect(products.some((p) => parseList(p.images).length > 1)).toBe(true);
    const sample = parseList(products[0].images)[0];
    const header = fs
      .readFileSync(path.join(dir, `${sample}-160.webp`))
      .subarray(0, 12)
      .toString("latin1");
    expect(header.startsWith("RIFF") && header.endsWith("WEBP")).toBe(true);
  });

  it("writes every setting and every CMS page", async () => {
    const settings = await db.selectFrom("settings").select(["key", "value"]).execute();
    const keys = new Set(settings.map((s) => s.key));
    for (const definition of SETTING_DEFINITIONS)
      expect(keys, definition.key).toContain(definition.key);
    const value = (key: string) => settings.find((s) => s.key === key)?.value;
    expect(value("free_shipping_threshold")).toBe("2000");
    expect(value("tax_percentage")).toBe("15");
    expect(value("maintenanceMode")).toBe("false");

    const pages = await db.selectFrom("cmsPages").selectAll().execute();
    expect(pages.map((p) => p.key).sort()).toEqual([
      "cookies",
      "faq",
      "privacy",
      "returns",
      "terms",
      "tracking",
      "warranty",
    ]);
    for (const page of pages) {
      expect(page.isActive).toBe(1);
      expect(page.content).toContain("<h2>");
      expect((page.metaDescription ?? "").length).toBeLessThanOrEqual(300);
    }
  });

  it("creates the admin with the given password and a demo customer with a consistent history", async () => {
    const admin = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(ADMIN_PASSWORD, admin.passwordHash!)).toBe(true);

    const customer = await db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "cliente@perfumeria.hn")
      .executeTakeFirstOrThrow();
    expect(customer.role).toBe("customer");
    expect(customer.hasRegistrationBonus).toBe(1);
    const history = await db
      .selectFrom("pointsHistory")
      .selectAll()
      .where("userId", "=", customer.id)
      .execute();
    expect(history.reduce((sum, row) => sum + row.points, 0)).toBe(customer.loyaltyPoints);

    const delivered = await db
      .selectFrom("orders")
      .selectAll()
      .where("userId", "=", customer.id)
      .where("status", "=", "delivered")
      .execute();
    expect(customer.totalOrders).toBe(delivered.length);
    expect(customer.totalSpent).toBe(delivered.reduce((sum, order) => sum + order.total, 0));

    // D13 over the stored settings: 1 point per lempira of a delivered subtotal, the tier by
    // points earned, and a redeemed coupon worth its points at the redemption rate.
    const setting = async (key: string) =>
      Number(
        (
          await db
            .selectFrom("settings")
            .select("value")
            .where("key", "=", key)
            .executeTakeFirstOrThrow()
        ).value,
      );
    const earned = history
      .filter((row) => row.points > 0)
      .reduce((sum, row) => sum + row.points, 0);
    expect(customer.pointsEarned).toBe(earned);
    for (const order of delivered) {
      expect(history.find((row) => row.orderId === order.id)?.points).toBe(
        Math.floor(order.subtotal / 100) * (await setting("loyalty_points_per_lempira")),
      );
    }
    const tier =
      earned >= (await setting("loyalty_tier_oro"))
        ? "oro"
        : earned >= (await setting("loyalty_tier_plata"))
          ? "plata"
          : "bronce";
    expect(customer.loyaltyTier).toBe(tier);
    const coupons = await db
      .selectFrom("userCoupons")
      .selectAll()
      .where("userId", "=", customer.id)
      .execute();
    expect(coupons).toHaveLength(1);
    expect(coupons[0].discountAmount).toBe(
      Math.floor(
        (coupons[0].pointsUsed * 100) / (await setting("loyalty_points_per_lempira_discount")),
      ),
    );
    expect(customer.pointsRedeemed).toBe(coupons[0].pointsUsed);
  });

  it("creates orders in many statuses whose totals add up", async () => {
    const orders = await db.selectFrom("orders").selectAll().execute();
    expect(orders.length).toBeGreaterThanOrEqual(6);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(5);
    for (const order of orders) {
      expect(order.total).toBe(
        order.subtotal + order.shippingCost + order.tax - order.couponDiscount,
      );
      expect(order.tax).toBe(Math.round(order.subtotal * 0.15));
      expect(order.orderNumber).toMatch(/^PH-\d{6}-\d{4}$/);
      // D14: the date in the number is the order's day in Honduras (UTC−6).
      const local = new Date(Date.parse(order.createdAt) - 6 * 60 * 60 * 1000);
      expect(order.orderNumber.slice(3, 9)).toBe(
        local.toISOString().slice(2, 10).replace(/-/g, ""),
      );
      const items = await db
        .selectFrom("orderItems")
        .selectAll()
        .where("orderId", "=", order.id)
        .execute();
      expect(items.length).toBeGreaterThan(0);
      expect(items.reduce((sum, item) => sum + item.price * item.quantity, 0)).toBe(order.subtotal);
    }

    // D20: a promo code counts the uses of the orders that still hold it.
    const promos = await db.selectFrom("promoCodes").selectAll().execute();
    const held = (id: number) =>
      orders.filter(
        (o) => o.promoCodeId === id && o.status !== "cancelled" && o.status !== "denied",
      ).length;
    expect(orders.some((o) => o.promoCodeId !== null && o.couponDiscount > 0)).toBe(true);
    for (const promo of promos) expect(promo.currentUses, promo.code).toBe(held(promo.id));
  });

  it("gives every demo order a status history that the demo admin took, ending in its status", async () => {
    const admin = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const orders = await db.selectFrom("orders").select(["id", "status", "createdAt"]).execute();
    for (const order of orders) {
      const events = await db
        .selectFrom("orderStatusEvents")
        .selectAll()
        .where("orderId", "=", order.id)
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
      if (order.status === "pending") {
        expect(events).toEqual([]);
        continue;
      }
      // Each step starts where the previous one ended, after the order was placed.
      expect(events[0]?.fromStatus).toBe("pending");
      expect(events.at(-1)?.toStatus).toBe(order.status);
      events.slice(1).forEach((event, index) => {
        expect(event.fromStatus).toBe(events[index]!.toStatus);
      });
      for (const event of events) {
        expect(event.actorId).toBe(admin.id);
        expect(event.createdAt >= order.createdAt).toBe(true);
      }
    }
  });

  it("keeps rating columns consistent with the approved reviews it created", async () => {
    const reviews = await db
      .selectFrom("reviews")
      .selectAll()
      .where("isApproved", "=", 1)
      .execute();
    expect(reviews.length).toBeGreaterThan(0);
    const byProduct = new Map<number, typeof reviews>();
    for (const review of reviews)
      byProduct.set(review.productId, [...(byProduct.get(review.productId) ?? []), review]);
    const products = await db.selectFrom("products").selectAll().execute();
    for (const product of products) {
      const list = byProduct.get(product.id) ?? [];
      expect(product.reviewCount).toBe(list.length);
      const average = list.length
        ? list.reduce((sum, review) => sum + review.rating, 0) / list.length
        : 0;
      expect(product.averageRating).toBeCloseTo(average, 1);
    }
    const pending = await db
      .selectFrom("reviews")
      .selectAll()
      .where("isApproved", "=", 0)
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(1);
  });

  it("does nothing on a second run, and starts over with force", async () => {
    const before = await countRows(db);
    const again = await seed(db, {
      dataDir,
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
    });
    expect(again.seeded).toBe(false);
    expect(await countRows(db)).toEqual(before);

    const forced = await seed(db, { dataDir, adminEmail: ADMIN_EMAIL, force: true });
    expect(forced.seeded).toBe(true);
    expect(forced.adminPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await countRows(db)).toEqual(before);
  }, 60_000);
});
