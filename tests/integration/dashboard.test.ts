import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  getDashboardStats,
  getSystemStatus,
  recentOrders,
  startOfHondurasDay,
} from "~/models/analytics/dashboard.server";
import { updateSettings } from "~/models/settings/settings.server";
import { runScheduledBackup } from "~/models/backups/schedule.server";
import { createBackup } from "~/models/backups/backup.server";
import { describeDatabase } from "~/models/backups/postgres.server";
import { getEnv } from "~/utils/env.server";
import { isPostgres } from "#db/connection";
import { db } from "~/utils/db.server";
import type { NewOrder, OrderStatus } from "#db/types";
import packageJson from "../../package.json";
import { createProduct } from "../../seed/factories/catalog";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";

/*
 * The dashboard's figures over a store this file builds from nothing (each test file has its
 * own database): every count and sum is asserted exactly, so a wrong filter shows.
 */

// 23:00 on 23 November in Tegucigalpa (UTC-6): "today" began at 06:00 UTC on the 23rd.
const NOW = new Date("2026-11-24T05:00:00.000Z");

describe("startOfHondurasDay", () => {
  it("is the last 06:00 UTC, Honduras' midnight", () => {
    expect(startOfHondurasDay(NOW).toISOString()).toBe("2026-11-23T06:00:00.000Z");
    expect(startOfHondurasDay(new Date("2026-11-24T06:00:00.000Z")).toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
    expect(startOfHondurasDay(new Date("2026-11-24T18:30:00.000Z")).toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
  });
});

describe("the dashboard over a store with known data", () => {
  beforeAll(async () => {
    // The figures start from an empty store: the counts below are the whole store.
    expect(await getDashboardStats(db, NOW)).toMatchObject({
      totalSales: 0,
      pendingOrders: 0,
      activeProducts: 0,
      totalUsers: 0,
    });
    await updateSettings({ stockThreshold: "3" });

    // Active products: stock 0, 3 (= threshold) and 4; one hidden with stock 1.
    const product = await createProduct(db, { price: 100_000, stock: 0 });
    await createProduct(db, { stock: 3 });
    await createProduct(db, { stock: 4 });
    await createProduct(db, { stock: 1, isActive: 0 });

    await createUser(db);
    await createUser(db);
    await createUser(db, { role: "admin" });

    const lines = [{ product }];
    const order = (status: OrderStatus, createdAt: string, extra: Partial<NewOrder> = {}) =>
      createOrder(db, { lines, takeStock: false, status, createdAt, ...extra });
    const withProof = async (created: Promise<{ id: string }>) =>
      attachProof(db, { orderId: (await created).id });
    // Today in Honduras: from 2026-11-23T06:00Z.
    await order("paid", "2026-11-23T06:00:00.000Z");
    await order("delivered", "2026-11-24T04:59:59.000Z");
    await withProof(order("pending", "2026-11-23T12:00:00.000Z"));
    await order("cancelled", "2026-11-23T13:00:00.000Z");
    await order("denied", "2026-11-23T14:00:00.000Z");
    // Yesterday in Honduras (23:59:59 on the 22nd local time).
    await order("shipped", "2026-11-23T05:59:59.000Z");
    await order("processing", "2026-11-20T10:00:00.000Z");
    await order("pending", "2026-11-20T11:00:00.000Z", {
      paymentMethod: "cash_on_delivery",
    });
    await withProof(
      order("pending", "2026-11-21T11:00:00.000Z", { paymentMethod: "bank_transfer" }),
    );
    await withProof(order("paid", "2026-11-21T12:00:00.000Z"));
  });

  it("counts the six cards", async () => {
    // Each order: L 1,000.00 + L 150.00 shipping + 15 % ISV, as checkout prices it.
    const [{ total }] = await db
      .selectFrom("orders")
      .select("total")
      .where("status", "=", "paid")
      .execute();
    const stats = await getDashboardStats(db, NOW);
    expect(stats).toEqual({
      // paid + delivered today; shipped, processing and the older paid one before.
      todaySales: 2 * total,
      totalSales: 5 * total,
      pendingOrders: 3,
      activeProducts: 3,
      totalUsers: 3,
      // Active with stock ≤ 3: the 0 and the 3; the hidden one does not count.
      lowStockProducts: 2,
      stockThreshold: 3,
    });
  });

  it("follows the stock threshold setting", async () => {
    await updateSettings({ stockThreshold: "4" });
    expect((await getDashboardStats(db, NOW)).lowStockProducts).toBe(3);
    await updateSettings({ stockThreshold: "3" });
  });

  it("lists the latest orders first, at most the limit", async () => {
    const orders = await recentOrders(3);
    expect(orders.map((o) => [o.status, o.createdAt])).toEqual([
      ["delivered", "2026-11-24T04:59:59.000Z"],
      ["denied", "2026-11-23T14:00:00.000Z"],
      ["cancelled", "2026-11-23T13:00:00.000Z"],
    ]);
    expect(await recentOrders(10)).toHaveLength(10);
    expect(orders[0]).toMatchObject({ customerName: "Lucía Prueba", userId: null });
  });

  it("reports the system status from the disk and the proofs waiting for review", async () => {
    const dataDir = process.env.DATA_DIR!;
    await fs.mkdir(path.join(dataDir, "uploads", "products"), { recursive: true });
    await fs.writeFile(path.join(dataDir, "uploads", "products", "a.webp"), Buffer.alloc(1500));
    await fs.mkdir(path.join(dataDir, "uploads", "proofs"), { recursive: true });
    await fs.writeFile(path.join(dataDir, "uploads", "proofs", "b.webp"), Buffer.alloc(500));

    const status = await getSystemStatus();
    // Pending bank transfers with a proof: not the cash one, not the paid one.
    expect(status.proofsAwaitingReview).toBe(2);
    expect(status.uploadsBytes).toBe(2000);
    // The SQLite file (and its log), or PostgreSQL's own figure: several MB for any database.
    const database = isPostgres(db)
      ? { size: 4 * 1024 * 1024 }
      : await fs.stat(path.join(dataDir, "store.db"));
    expect(status.databaseBytes).toBeGreaterThanOrEqual(database.size);
    expect(status.freeDiskBytes).toBeGreaterThan(0);
    expect(status.version).toBe(packageJson.version);
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("shows the last verified backup and warns when it is older than 36 hours", async () => {
    const dataDir = process.env.DATA_DIR!;
    const hour = 3_600_000;
    // Under TEST_DATABASE=postgres the backups are of that database (decision 121).
    const { postgres } = getEnv();
    const database = postgres
      ? { kind: "postgres", name: describeDatabase(postgres.url) }
      : { kind: "sqlite" };
    expect((await getSystemStatus(db, NOW)).backup).toEqual({
      database,
      last: null,
      stale: true,
      failedRun: null,
      offsite: null,
    });

    const taken = await createBackup({ dataDir, now: NOW, postgres });
    const fresh = (await getSystemStatus(db, new Date(NOW.getTime() + 36 * hour))).backup;
    expect(fresh).toEqual({
      database,
      last: {
        path: taken.path,
        takenAt: NOW.toISOString(),
        sizeBytes: taken.sizeBytes,
        verified: true,
      },
      stale: false,
      failedRun: null,
      offsite: null,
    });
    expect(path.dirname(taken.path)).toBe(path.join(dataDir, "backups"));
    expect(taken.sizeBytes).toBeGreaterThan(0);

    const old = (await getSystemStatus(db, new Date(NOW.getTime() + 36 * hour + 1))).backup;
    expect(old.stale).toBe(true);
    expect(old.last?.path).toBe(taken.path);
  });

  it("says the same day that the daily backup failed, until a later backup makes up for it", async () => {
    const dataDir = process.env.DATA_DIR!;
    // The next day's scheduled run finds no store where it looks (a disk unmounted, say).
    const failedAt = new Date(NOW.getTime() + 24 * 3_600_000);
    await expect(
      runScheduledBackup({ now: failedAt, hour: 0, dataDir: path.join(dataDir, "nada"), db }),
    ).rejects.toThrow("No hay tienda");
    const status = (await getSystemStatus(db, failedAt)).backup;
    expect(status.stale).toBe(false);
    expect(status.failedRun).toEqual({
      at: expect.any(String),
      error: expect.stringContaining("No hay tienda en"),
    });

    await createBackup({ dataDir, now: new Date(failedAt.getTime() + 3_600_000) });
    expect((await getSystemStatus(db, failedAt)).backup.failedRun).toBeNull();
  });
});
