import { db } from "~/utils/db.server";
import { normalizeOrderNumber } from "./number";
import { owns, type Shopper } from "~/models/auth/shopper";

/*
 * Reading orders (the customer's pages and the track page). New orders are numbered and
 * written by checkout/order-writer.server.ts; status changes live in orders/lifecycle.server.ts.
 */

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
  "paymentSurcharge",
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
  return readOrder(orderId, (order) => owns(shopper, order));
}

/**
 * The same order as its owner sees it, for an admin (the JSON API's GET /api/orders/{id}):
 * whoever placed it. Null when it does not exist.
 */
export async function getOrderForAdmin(orderId: string) {
  return readOrder(orderId, () => true);
}

async function readOrder(
  orderId: string,
  mayRead: (owner: { userId: number | null; sessionId: string | null }) => boolean,
) {
  const order = await db
    .selectFrom("orders")
    .select([...ORDER_COLUMNS, "userId", "sessionId"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || !mayRead(order)) return null;
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

const TRACKING_COLUMNS = [
  "id",
  "orderNumber",
  "status",
  "paymentMethod",
  "subtotal",
  "shippingCost",
  "tax",
  "couponDiscount",
  "couponCode",
  "total",
  "paymentSurcharge",
  "customerEmail",
  "userId",
  "sessionId",
  "trackingNumber",
  "estimatedDelivery",
  "estimatedDeliveryFrom",
  "shippingMethod",
  "createdAt",
  "paidAt",
  "shippedAt",
  "deliveredAt",
  "updatedAt",
] as const;

/** Only what the track page shows leaves (and the id, for the route): not the e-mail, not the owner. */
async function trackingView<
  T extends { id: string; customerEmail: string; userId: number | null; sessionId: string | null },
>(order: T) {
  const items = await db
    .selectFrom("orderItems")
    .select(["id", "productName", "size", "quantity", "price"])
    .where("orderId", "=", order.id)
    .orderBy("id")
    .execute();
  const { customerEmail: _email, userId: _u, sessionId: _s, ...visible } = order;
  return { ...visible, items };
}

/**
 * D32: an order by its number and the e-mail it was placed with (any case). A wrong number
 * and a wrong e-mail both give null, so the answer never tells which one was wrong. Works for
 * guest orders.
 */
export async function findOrderForTracking(options: { orderNumber: string; email: string }) {
  const orderNumber = normalizeOrderNumber(options.orderNumber);
  const email = options.email.trim().toLowerCase();
  if (!orderNumber || !email) return null;
  const order = await db
    .selectFrom("orders")
    .select(TRACKING_COLUMNS)
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order || order.customerEmail.toLowerCase() !== email) return null;
  return trackingView(order);
}

/**
 * The track page for the order's owner (D10), opened from 'Seguir mi pedido' as
 * /track-order?order=<id>: anyone else gets null, as for a number and e-mail that do not match.
 */
export async function getOrderTrackingForOwner(options: { orderId: string } & Shopper) {
  const { orderId, ...shopper } = options;
  const order = await db
    .selectFrom("orders")
    .select(TRACKING_COLUMNS)
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || !owns(shopper, order)) return null;
  return trackingView(order);
}

/**
 * The track page for whoever holds the order's signed link (decision 130, checked by the
 * caller with `checkLateProofLink`): the same view as its owner's.
 */
export async function getOrderTrackingByLink(orderId: string) {
  const order = await db
    .selectFrom("orders")
    .select(TRACKING_COLUMNS)
    .where("id", "=", orderId)
    .executeTakeFirst();
  return order ? trackingView(order) : null;
}

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof findOrderForTracking>>>;
