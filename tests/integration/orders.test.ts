import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "#db/types";
import { checkCoupon } from "~/models/promotions/coupons.server";
import { consumeCoupon } from "~/models/promotions/coupon-uses.server";
import { ORDER_STATUSES, canTransition } from "~/models/orders/status";
import { changeOrderStatus, deleteOrder } from "~/models/orders/lifecycle.server";
import { orderRefusalMessage } from "~/models/orders/refusals";
import {
  findOrderForTracking,
  getOrderForOwner,
  listOrdersForUser,
} from "~/models/orders/orders.server";
import { generateOrderNumber } from "~/models/checkout/order-writer.server";
import { loyaltyRulesFrom } from "~/models/loyalty/loyalty";
import { recordPoints } from "~/models/loyalty/points-ledger.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { updateSettings } from "~/models/settings/settings.server";
import { db } from "~/utils/db.server";
import { createProduct, createShopper, stockOf } from "../../seed/factories/catalog";
import { notificationsOf } from "../../seed/factories/notifications";
import { redeemPoints } from "../../seed/factories/loyalty";
import { createOrder } from "../../seed/factories/orders";

async function makeAdmin() {
  const admin = await createShopper(db, { role: "admin" });
  return { userId: admin.id, role: "admin" as const };
}

async function orderIn(status: OrderStatus, extra: { userId?: number | null } = {}) {
  const product = await createProduct(db, { price: 150_000, stock: 10 });
  const customer = extra.userId === undefined ? await createShopper(db) : null;
  const order = await createOrder(db, {
    lines: [{ product, quantity: 2 }],
    status,
    userId: extra.userId === undefined ? customer!.id : extra.userId,
  });
  return { product, order, userId: order.userId };
}

const orderRow = (id: string) =>
  db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();

const activityOf = (userId: number) =>
  db
    .selectFrom("userActivityLog")
    .select(["actionType", "adminId", "oldValue", "newValue", "adminNotes", "actionDescription"])
    .where("userId", "=", userId)
    .execute();

const eventsOf = (orderId: string) =>
  db
    .selectFrom("orderStatusEvents")
    .select(["fromStatus", "toStatus", "actorId", "note", "trackingNumber"])
    .where("orderId", "=", orderId)
    .orderBy("id")
    .execute();

const userLoyalty = (userId: number) =>
  db
    .selectFrom("users")
    .select([
      "loyaltyPoints",
      "pointsEarned",
      "loyaltyTier",
      "totalOrders",
      "totalSpent",
      "lastPurchaseDate",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

describe("changeOrderStatus: every (from, to) pair", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const allowed = canTransition(from, to);
      it(`${from} → ${to} ${allowed ? "is applied" : "is refused and writes nothing"}`, async () => {
        const actor = await makeAdmin();
        const { order, product } = await orderIn(from);
        const before = await orderRow(order.id);
        const stockBefore = await stockOf(db, product.id);
        const run = () => changeOrderStatus({ orderId: order.id, to, actor, note: "Motivo" });
        if (!allowed) {
          const refusal = await run();
          expect(refusal).toEqual({ ok: false, error: "illegal_transition", from, to });
          expect(!refusal.ok && orderRefusalMessage(refusal)).toMatch(
            /^(No se puede cambiar un pedido de|El pedido ya está)/,
          );
          expect(await orderRow(order.id)).toEqual(before);
          expect(await stockOf(db, product.id)).toBe(stockBefore);
          expect(await notificationsOf(db, order.userId!)).toEqual([]);
          expect(await eventsOf(order.id)).toEqual([]);
          return;
        }
        const result = await run();
        expect(result).toMatchObject({ ok: true, from, to, orderNumber: order.orderNumber });
        expect(await eventsOf(order.id)).toEqual([
          {
            fromStatus: from,
            toStatus: to,
            actorId: actor.userId,
            note: "Motivo",
            trackingNumber: null,
          },
        ]);
        const after = await orderRow(order.id);
        expect(after?.status).toBe(to);
        if (to === "paid") expect(after?.paidAt).not.toBeNull();
        if (to === "shipped") expect(after?.shippedAt).not.toBeNull();
        if (to === "delivered") expect(after?.deliveredAt).not.toBeNull();
        // D18: stock comes back exactly when an undelivered order is cancelled or denied.
        const restores = (to === "cancelled" || to === "denied") && from !== "delivered";
        expect(await stockOf(db, product.id)).toBe(stockBefore + (restores ? 2 : 0));
      });
    }
  }
});

describe("changeOrderStatus: rules around the transition", () => {
  it("refuses to cancel or deny without notes (Debe proporcionar notas para esta acción)", async () => {
    const actor = await makeAdmin();
    const { order } = await orderIn("pending");
    for (const to of ["cancelled", "denied"] as const) {
      for (const note of [undefined, "", "   "]) {
        const refusal = await changeOrderStatus({ orderId: order.id, to, actor, note });
        expect(refusal).toEqual({ ok: false, error: "notes_required" });
        expect(!refusal.ok && orderRefusalMessage(refusal)).toBe(
          "Debe proporcionar notas para esta acción",
        );
      }
    }
    expect((await orderRow(order.id))?.status).toBe("pending");
    expect(await eventsOf(order.id)).toEqual([]);
  });

  it("writes no event when the order changed since the admin saw it (stale)", async () => {
    const actor = await makeAdmin();
    const { order, product } = await orderIn("paid");
    await expect(
      changeOrderStatus({
        orderId: order.id,
        to: "cancelled",
        actor,
        note: "Cliente desistió",
        expectedStatus: "pending",
      }),
    ).resolves.toMatchObject({ ok: false, error: "stale", status: "paid" });
    expect(await eventsOf(order.id)).toEqual([]);
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it("records each step with its admin, the guide number and the notes", async () => {
    const approver = await makeAdmin();
    const shipper = await makeAdmin();
    const { order } = await orderIn("pending");
    await changeOrderStatus({ orderId: order.id, to: "paid", actor: approver });
    await changeOrderStatus({ orderId: order.id, to: "processing", actor: approver });
    await changeOrderStatus({
      orderId: order.id,
      to: "shipped",
      actor: shipper,
      trackingNumber: "  GUIA-9  ",
    });
    await changeOrderStatus({ orderId: order.id, to: "delivered", actor: shipper });
    await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor: approver,
      note: "  Devolución  ",
    });
    const event = (
      fromStatus: OrderStatus,
      toStatus: OrderStatus,
      actorId: number,
      extra: { note?: string; trackingNumber?: string } = {},
    ) => ({
      fromStatus,
      toStatus,
      actorId,
      note: extra.note ?? null,
      trackingNumber: extra.trackingNumber ?? null,
    });
    expect(await eventsOf(order.id)).toEqual([
      event("pending", "paid", approver.userId),
      event("paid", "processing", approver.userId),
      event("processing", "shipped", shipper.userId, { trackingNumber: "GUIA-9" }),
      event("shipped", "delivered", shipper.userId),
      event("delivered", "cancelled", approver.userId, { note: "Devolución" }),
    ]);
  });

  it("refuses a customer actor and an unknown order", async () => {
    const { order } = await orderIn("pending");
    const customer = { userId: order.userId!, role: "customer" as const };
    await expect(
      changeOrderStatus({ orderId: order.id, to: "paid", actor: customer }),
    ).resolves.toEqual({ ok: false, error: "forbidden" });
    const unknown = await changeOrderStatus({
      orderId: "00000000-0000-0000-0000-000000000000",
      to: "paid",
      actor: await makeAdmin(),
    });
    expect(unknown).toEqual({ ok: false, error: "not_found" });
    expect(!unknown.ok && orderRefusalMessage(unknown)).toBe("Pedido no encontrado");
  });

  it("notifies the customer of approval, shipping (with the guide) and delivery", async () => {
    const actor = await makeAdmin();
    const { order } = await orderIn("pending");
    await changeOrderStatus({ orderId: order.id, to: "paid", actor });
    await changeOrderStatus({ orderId: order.id, to: "processing", actor });
    await changeOrderStatus({
      orderId: order.id,
      to: "shipped",
      actor,
      trackingNumber: "GUIA-123",
    });
    await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
    const notifications = await notificationsOf(db, order.userId!);
    expect(notifications.map((n) => n.type)).toEqual([
      "order_approved",
      "order_shipped",
      "order_delivered",
      "loyalty_points",
    ]);
    expect(notifications.every((n) => n.orderNumber === order.orderNumber)).toBe(true);
    expect(notifications[1]?.message).toContain("GUIA-123");
    expect((await orderRow(order.id))?.trackingNumber).toBe("GUIA-123");
    // Only cancel, deny and delete are logged in the customer's history (backoffice.md §4).
    expect(await activityOf(order.userId!)).toEqual([]);
  });

  it("logs a cancel with the admin, the notes and the old status, and tells the customer", async () => {
    const actor = await makeAdmin();
    const { order } = await orderIn("paid");
    await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor,
      note: "  Cliente pidió cancelar  ",
    });
    expect(await activityOf(order.userId!)).toEqual([
      {
        actionType: "order_cancelled",
        adminId: actor.userId,
        oldValue: "paid",
        newValue: "cancelled",
        adminNotes: "Cliente pidió cancelar",
        actionDescription: `Pedido ${order.orderNumber} cancelado`,
      },
    ]);
    expect((await notificationsOf(db, order.userId!)).map((n) => n.type)).toEqual([
      "order_cancelled",
    ]);
    expect((await orderRow(order.id))?.adminNotes).toContain("Cancelado: Cliente pidió cancelar");
  });

  it("logs a denial and sends order_denied", async () => {
    const actor = await makeAdmin();
    const { order } = await orderIn("pending");
    await changeOrderStatus({ orderId: order.id, to: "denied", actor, note: "Comprobante falso" });
    expect((await activityOf(order.userId!)).map((a) => [a.actionType, a.adminNotes])).toEqual([
      ["order_denied", "Comprobante falso"],
    ]);
    expect((await notificationsOf(db, order.userId!)).map((n) => n.type)).toEqual(["order_denied"]);
  });

  it("changes a guest order without notifications or log (there is no account)", async () => {
    const actor = await makeAdmin();
    const { order, product } = await orderIn("pending", { userId: null });
    await changeOrderStatus({ orderId: order.id, to: "cancelled", actor, note: "Sin pago" });
    expect((await orderRow(order.id))?.status).toBe("cancelled");
    expect(await stockOf(db, product.id)).toBe(10);
    // The order's own history still records who cancelled it.
    expect(await eventsOf(order.id)).toEqual([
      {
        fromStatus: "pending",
        toStatus: "cancelled",
        actorId: actor.userId,
        note: "Sin pago",
        trackingNumber: null,
      },
    ]);
  });
});

describe("loyalty (D13)", () => {
  const rules = loyaltyRulesFrom(DEFAULT_SETTINGS);

  it("credits 1 point per lempira of subtotal at delivery, with totals and tier", async () => {
    const actor = await makeAdmin();
    const { order, userId } = await orderIn("shipped");
    // Earlier: 1,000 points earned, 980 of them (14 steps of 70) spent on a coupon.
    await recordPoints(
      db,
      { userId: userId!, points: 1_000, type: "admin", description: "Previo" },
      rules,
    );
    await redeemPoints(db, { userId: userId!, points: 980 });
    const result = await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
    expect(result).toMatchObject({ ok: true, pointsCredited: 3_000 }); // subtotal L 3,000.00
    expect(await userLoyalty(userId!)).toMatchObject({
      loyaltyPoints: 3_020,
      pointsEarned: 4_000,
      loyaltyTier: "plata",
      totalOrders: 1,
      totalSpent: order.total,
      lastPurchaseDate: expect.any(String),
    });
    const history = await db
      .selectFrom("pointsHistory")
      .select(["points", "type", "orderId", "description"])
      .where("orderId", "=", order.id)
      .execute();
    expect(history).toEqual([
      {
        points: 3_000,
        type: "earned",
        orderId: order.id,
        description: `Puntos por el pedido ${order.orderNumber}`,
      },
    ]);
  });

  it("follows the points-per-lempira setting", async () => {
    const actor = await makeAdmin();
    await updateSettings({ loyalty_points_per_lempira: "2" });
    try {
      const { order } = await orderIn("shipped");
      const result = await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
      expect(result).toMatchObject({ ok: true, pointsCredited: 6_000 });
    } finally {
      await updateSettings({ loyalty_points_per_lempira: "1" });
    }
  });

  it("reverses the points, totals and tier when a delivered order is cancelled", async () => {
    const actor = await makeAdmin();
    const { order, userId, product } = await orderIn("shipped");
    await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
    const stockAfterDelivery = await stockOf(db, product.id);
    const result = await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor,
      note: "Devolución",
    });
    expect(result).toMatchObject({ pointsReversed: 3_000, stockRestored: false });
    expect(await userLoyalty(userId!)).toMatchObject({
      loyaltyPoints: 0,
      pointsEarned: 0,
      loyaltyTier: "bronce",
      totalOrders: 0,
      totalSpent: 0,
    });
    // D18: a delivered order's units are with the customer; stock does not come back.
    expect(await stockOf(db, product.id)).toBe(stockAfterDelivery);
    const history = await db
      .selectFrom("pointsHistory")
      .select(["points", "type"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(history).toEqual([
      { points: 3_000, type: "earned" },
      { points: -3_000, type: "reversed" },
    ]);
    const last = (await notificationsOf(db, userId!)).at(-1);
    expect(last).toMatchObject({ type: "order_cancelled" });
    expect(last?.message).toContain("3,000 puntos");
  });

  it("stops the balance at zero when the points were already spent", async () => {
    const actor = await makeAdmin();
    const { order, userId } = await orderIn("shipped");
    await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
    await redeemPoints(db, { userId: userId!, points: 2_450 }); // 550 of the 3,000 are left
    const result = await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor,
      note: "Devolución",
    });
    expect(result).toMatchObject({ ok: true, pointsReversed: 550 });
    // The coupon keeps its 2,450 points; the cancelled order no longer counts towards the tier.
    expect(await userLoyalty(userId!)).toMatchObject({ loyaltyPoints: 0, pointsEarned: 0 });
  });
});

describe("deleteOrder", () => {
  it("needs notes, removes the order and its items, puts stock back, logs and notifies", async () => {
    const actor = await makeAdmin();
    const { order, product, userId } = await orderIn("processing");
    await expect(deleteOrder({ orderId: order.id, actor, note: " " })).resolves.toEqual({
      ok: false,
      error: "notes_required",
    });
    await db.updateTable("products").set({ salesCount: 5 }).where("id", "=", product.id).execute();
    const result = await deleteOrder({ orderId: order.id, actor, note: "Duplicado" });
    expect(result).toMatchObject({ stockRestored: true, orderNumber: order.orderNumber });
    // The sale is undone with the stock.
    const { salesCount } = await db
      .selectFrom("products")
      .select("salesCount")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(salesCount).toBe(3);
    expect(await orderRow(order.id)).toBeUndefined();
    const items = await db
      .selectFrom("orderItems")
      .select("id")
      .where("orderId", "=", order.id)
      .execute();
    expect(items).toEqual([]);
    expect(await stockOf(db, product.id)).toBe(10);
    expect((await activityOf(userId!)).map((a) => [a.actionType, a.adminNotes])).toEqual([
      ["order_deleted", "Duplicado"],
    ]);
    expect(await notificationsOf(db, userId!)).toEqual([
      expect.objectContaining({ type: "order_deleted", orderNumber: order.orderNumber }),
    ]);
  });

  it("keeps the stock of a delivered order, and refuses cancelled or denied orders", async () => {
    const actor = await makeAdmin();
    const delivered = await orderIn("delivered");
    await deleteOrder({ orderId: delivered.order.id, actor, note: "Limpieza" });
    expect(await stockOf(db, delivered.product.id)).toBe(8);
    for (const status of ["cancelled", "denied"] as const) {
      const { order } = await orderIn(status);
      const refusal = await deleteOrder({ orderId: order.id, actor, note: "x" });
      expect(refusal).toEqual({ ok: false, error: "cannot_delete", status });
      expect(!refusal.ok && orderRefusalMessage(refusal)).toMatch(
        /^No se puede eliminar un pedido en estado «/,
      );
      expect(await orderRow(order.id)).toBeDefined();
    }
  });
});

describe("coupon give-back (D20)", () => {
  const code = (prefix: string) =>
    `${prefix}${crypto.randomBytes(3).toString("hex")}`.toUpperCase();

  /**
   * An order that used a code, as checkout leaves it: checked, recorded on the order, then
   * consumed in place. A promo with one use left is used up by it.
   */
  async function orderWithCoupon(
    status: OrderStatus,
    kind: "promo" | "loyalty",
    options: { expiresAt?: string | null } = {},
  ) {
    const { order, userId } = await orderIn(status);
    const couponCode =
      kind === "promo"
        ? (
            await db
              .insertInto("promoCodes")
              .values({
                code: code("PROMO"),
                discountType: "fixed",
                discountValue: 10_000,
                maxUses: 1,
              })
              .returning("code")
              .executeTakeFirstOrThrow()
          ).code
        : (
            await db
              .insertInto("userCoupons")
              .values({
                userId: userId!,
                code: code("LEAL"),
                pointsUsed: 350,
                discountAmount: 1_000,
                expiresAt: options.expiresAt ?? null,
              })
              .returning("code")
              .executeTakeFirstOrThrow()
          ).code;
    const check = await checkCoupon({ code: couponCode, userId, subtotal: order.subtotal });
    if (!check.ok) throw new Error(check.reason);
    const { coupon } = check;
    await db
      .updateTable("orders")
      .set({ couponCode, promoCodeId: kind === "promo" ? coupon.id : null })
      .where("id", "=", order.id)
      .execute();
    const now = new Date().toISOString();
    expect(await consumeCoupon(coupon, { id: order.id, userId, now }, db)).toBe(true);
    return { order, userId: userId!, coupon };
  }

  const promoUses = async (id: number) =>
    (
      await db
        .selectFrom("promoCodes")
        .select("currentUses")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).currentUses;

  const couponRow = (id: number) =>
    db
      .selectFrom("userCoupons")
      .select(["isUsed", "usedAt", "orderId", "expiresAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const undo = {
    cancel: (orderId: string, actor: Awaited<ReturnType<typeof makeAdmin>>) =>
      changeOrderStatus({ orderId, to: "cancelled", actor, note: "Cliente pidió cancelar" }),
    deny: (orderId: string, actor: Awaited<ReturnType<typeof makeAdmin>>) =>
      changeOrderStatus({ orderId, to: "denied", actor, note: "Comprobante falso" }),
    delete: (orderId: string, actor: Awaited<ReturnType<typeof makeAdmin>>) =>
      deleteOrder({ orderId, actor, note: "Duplicado" }),
  };
  const cases = [
    ["cancel", "paid"],
    ["cancel", "shipped"],
    ["deny", "pending"],
    ["delete", "pending"],
    ["delete", "processing"],
  ] as const;

  for (const [action, from] of cases) {
    it(`${action} of a ${from} order gives back its promo code's use`, async () => {
      const actor = await makeAdmin();
      const { order, userId, coupon } = await orderWithCoupon(from, "promo");
      expect(await promoUses(coupon.id)).toBe(1);
      expect(await checkCoupon({ code: coupon.code, userId: null, subtotal: 100_000 })).toEqual({
        ok: false,
        reason: "exhausted",
      });
      const result = await undo[action](order.id, actor);
      expect(result).toMatchObject({ ok: true, couponReleased: "promo" });
      expect(await promoUses(coupon.id)).toBe(0);
      // The freed use is anybody's again, the customer's included.
      expect(await checkCoupon({ code: coupon.code, userId, subtotal: 100_000 })).toMatchObject({
        ok: true,
      });
    });

    it(`${action} of a ${from} order gives back its loyalty coupon, expiry kept`, async () => {
      const actor = await makeAdmin();
      const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const { order, userId, coupon } = await orderWithCoupon(from, "loyalty", { expiresAt });
      expect(await couponRow(coupon.id)).toMatchObject({ isUsed: 1, orderId: order.id });
      const result = await undo[action](order.id, actor);
      expect(result).toMatchObject({ ok: true, couponReleased: "loyalty" });
      expect(await couponRow(coupon.id)).toEqual({
        isUsed: 0,
        usedAt: null,
        orderId: null,
        expiresAt,
      });
      expect(await checkCoupon({ code: coupon.code, userId, subtotal: 100_000 })).toMatchObject({
        ok: true,
        coupon: { kind: "loyalty", id: coupon.id },
      });
    });
  }

  it("a given-back loyalty coupon serves its owner again until its original expiry, not after", async () => {
    const actor = await makeAdmin();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { order, userId, coupon } = await orderWithCoupon("pending", "loyalty", { expiresAt });
    await undo.cancel(order.id, actor);
    const atExpiry = new Date(expiresAt);
    const afterExpiry = new Date(atExpiry.getTime() + 1);
    const check = (now: Date, user = userId) =>
      checkCoupon({ code: coupon.code, userId: user, subtotal: 100_000, now });
    expect(await check(atExpiry)).toMatchObject({ ok: true });
    expect(await check(afterExpiry)).toEqual({ ok: false, reason: "expired" });
    // Still its owner's only.
    const other = await createShopper(db);
    expect(await check(atExpiry, other.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    // Used again by a new order of its owner, as checkout does.
    const next = await orderIn("pending", { userId });
    const again = await check(new Date());
    if (!again.ok) throw new Error(again.reason);
    const now = new Date().toISOString();
    expect(await consumeCoupon(again.coupon, { id: next.order.id, userId, now }, db)).toBe(true);
    expect(await couponRow(coupon.id)).toMatchObject({ isUsed: 1, orderId: next.order.id });
  });

  it("a coupon that expired while the order was open comes back expired", async () => {
    const actor = await makeAdmin();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { order, coupon } = await orderWithCoupon("pending", "loyalty", { expiresAt });
    // The hour passes before the admin denies the order (the row is what time would leave).
    const expired = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable("userCoupons")
      .set({ expiresAt: expired })
      .where("id", "=", coupon.id)
      .execute();
    await undo.deny(order.id, actor);
    expect(await couponRow(coupon.id)).toMatchObject({ isUsed: 0, expiresAt: expired });
    expect(
      await checkCoupon({ code: coupon.code, userId: order.userId, subtotal: 100_000 }),
    ).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("a delivered order cancelled later gives its coupon back, as it gives back its points (D13)", async () => {
    const actor = await makeAdmin();
    const promo = await orderWithCoupon("shipped", "promo");
    const loyalty = await orderWithCoupon("shipped", "loyalty");
    for (const { order } of [promo, loyalty]) {
      await changeOrderStatus({ orderId: order.id, to: "delivered", actor });
      const result = await undo.cancel(order.id, actor);
      expect(result).toMatchObject({ stockRestored: false, pointsReversed: 3_000 });
    }
    expect(await promoUses(promo.coupon.id)).toBe(0);
    expect(await couponRow(loyalty.coupon.id)).toMatchObject({ isUsed: 0, orderId: null });
  });

  it("a delivered order deleted keeps its coupon used, as it keeps its points and stock", async () => {
    const actor = await makeAdmin();
    const promo = await orderWithCoupon("delivered", "promo");
    const loyalty = await orderWithCoupon("delivered", "loyalty");
    const usedAt = (await couponRow(loyalty.coupon.id)).usedAt;
    for (const { order } of [promo, loyalty]) {
      expect(await undo.delete(order.id, actor)).toMatchObject({
        stockRestored: false,
        couponReleased: null,
      });
    }
    expect(await promoUses(promo.coupon.id)).toBe(1);
    // The foreign key (ON DELETE SET NULL) leaves no coupon pointing at the deleted order.
    expect(await couponRow(loyalty.coupon.id)).toMatchObject({ isUsed: 1, usedAt, orderId: null });
    expect(
      await checkCoupon({ code: loyalty.coupon.code, userId: loyalty.userId, subtotal: 100_000 }),
    ).toEqual({ ok: false, reason: "used" });
  });

  it("never takes a promo code's uses below 0", async () => {
    const actor = await makeAdmin();
    const { order, coupon } = await orderWithCoupon("paid", "promo");
    // An admin reset the count while the order was open.
    await db
      .updateTable("promoCodes")
      .set({ currentUses: 0 })
      .where("id", "=", coupon.id)
      .execute();
    const result = await undo.cancel(order.id, actor);
    expect(result).toMatchObject({ to: "cancelled", couponReleased: null });
    expect(await promoUses(coupon.id)).toBe(0);
  });

  it("a guest order gives back its promo code's use", async () => {
    const actor = await makeAdmin();
    const { order: guestOrder } = await orderIn("pending", { userId: null });
    const promo = await db
      .insertInto("promoCodes")
      .values({
        code: code("PROMO"),
        discountType: "percentage",
        discountValue: 10,
        currentUses: 4,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("orders")
      .set({ promoCodeId: promo.id })
      .where("id", "=", guestOrder.id)
      .execute();
    await undo.deny(guestOrder.id, actor);
    expect(await promoUses(promo.id)).toBe(3);
  });

  it("a refused change gives nothing back", async () => {
    const actor = await makeAdmin();
    const promo = await orderWithCoupon("paid", "promo");
    const loyalty = await orderWithCoupon("paid", "loyalty");
    const customer = { userId: loyalty.userId, role: "customer" as const };
    // Each tried in turn, as an admin's screen would.
    const refusals = (orderId: string) => [
      () => changeOrderStatus({ orderId, to: "cancelled", actor }), // no notes
      () => changeOrderStatus({ orderId, to: "denied", actor, note: "x" }), // deny only while pending
      () => changeOrderStatus({ orderId, to: "cancelled", actor: customer, note: "x" }),
      () => deleteOrder({ orderId, actor, note: " " }),
      () => deleteOrder({ orderId, actor: customer, note: "x" }),
    ];
    for (const { order } of [promo, loyalty]) {
      for (const refusal of refusals(order.id)) {
        await expect(refusal()).resolves.toMatchObject({ ok: false });
      }
    }
    expect(await promoUses(promo.coupon.id)).toBe(1);
    expect(await couponRow(loyalty.coupon.id)).toMatchObject({
      isUsed: 1,
      orderId: loyalty.order.id,
    });
  });

  it("a closed order cannot give its coupon back twice (it may already serve a new order)", async () => {
    const actor = await makeAdmin();
    const promo = await orderWithCoupon("pending", "promo");
    const loyalty = await orderWithCoupon("pending", "loyalty");
    await undo.cancel(promo.order.id, actor);
    await undo.deny(loyalty.order.id, actor);
    // The owner uses the coupon, and somebody the promo, on new orders.
    const now = new Date().toISOString();
    const next = await orderIn("pending", { userId: loyalty.userId });
    expect(
      await consumeCoupon(loyalty.coupon, { id: next.order.id, userId: loyalty.userId, now }, db),
    ).toBe(true);
    expect(await consumeCoupon(promo.coupon, { id: next.order.id, userId: null, now }, db)).toBe(
      true,
    );
    for (const { order } of [promo, loyalty]) {
      await expect(undo.cancel(order.id, actor)).resolves.toMatchObject({
        ok: false,
        error: "illegal_transition",
      });
      await expect(undo.delete(order.id, actor)).resolves.toMatchObject({
        ok: false,
        error: "cannot_delete",
      });
    }
    expect(await promoUses(promo.coupon.id)).toBe(1);
    expect(await couponRow(loyalty.coupon.id)).toMatchObject({ isUsed: 1, orderId: next.order.id });
  });
});

describe("reading orders", () => {
  it("shows an order only to the user or the guest session that placed it (D10, D15)", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const other = await createShopper(db);
    const mine = await createOrder(db, { lines: [{ product }], userId: owner.id });
    const guest = await createOrder(db, { lines: [{ product }], sessionId: "guest-session-1" });
    expect(
      (await getOrderForOwner({ orderId: mine.id, userId: owner.id, guestId: null }))?.items,
    ).toHaveLength(1);
    expect(await getOrderForOwner({ orderId: mine.id, userId: other.id, guestId: null })).toBe(
      null,
    );
    expect(
      await getOrderForOwner({ orderId: guest.id, userId: null, guestId: "guest-session-1" }),
    ).toMatchObject({ orderNumber: guest.orderNumber });
    expect(await getOrderForOwner({ orderId: guest.id, userId: null, guestId: "otra" })).toBe(null);
    expect(await getOrderForOwner({ orderId: guest.id, userId: other.id, guestId: null })).toBe(
      null,
    );
  });

  it("lists a customer's orders newest first with their items", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const older = await createOrder(db, {
      lines: [{ product, quantity: 3 }],
      userId: owner.id,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    const newer = await createOrder(db, {
      lines: [{ product }],
      userId: owner.id,
      createdAt: "2026-02-01T10:00:00.000Z",
    });
    const list = await listOrdersForUser(owner.id);
    expect(list.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(list[1]?.items).toEqual([expect.objectContaining({ quantity: 3, slug: product.slug })]);
  });

  it("tracks by number (any case) and e-mail (any case); a wrong one gives the same null", async () => {
    const product = await createProduct(db);
    const order = await createOrder(db, {
      lines: [{ product }],
      customerEmail: "Compradora@Example.com",
    });
    const found = await findOrderForTracking({
      orderNumber: ` ${order.orderNumber.toLowerCase()} `,
      email: "compradora@example.COM",
    });
    expect(found).toMatchObject({ orderNumber: order.orderNumber, status: "pending" });
    expect(found).not.toHaveProperty("customerEmail");
    expect(
      await findOrderForTracking({ orderNumber: order.orderNumber, email: "otra@example.com" }),
    ).toBe(null);
    expect(
      await findOrderForTracking({ orderNumber: "PH-000000-0000", email: order.customerEmail }),
    ).toBe(null);
  });

  it("generates unused PH-yymmdd-NNNN numbers in Honduras' date", async () => {
    const number = await generateOrderNumber(db, new Date("2026-11-23T03:00:00.000Z"));
    expect(number).toMatch(/^PH-261122-\d{4}$/);
  });
});
