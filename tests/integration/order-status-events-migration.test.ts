import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, databasePath, openSqlite } from "#db/connection";
import { migrations } from "#db/migrations/index";
import { createProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";

/*
 * Orders changed before order_status_events existed keep the steps their timestamps and the
 * customers' activity log recorded (migration 20261221T0000).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "perfumeria-status-events-"));
const db = createDb(openSqlite(databasePath(dir)));
const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migration 20261221T0000-order-status-events", () => {
  it("backfills the known steps of existing orders", async () => {
    const before = await migrator.migrateTo("20261220T0000-proof-hash");
    expect(before.error).toBeUndefined();

    // The schema of that time has no users.email_verified_at (migration 20261228T0100-mail),
    // nor orders.estimated_delivery_from (20261231T0300), which a pickup order leaves out.
    const then = { emailVerifiedAt: undefined };
    const pickup = { shippingMethod: "pickup" } as const;
    const admin = await createUser(db, { role: "admin", ...then });
    const customer = await createUser(db, then);
    const product = await createProduct(db, { stock: 10 });
    const lines = [{ product }];
    const delivered = await createOrder(db, {
      ...pickup,
      lines,
      userId: customer.id,
      status: "delivered",
      trackingNumber: "GUIA-1",
      paidAt: "2026-12-01T10:00:00.000Z",
      shippedAt: "2026-12-02T10:00:00.000Z",
      deliveredAt: "2026-12-03T10:00:00.000Z",
    });
    const cancelled = await createOrder(db, {
      ...pickup,
      lines,
      userId: customer.id,
      status: "cancelled",
      paidAt: "2026-12-01T11:00:00.000Z",
    });
    await db
      .insertInto("userActivityLog")
      .values({
        userId: customer.id,
        adminId: admin.id,
        actionType: "order_cancelled",
        actionDescription: `Pedido ${cancelled.orderNumber} cancelado`,
        oldValue: "paid",
        newValue: "cancelled",
        fieldChanged: "status",
        adminNotes: "Cliente desistió",
        createdAt: "2026-12-01T12:00:00.000Z",
      })
      .execute();
    const guestDenied = await createOrder(db, {
      ...pickup,
      lines,
      userId: null,
      status: "denied",
      updatedAt: "2026-12-04T09:00:00.000Z",
    });
    const pending = await createOrder(db, { ...pickup, lines, userId: customer.id });

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const eventsOf = (orderId: string) =>
      db
        .selectFrom("orderStatusEvents")
        .select(["fromStatus", "toStatus", "actorId", "note", "trackingNumber", "createdAt"])
        .where("orderId", "=", orderId)
        .orderBy("createdAt")
        .execute();
    const step = (
      fromStatus: string | null,
      toStatus: string,
      createdAt: string,
      extra: { actorId?: number; note?: string; trackingNumber?: string } = {},
    ) => ({
      fromStatus,
      toStatus,
      createdAt,
      actorId: extra.actorId ?? null,
      note: extra.note ?? null,
      trackingNumber: extra.trackingNumber ?? null,
    });
    expect(await eventsOf(delivered.id)).toEqual([
      step("pending", "paid", "2026-12-01T10:00:00.000Z"),
      step("processing", "shipped", "2026-12-02T10:00:00.000Z", { trackingNumber: "GUIA-1" }),
      step("shipped", "delivered", "2026-12-03T10:00:00.000Z"),
    ]);
    expect(await eventsOf(cancelled.id)).toEqual([
      step("pending", "paid", "2026-12-01T11:00:00.000Z"),
      step("paid", "cancelled", "2026-12-01T12:00:00.000Z", {
        actorId: admin.id,
        note: "Cliente desistió",
      }),
    ]);
    expect(await eventsOf(guestDenied.id)).toEqual([
      step(null, "denied", "2026-12-04T09:00:00.000Z"),
    ]);
    expect(await eventsOf(pending.id)).toEqual([]);
  });
});
