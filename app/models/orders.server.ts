import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, NotificationType, OrderStatus } from "#db/types";
import { db } from "~/utils/db.server";
import { loyaltyRulesFrom, pointsForSubtotal, tierFor, type LoyaltyRules } from "./loyalty";
import {
  canDeleteOrder,
  canTransition,
  NOTES_REQUIRED,
  ORDER_STATUS_SHORT_LABELS,
  transitionNeedsNotes,
} from "./order-status";
import { formatOrderNumber, normalizeOrderNumber } from "./order-number";
import { getSettings } from "./settings.server";
import { owns, type Shopper } from "./shopper";

/*
 * The one owner of order status changes (backoffice.md §4): the admin screens call
 * changeOrderStatus and deleteOrder; nothing else writes orders.status.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export type OrderActor = { userId: number; role: "customer" | "admin" };

export type OrderErrorCode =
  "not_found" | "forbidden" | "illegal_transition" | "notes_required" | "cannot_delete";

/** A refused change, with the Spanish message an admin screen shows as is. */
export class OrderTransitionError extends Error {
  constructor(
    readonly code: OrderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "OrderTransitionError";
  }
}

const ORDER_NOT_FOUND = "Pedido no encontrado";

function illegalTransitionMessage(from: OrderStatus, to: OrderStatus) {
  const [a, b] = [ORDER_STATUS_SHORT_LABELS[from], ORDER_STATUS_SHORT_LABELS[to]];
  if (from === to) return `El pedido ya está en estado «${a}».`;
  return `No se puede cambiar un pedido de «${a}» a «${b}».`;
}

// ---------------------------------------------------------------------------------------
// Order numbers (D14)

/**
 * A new, unused order number. Call it inside the transaction that inserts the order (the
 * transaction's write lock makes the check-then-insert safe); orders.order_number is UNIQUE
 * as a last line of defence. After a few collisions on a busy day it widens to six digits
 * (still at most 20 characters).
 */
export async function generateOrderNumber(executor: Executor = db, now = new Date()) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const serial =
      attempt < 20 ? crypto.randomInt(1000, 10000) : crypto.randomInt(100_000, 1_000_000);
    const candidate = formatOrderNumber(now, serial);
    const taken = await executor
      .selectFrom("orders")
      .select("id")
      .where("orderNumber", "=", candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new Error("No se pudo generar un número de pedido único");
}

// ---------------------------------------------------------------------------------------
// Status changes

type LockedOrder = {
  id: string;
  userId: number | null;
  orderNumber: string;
  status: OrderStatus;
  subtotal: number;
  total: number;
  trackingNumber: string | null;
  adminNotes: string | null;
  paidAt: string | null;
};

async function loadOrder(trx: Transaction<Database>, orderId: string): Promise<LockedOrder> {
  const order = await trx
    .selectFrom("orders")
    .select([
      "id",
      "userId",
      "orderNumber",
      "status",
      "subtotal",
      "total",
      "trackingNumber",
      "adminNotes",
      "paidAt",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw new OrderTransitionError("not_found", ORDER_NOT_FOUND);
  return order;
}

function requireStaff(actor: OrderActor) {
  if (actor.role !== "admin") {
    throw new OrderTransitionError("forbidden", "No tienes permisos para acceder a esta sección.");
  }
}

function cleanNote(note: string | undefined) {
  const trimmed = note?.trim();
  return trimmed ? trimmed : null;
}

/** D18: stock goes back for every line whose product still exists, and the sale is undone. */
async function restoreStock(trx: Transaction<Database>, orderId: string) {
  const items = await trx
    .selectFrom("orderItems")
    .select(["productId", "quantity"])
    .where("orderId", "=", orderId)
    .where("productId", "is not", null)
    .execute();
  for (const item of items) {
    await trx
      .updateTable("products")
      .set((eb) => ({
        stock: eb("stock", "+", item.quantity),
        salesCount: sql<number>`max(0, sales_count - ${item.quantity})`,
        updatedAt: new Date().toISOString(),
      }))
      .where("id", "=", item.productId)
      .execute();
  }
}

async function notify(
  trx: Transaction<Database>,
  order: Pick<LockedOrder, "id" | "userId" | "orderNumber">,
  type: NotificationType,
  title: string,
  message: string,
  orderId: string | null = order.id,
) {
  // Guest orders have nobody to notify in the app (notifications.user_id is required).
  if (order.userId === null) return;
  await trx
    .insertInto("notifications")
    .values({ userId: order.userId, type, title, message, orderId, orderNumber: order.orderNumber })
    .execute();
}

async function logActivity(
  trx: Transaction<Database>,
  order: Pick<LockedOrder, "userId" | "orderNumber" | "status">,
  actor: OrderActor,
  action: "order_cancelled" | "order_denied" | "order_deleted",
  newValue: string,
  note: string,
) {
  if (order.userId === null) return;
  const verb = {
    order_cancelled: "cancelado",
    order_denied: "denegado",
    order_deleted: "eliminado",
  };
  await trx
    .insertInto("userActivityLog")
    .values({
      userId: order.userId,
      adminId: actor.userId,
      actionType: action,
      actionDescription: `Pedido ${order.orderNumber} ${verb[action]}`,
      oldValue: order.status,
      newValue,
      fieldChanged: "status",
      adminNotes: note,
    })
    .execute();
}

/** D13: points at delivery, with the customer's purchase totals and tier. */
async function creditPoints(
  trx: Transaction<Database>,
  order: LockedOrder,
  rules: LoyaltyRules,
  now: string,
) {
  if (order.userId === null) return 0;
  const user = await trx
    .selectFrom("users")
    .select(["loyaltyPoints", "pointsEarned", "totalOrders", "totalSpent", "consecutivePurchases"])
    .where("id", "=", order.userId)
    .executeTakeFirst();
  if (!user) return 0;
  const points = pointsForSubtotal(order.subtotal, rules);
  const pointsEarned = user.pointsEarned + points;
  await trx
    .updateTable("users")
    .set({
      loyaltyPoints: user.loyaltyPoints + points,
      pointsEarned,
      loyaltyTier: tierFor(pointsEarned, rules),
      totalOrders: user.totalOrders + 1,
      totalSpent: user.totalSpent + order.total,
      lastPurchaseDate: now,
      consecutivePurchases: user.consecutivePurchases + 1,
      updatedAt: now,
    })
    .where("id", "=", order.userId)
    .execute();
  if (points > 0) {
    await trx
      .insertInto("pointsHistory")
      .values({
        userId: order.userId,
        points,
        type: "earned",
        description: `Puntos por el pedido ${order.orderNumber}`,
        orderId: order.id,
        expiresAt: null,
        createdAt: now,
      })
      .execute();
  }
  return points;
}

/**
 * D13: a delivered order cancelled later gives back what delivery gave. Points already spent
 * on a coupon cannot be taken back, so the balance stops at zero.
 */
async function reversePoints(
  trx: Transaction<Database>,
  order: LockedOrder,
  rules: LoyaltyRules,
  now: string,
) {
  if (order.userId === null) return 0;
  const history = await trx
    .selectFrom("pointsHistory")
    .select(["points", "type"])
    .where("orderId", "=", order.id)
    .where("userId", "=", order.userId)
    .where("type", "in", ["earned", "reversed"])
    .execute();
  const net = history.reduce((sum, row) => sum + row.points, 0);
  const user = await trx
    .selectFrom("users")
    .select(["loyaltyPoints", "pointsEarned", "totalOrders", "totalSpent"])
    .where("id", "=", order.userId)
    .executeTakeFirst();
  if (!user) return 0;
  const pointsEarned = Math.max(0, user.pointsEarned - net);
  await trx
    .updateTable("users")
    .set({
      loyaltyPoints: Math.max(0, user.loyaltyPoints - net),
      pointsEarned,
      loyaltyTier: tierFor(pointsEarned, rules),
      totalOrders: Math.max(0, user.totalOrders - 1),
      totalSpent: Math.max(0, user.totalSpent - order.total),
      updatedAt: now,
    })
    .where("id", "=", order.userId)
    .execute();
  if (net > 0) {
    await trx
      .insertInto("pointsHistory")
      .values({
        userId: order.userId,
        points: -net,
        type: "reversed",
        description: `Reversión de puntos del pedido cancelado ${order.orderNumber}`,
        orderId: order.id,
        expiresAt: null,
        createdAt: now,
      })
      .execute();
  }
  return net;
}

export type ChangeOrderStatusInput = {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Internal notes: required to cancel or deny (backoffice.md §4). */
  note?: string;
  /** The carrier's guide number, kept when shipping. */
  trackingNumber?: string;
};

export type ChangeOrderStatusResult = {
  orderId: string;
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
  stockRestored: boolean;
  pointsCredited: number;
  pointsReversed: number;
};

/**
 * Moves an order along backoffice.md §4 in one transaction: the transition check, timestamps,
 * the admin notes, stock back on cancel/deny of an undelivered order (D18), loyalty at
 * delivery and its reversal (D13), the activity log (cancel/deny) and the customer's
 * notification. Throws OrderTransitionError (nothing written) when the change is refused.
 */
export async function changeOrderStatus(
  input: ChangeOrderStatusInput,
): Promise<ChangeOrderStatusResult> {
  const { orderId, to, actor } = input;
  requireStaff(actor);
  const note = cleanNote(input.note);
  if (transitionNeedsNotes(to) && !note) {
    throw new OrderTransitionError("notes_required", NOTES_REQUIRED);
  }
  // Read before the transaction: the one SQLite connection is held by it until it ends.
  const rules = loyaltyRulesFrom(await getSettings());

  return db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    const from = order.status;
    if (!canTransition(from, to)) {
      throw new OrderTransitionError("illegal_transition", illegalTransitionMessage(from, to));
    }
    const now = new Date().toISOString();
    const trackingNumber = cleanNote(input.trackingNumber) ?? order.trackingNumber;
    const notePrefix = { cancelled: "Cancelado", denied: "Denegado" } as Partial<
      Record<OrderStatus, string>
    >;
    const noteLine = note ? `${notePrefix[to] ?? ORDER_STATUS_SHORT_LABELS[to]}: ${note}` : null;

    await trx
      .updateTable("orders")
      .set({
        status: to,
        updatedAt: now,
        trackingNumber,
        adminNotes: noteLine
          ? [order.adminNotes, noteLine].filter(Boolean).join("\n")
          : order.adminNotes,
        ...(to === "paid" ? { paidAt: now } : {}),
        ...(to === "shipped" ? { shippedAt: now } : {}),
        ...(to === "delivered" ? { deliveredAt: now } : {}),
        // Cancelled or denied, an order has no delivery to expect.
        ...(to === "cancelled" || to === "denied" ? { estimatedDelivery: null } : {}),
      })
      .where("id", "=", orderId)
      .execute();

    let stockRestored = false;
    let pointsCredited = 0;
    let pointsReversed = 0;
    const n = order.orderNumber;
    switch (to) {
      case "paid":
        await notify(
          trx,
          order,
          "order_approved",
          "Pago aprobado",
          `Verificamos el pago de tu pedido ${n}. ¡Ya lo estamos preparando!`,
        );
        break;
      case "processing":
        // No notification type exists for it (storefront.md §3); the customer heard at "paid".
        break;
      case "shipped":
        await notify(
          trx,
          order,
          "order_shipped",
          "Tu pedido va en camino",
          trackingNumber
            ? `Tu pedido ${n} fue enviado. Número de guía: ${trackingNumber}.`
            : `Tu pedido ${n} fue enviado.`,
        );
        break;
      case "delivered":
        pointsCredited = await creditPoints(trx, order, rules, now);
        await notify(
          trx,
          order,
          "order_delivered",
          "Pedido entregado",
          `Tu pedido ${n} fue entregado. ¡Gracias por tu compra!`,
        );
        if (pointsCredited > 0) {
          await notify(
            trx,
            order,
            "loyalty_points",
            "¡Ganaste puntos!",
            `Sumaste ${pointsCredited.toLocaleString("es-HN")} puntos por tu pedido ${n}.`,
          );
        }
        break;
      case "cancelled":
      case "denied":
        if (from !== "delivered") {
          await restoreStock(trx, orderId);
          stockRestored = true;
        } else {
          pointsReversed = await reversePoints(trx, order, rules, now);
        }
        await logActivity(
          trx,
          order,
          actor,
          to === "cancelled" ? "order_cancelled" : "order_denied",
          to,
          note!,
        );
        if (to === "cancelled") {
          await notify(
            trx,
            order,
            "order_cancelled",
            "Pedido cancelado",
            pointsReversed > 0
              ? `Tu pedido ${n} fue cancelado. Se descontaron ${pointsReversed.toLocaleString("es-HN")} puntos de lealtad.`
              : `Tu pedido ${n} fue cancelado.`,
          );
        } else {
          await notify(
            trx,
            order,
            "order_denied",
            "Pedido denegado",
            `No pudimos verificar el pago del pedido ${n}. Contáctanos para ayudarte.`,
          );
        }
        break;
      case "pending":
        break;
    }
    return { orderId, orderNumber: n, from, to, stockRestored, pointsCredited, pointsReversed };
  });
}

/**
 * Removes an order for good (its items cascade). Offered when the order is neither cancelled
 * nor denied (backoffice.md §4); notes are required; the stock of an undelivered order comes
 * back (D18). A delivered order keeps its points: the customer did buy and receive it.
 */
export async function deleteOrder(input: { orderId: string; actor: OrderActor; note?: string }) {
  requireStaff(input.actor);
  const note = cleanNote(input.note);
  if (!note) throw new OrderTransitionError("notes_required", NOTES_REQUIRED);
  return db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, input.orderId);
    if (!canDeleteOrder(order.status)) {
      throw new OrderTransitionError(
        "cannot_delete",
        `No se puede eliminar un pedido en estado «${ORDER_STATUS_SHORT_LABELS[order.status]}».`,
      );
    }
    const stockRestored = order.status !== "delivered";
    if (stockRestored) await restoreStock(trx, order.id);
    await logActivity(trx, order, input.actor, "order_deleted", "deleted", note);
    await notify(
      trx,
      order,
      "order_deleted",
      "Pedido eliminado",
      `Tu pedido ${order.orderNumber} fue eliminado. Si tienes dudas, contáctanos.`,
      null,
    );
    await trx.deleteFrom("orders").where("id", "=", order.id).execute();
    return { orderId: order.id, orderNumber: order.orderNumber, stockRestored };
  });
}

// ---------------------------------------------------------------------------------------
// Reading orders

const ORDER_COLUMNS = [
  "id",
  "orderNumber",
  "status",
  "paymentMethod",
  "shippingMethod",
  "subtotal",
  "shippingCost",
  "tax",
  "couponDiscount",
  "couponCode",
  "total",
  "customerName",
  "customerEmail",
  "customerPhone",
  "shippingAddress",
  "shippingCity",
  "shippingZone",
  "trackingNumber",
  "estimatedDelivery",
  "paidAt",
  "shippedAt",
  "deliveredAt",
  "createdAt",
  "updatedAt",
] as const;

async function itemsOf(orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("orderItems as i")
    .leftJoin("products as p", "p.id", "i.productId")
    .select([
      "i.id",
      "i.orderId",
      "i.productName",
      "i.productImage",
      "i.size",
      "i.quantity",
      "i.price",
      "p.slug",
    ])
    .where("i.orderId", "in", orderIds)
    .orderBy("i.id")
    .execute();
}

type OrderItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

function withItems<T extends { id: string }>(orders: T[], items: OrderItemRow[]) {
  return orders.map((order) => ({
    ...order,
    items: items
      .filter((item) => item.orderId === order.id)
      .map(({ orderId: _orderId, ...item }) => item),
  }));
}

/**
 * An order with its items, only for its owner (D10, D15): the signed-in user who placed it, or
 * the guest session (the session's guestId) that placed it without an account. Anyone else
 * gets null, the same as for an order that does not exist.
 */
export async function getOrderForOwner(options: { orderId: string } & Shopper) {
  const { orderId, ...shopper } = options;
  const order = await db
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "userId", "sessionId"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || !owns(shopper, order)) return null;
  const { userId: _u, sessionId: _s, ...visible } = order;
  return withItems([visible], await itemsOf([order.id]))[0]!;
}

export type OwnedOrder = NonNullable<Awaited<ReturnType<typeof getOrderForOwner>>>;

/** A customer's orders, newest first, with their items (/orders). */
export async function listOrdersForUser(userId: number) {
  const orders = await db
    .selectFrom("orders")
    .select(ORDER_COLUMNS)
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .execute();
  return withItems(orders, await itemsOf(orders.map((order) => order.id)));
}

/**
 * D32: an order by its number and the e-mail it was placed with (any case). A wrong number
 * and a wrong e-mail both give null, so the answer never tells which one was wrong. Works for
 * guest orders. Only what the track page shows leaves this function.
 */
export async function findOrderForTracking(options: { orderNumber: string; email: string }) {
  const orderNumber = normalizeOrderNumber(options.orderNumber);
  const email = options.email.trim().toLowerCase();
  if (!orderNumber || !email) return null;
  const order = await db
    .selectFrom("orders")
    .select([
      "id",
      "orderNumber",
      "status",
      "customerEmail",
      "trackingNumber",
      "estimatedDelivery",
      "shippingMethod",
      "createdAt",
      "paidAt",
      "shippedAt",
      "deliveredAt",
      "updatedAt",
    ])
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order || order.customerEmail.toLowerCase() !== email) return null;
  const items = await db
    .selectFrom("orderItems")
    .select(["id", "productName", "size", "quantity", "price"])
    .where("orderId", "=", order.id)
    .orderBy("id")
    .execute();
  const { id: _id, customerEmail: _email, ...visible } = order;
  return { ...visible, items };
}

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof findOrderForTracking>>>;
