import { sql, type Insertable, type Kysely } from "kysely";
import type {
  ActivityType,
  Database,
  OrderStatus,
  OrderStatusEventsTable,
  PaymentMethod,
} from "#db/types";
import { formatMoney } from "~/utils/money";
import { inTransaction } from "#db/connection";
import type { AppliedCoupon } from "~/models/promotions/coupons.server";
import { releaseCoupon } from "~/models/promotions/coupon-uses.server";
import { pointsForSubtotal, type LoyaltyRules } from "~/models/loyalty/loyalty";
import {
  canDeleteOrder,
  canRecordCash,
  canTransition,
  ORDER_STATUS_SHORT_LABELS,
  transitionNeedsNotes,
} from "./status";
import type { OrderRefusal } from "./refusals";
import { notifyUser } from "~/models/notifications/notify.server";
import { customerNotice, type CustomerNoticeEvent, type NoticeFacts } from "./notices";
import { creditOrderPoints, reverseOrderPoints } from "~/models/loyalty/points-ledger.server";
import type { MailContext } from "~/models/mail/outbox.server";
import { queueOrderStatusEmail } from "~/models/mail/order-emails.server";
import { larger } from "~/utils/sql.server";
import { creditNoteOnReversal, invoiceOnPayment } from "~/models/invoicing/issuing.server";

/*
 * The order lifecycle's rules and words (backoffice.md §4), over a given executor: the
 * transition check, then the steps the new status takes (stock, coupon, points, notification,
 * log), each a small function below. Every change also writes one order_status_events row
 * (who, when, notes): the order's status history, and the customer hears of it in the app and,
 * given a mail context, by e-mail (decision 104). The app reaches it through
 * changeOrderStatus and deleteOrder (lifecycle.server.ts, over its connection and settings);
 * the demo seed and the factories call it inside their own transaction, at the moments their
 * story chooses, and never open the app's connection (decision 092, as the points ledger).
 * Nothing else writes orders.status.
 */

type Trx = Kysely<Database>;

/**
 * Who changes an order: an admin, or the shop itself (issue 12: a transfer never paid is
 * cancelled by the deadline job), whose history rows carry no user (actor_id null).
 */
export type OrderActor = { userId: number; role: "customer" | "admin" } | { role: "system" };

/** The shop itself, as the actor of what its jobs do. */
export const SYSTEM_ACTOR: OrderActor = { role: "system" };

function actorIdOf(actor: OrderActor) {
  return actor.role === "system" ? null : actor.userId;
}

export type ChangeOrderStatusInput = {
  orderId: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Internal notes: required to cancel or deny (backoffice.md §4). */
  note?: string;
  /** The carrier's guide number, kept when shipping. */
  trackingNumber?: string;
  /**
   * The status the admin's screen showed. Two admins acting on the same order at once: the
   * transactions run one after the other, and the second is refused ("stale") instead of
   * acting on an order it has not seen (a second cancel, or a cancel after a delivery).
   */
  expectedStatus?: OrderStatus;
  /** Deny only: the reason the customer reads in their notification. */
  customerReason?: string;
  /**
   * Cancel only, by the deadline job: the transfer's deadline (ISO) that passed. The customer
   * reads that the order was cancelled for want of payment (order_expired).
   */
  paymentDeadline?: string;
  /** When it happens; a job passes its (injectable) clock. Defaults to now. */
  now?: Date;
  /**
   * The order's updated_at when the caller decided: refused ("stale") if anything changed the
   * order since (the deadline job must not cancel an order whose deadline was just extended).
   */
  expectedUpdatedAt?: string;
};

export type ChangeOrderStatusResult = {
  ok: true;
  orderId: string;
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
  stockRestored: boolean;
  pointsCredited: number;
  pointsReversed: number;
  /** D20: the promo code's use or the loyalty coupon given back on cancel or deny. */
  couponReleased: AppliedCoupon["kind"] | null;
};

/**
 * Moves an order along backoffice.md §4 with the loyalty `rules` of the store's settings, in
 * the executor's transaction (a new one when it is none). A refused change is an OrderRefusal,
 * having written nothing. With `mail`, the customer's e-mail of the new status is queued in the
 * same transaction; the seed and the factories pass none.
 */
export async function applyStatusChange(
  executor: Kysely<Database>,
  input: ChangeOrderStatusInput,
  rules: LoyaltyRules,
  mail?: MailContext,
): Promise<ChangeOrderStatusResult | OrderRefusal> {
  const { orderId, to, actor } = input;
  if (!isStaff(actor)) return { ok: false, error: "forbidden" };
  const note = cleanText(input.note);
  if (transitionNeedsNotes(to) && !note) return { ok: false, error: "notes_required" };

  return inTransaction(executor, async (trx): Promise<ChangeOrderStatusResult | OrderRefusal> => {
    const order = await loadOrder(trx, orderId);
    if (!order) return { ok: false, error: "not_found" };
    const changed = changedMeanwhile(order, input.expectedStatus);
    if (changed) return changed;
    if (input.expectedUpdatedAt !== undefined && order.updatedAt !== input.expectedUpdatedAt) {
      return { ok: false, error: "stale", orderNumber: order.orderNumber };
    }
    const from = order.status;
    if (!canTransition(from, to, order.paymentMethod)) {
      return { ok: false, error: "illegal_transition", from, to };
    }
    const now = (input.now ?? new Date()).toISOString();
    // Decision 171: the fiscal document of the change, first: refused, nothing is written.
    const fiscal =
      to === "paid"
        ? await invoiceOnPayment(trx, orderId, new Date(now))
        : to === "cancelled" || to === "denied"
          ? await creditNoteOnReversal(
              trx,
              orderId,
              `${REVERSAL_REASONS[to]}: ${note}`,
              new Date(now),
            )
          : null;
    if (fiscal && !fiscal.ok)
      return { ok: false, error: "fiscal_refused", message: fiscal.message };
    const document = fiscal
      ? { id: fiscal.id, number: fiscal.number, kind: fiscal.document.kind }
      : undefined;
    const givenTracking = cleanText(input.trackingNumber);
    const trackingNumber = givenTracking ?? order.trackingNumber;
    await writeStatus(trx, order, { to, now, note, trackingNumber });
    await recordEvent(trx, {
      orderId,
      fromStatus: from,
      toStatus: to,
      actorId: actorIdOf(actor),
      bySystem: actor.role === "system" ? 1 : 0,
      note,
      trackingNumber: givenTracking ?? (to === "shipped" ? trackingNumber : null),
      createdAt: now,
    });

    let stockRestored = false;
    let pointsCredited = 0;
    let pointsReversed = 0;
    let couponReleased: ChangeOrderStatusResult["couponReleased"] = null;
    const tell = (event: CustomerNoticeEvent, facts: Partial<NoticeFacts> = {}) =>
      tellCustomer(trx, { order, now, event, facts, mail });
    switch (to) {
      case "paid":
        await tell("order_approved", { document });
        break;
      case "processing":
        // No notification type exists for it (storefront.md §3); the customer heard at "paid".
        break;
      case "shipped":
        await tell("order_shipped", { trackingNumber });
        break;
      case "delivered":
        // Decision 166: cash not yet collected earns its points when it is ('Cobrado').
        if (earnsAtDelivery(order)) pointsCredited = await creditPoints(trx, order, rules, now);
        await tell("order_delivered");
        if (pointsCredited > 0) await tell("loyalty_points", { points: pointsCredited });
        break;
      case "cancelled":
      case "denied":
        // D18: an undelivered order's units come back; D13: a delivered one loses its points.
        // Either way the purchase is undone, so the coupon it used comes back (D20).
        if (from === "delivered") {
          if (earnsAtDelivery(order)) pointsReversed = await reversePoints(trx, order, rules, now);
        } else {
          await returnStock(trx, orderId, now);
          stockRestored = true;
        }
        couponReleased = await releaseCoupon(orderId, trx, now);
        await logActivity(trx, order, { actor, action: to, note: note!, now });
        await tell(
          to === "cancelled" && input.paymentDeadline ? "order_expired" : CLOSED_NOTICES[to],
          {
            points: pointsReversed,
            reason: to === "denied" ? cleanText(input.customerReason) : null,
            dueAt: input.paymentDeadline,
            document,
          },
        );
        break;
      case "pending": // no transition leads back to pending
        break;
    }
    return {
      ok: true,
      orderId,
      orderNumber: order.orderNumber,
      from,
      to,
      stockRestored,
      pointsCredited,
      pointsReversed,
      couponReleased,
    };
  });
}

export type DeleteOrderInput = {
  orderId: string;
  actor: OrderActor;
  note?: string;
  /** As in changeOrderStatus: refused when another admin changed the order meanwhile. */
  expectedStatus?: OrderStatus;
};

export type DeleteOrderResult = {
  ok: true;
  orderId: string;
  orderNumber: string;
  stockRestored: boolean;
  couponReleased: AppliedCoupon["kind"] | null;
};

/**
 * Removes an order for good (its items cascade); with `mail`, the customer is e-mailed as well. Offered when the order is neither cancelled
 * nor denied (backoffice.md §4); notes are required. An undelivered order gives back its stock
 * (D18) and its coupon (D20). A delivered order keeps its points and its coupon stays used:
 * the customer did buy and receive it, and deleting the record does not undo the purchase.
 */
export async function applyOrderDeletion(
  executor: Kysely<Database>,
  input: DeleteOrderInput,
  mail?: MailContext,
): Promise<DeleteOrderResult | OrderRefusal> {
  if (!isStaff(input.actor)) return { ok: false, error: "forbidden" };
  const note = cleanText(input.note);
  if (!note) return { ok: false, error: "notes_required" };
  return inTransaction(executor, async (trx): Promise<DeleteOrderResult | OrderRefusal> => {
    const order = await loadOrder(trx, input.orderId);
    if (!order) return { ok: false, error: "not_found" };
    const changed = changedMeanwhile(order, input.expectedStatus);
    if (changed) return changed;
    if (!canDeleteOrder(order.status)) {
      return { ok: false, error: "cannot_delete", status: order.status };
    }
    const now = new Date().toISOString();
    // Decision 171: an invoiced order goes only with the credit note that reverses its invoice.
    const fiscal = await creditNoteOnReversal(
      trx,
      order.id,
      `${REVERSAL_REASONS.deleted}: ${note}`,
      new Date(now),
    );
    if (fiscal && !fiscal.ok)
      return { ok: false, error: "fiscal_refused", message: fiscal.message };
    const undone = order.status !== "delivered";
    if (undone) await returnStock(trx, order.id, now);
    // Before the row goes: user_coupons.order_id would be set to NULL by its foreign key.
    const couponReleased = undone ? await releaseCoupon(order.id, trx) : null;
    await logActivity(trx, order, { actor: input.actor, action: "deleted", note, now });
    // Before the row goes: the e-mail reads the order's address and number.
    const document = fiscal
      ? { id: fiscal.id, number: fiscal.number, kind: fiscal.document.kind }
      : undefined;
    await tellCustomer(trx, { order, now, event: "order_deleted", facts: { document }, mail });
    await trx.deleteFrom("orders").where("id", "=", order.id).execute();
    return {
      ok: true,
      orderId: order.id,
      orderNumber: order.orderNumber,
      stockRestored: undone,
      couponReleased,
    };
  });
}

/** Decision 166: what an order earned at delivery: all but cash still to be collected. */
function earnsAtDelivery(order: Pick<LockedOrder, "paymentMethod" | "paidAt">) {
  return order.paymentMethod !== "cash_on_delivery" || order.paidAt !== null;
}

export type RecordCashInput = {
  orderId: string;
  actor: OrderActor;
  /** What was received, in centavos (the total, unless the admin says otherwise). */
  amount: number;
  /** Who collected it: the courier's or the clerk's name, as the admin types it. */
  collectedBy: string;
  now?: Date;
};

export type RecordCashResult = {
  ok: true;
  orderNumber: string;
  status: OrderStatus;
  pointsCredited: number;
};

/**
 * Decision 166: 'Cobrado'. The cash of a cash-on-delivery order (shipped or delivered) or of an
 * order paid at the shop (pending at the counter, which then becomes 'paid') is recorded once:
 * when, how much and who collected it. The order is paid from then: a delivered cash order
 * earns its points now, and the history says who recorded it.
 */
export async function applyCashPayment(
  executor: Kysely<Database>,
  input: RecordCashInput,
  rules: LoyaltyRules,
  mail?: MailContext,
): Promise<RecordCashResult | OrderRefusal> {
  const { actor } = input;
  if (!isStaff(actor)) return { ok: false, error: "forbidden" };
  const collectedBy = cleanText(input.collectedBy);
  if (!collectedBy) return { ok: false, error: "notes_required" };
  return inTransaction(executor, async (trx): Promise<RecordCashResult | OrderRefusal> => {
    const order = await loadOrder(trx, input.orderId);
    if (!order) return { ok: false, error: "not_found" };
    if (!canRecordCash(order)) return { ok: false, error: "no_cash_to_record" };
    const now = (input.now ?? new Date()).toISOString();
    const note = `Cobrado: ${formatMoney(input.amount)} por ${collectedBy}${
      input.amount === order.total ? "" : ` (total del pedido: ${formatMoney(order.total)})`
    }`;
    const to: OrderStatus = order.paymentMethod === "store_pickup" ? "paid" : order.status;
    // Decision 171: the cash received makes the order paid: its invoice, first.
    const fiscal = await invoiceOnPayment(trx, order.id, new Date(now));
    if (fiscal && !fiscal.ok)
      return { ok: false, error: "fiscal_refused", message: fiscal.message };
    const document = fiscal
      ? { id: fiscal.id, number: fiscal.number, kind: fiscal.document.kind }
      : undefined;
    const recorded = await trx
      .updateTable("orders")
      .set({
        status: to,
        paidAt: now,
        updatedAt: now,
        cashCollectedAmount: input.amount,
        cashCollectedBy: collectedBy.slice(0, 120),
        adminNotes: [order.adminNotes, note].filter(Boolean).join("\n"),
      })
      .where("id", "=", order.id)
      .where("paidAt", "is", null)
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) === 0) return { ok: false, error: "no_cash_to_record" };
    await recordEvent(trx, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      actorId: actorIdOf(actor),
      bySystem: 0,
      note,
      trackingNumber: null,
      createdAt: now,
    });
    let pointsCredited = 0;
    const tell = (event: CustomerNoticeEvent, facts: Partial<NoticeFacts> = {}) =>
      tellCustomer(trx, { order, now, event, facts, mail });
    if (to === "paid") await tell("order_approved", { document });
    if (order.status === "delivered") {
      pointsCredited = await creditPoints(trx, order, rules, now);
      if (pointsCredited > 0) await tell("loyalty_points", { points: pointsCredited });
    }
    return { ok: true, orderNumber: order.orderNumber, status: to, pointsCredited };
  });
}

// ---------------------------------------------------------------------------------------
// The steps

type LockedOrder = {
  id: string;
  userId: number | null;
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paidAt: string | null;
  subtotal: number;
  total: number;
  trackingNumber: string | null;
  adminNotes: string | null;
  updatedAt: string;
};

async function loadOrder(trx: Trx, orderId: string): Promise<LockedOrder | undefined> {
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
      "updatedAt",
      "paymentMethod",
      "paidAt",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return order;
}

/** Refused when the order is no longer in the status the admin's screen showed. */
function changedMeanwhile(order: LockedOrder, expected: OrderStatus | undefined) {
  if (expected === undefined || order.status === expected) return null;
  return {
    ok: false,
    error: "stale",
    orderNumber: order.orderNumber,
    status: order.status,
  } as const satisfies OrderRefusal;
}

function isStaff(actor: OrderActor) {
  return actor.role === "admin" || actor.role === "system";
}

function cleanText(text: string | undefined) {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** The status with its timestamp, the guide number, and the notes as "Cancelado: …". */
async function writeStatus(
  trx: Trx,
  order: LockedOrder,
  change: { to: OrderStatus; now: string; note: string | null; trackingNumber: string | null },
) {
  const { to, now, note } = change;
  const noteLine = note ? `${ORDER_STATUS_SHORT_LABELS[to]}: ${note}` : null;
  await trx
    .updateTable("orders")
    .set({
      status: to,
      updatedAt: now,
      trackingNumber: change.trackingNumber,
      adminNotes: noteLine
        ? [order.adminNotes, noteLine].filter(Boolean).join("\n")
        : order.adminNotes,
      ...(to === "paid" ? { paidAt: now } : {}),
      ...(to === "shipped" ? { shippedAt: now } : {}),
      ...(to === "delivered" ? { deliveredAt: now } : {}),
      // Cancelled or denied, an order has no delivery to expect.
      ...(to === "cancelled" || to === "denied" ? { estimatedDelivery: null } : {}),
    })
    .where("id", "=", order.id)
    .execute();
}

/** The order's status history (the admin detail reads it): one row per change, with its actor. */
async function recordEvent(trx: Trx, event: Insertable<OrderStatusEventsTable>) {
  await trx.insertInto("orderStatusEvents").values(event).execute();
}

/** D18: stock goes back for every line whose product still exists, and the sale is undone. */
async function returnStock(trx: Trx, orderId: string, now: string) {
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
        salesCount: larger(trx, sql.lit(0), eb("salesCount", "-", item.quantity)),
        updatedAt: now,
      }))
      .where("id", "=", item.productId)
      .execute();
  }
}

/** D13: points at delivery (through the ledger), and the purchase in the customer's totals. */
async function creditPoints(trx: Trx, order: LockedOrder, rules: LoyaltyRules, now: string) {
  if (order.userId === null) return 0;
  const user = await trx
    .selectFrom("users")
    .select(["totalOrders", "totalSpent", "consecutivePurchases"])
    .where("id", "=", order.userId)
    .executeTakeFirst();
  if (!user) return 0;
  await trx
    .updateTable("users")
    .set({
      totalOrders: user.totalOrders + 1,
      totalSpent: user.totalSpent + order.total,
      lastPurchaseDate: now,
      consecutivePurchases: user.consecutivePurchases + 1,
    })
    .where("id", "=", order.userId)
    .execute();
  const points = pointsForSubtotal(order.subtotal, rules);
  const customer = { ...order, userId: order.userId };
  return creditOrderPoints(trx, customer, points, rules, new Date(now));
}

/**
 * D13: a delivered order cancelled later gives back what delivery gave, as far as the balance
 * holds (points spent on a coupon stay spent), and leaves the customer's purchase totals.
 */
async function reversePoints(trx: Trx, order: LockedOrder, rules: LoyaltyRules, now: string) {
  if (order.userId === null) return 0;
  const user = await trx
    .selectFrom("users")
    .select(["totalOrders", "totalSpent"])
    .where("id", "=", order.userId)
    .executeTakeFirst();
  if (!user) return 0;
  await trx
    .updateTable("users")
    .set({
      totalOrders: Math.max(0, user.totalOrders - 1),
      totalSpent: Math.max(0, user.totalSpent - order.total),
    })
    .where("id", "=", order.userId)
    .execute();
  const customer = { ...order, userId: order.userId };
  return reverseOrderPoints(trx, customer, rules, new Date(now));
}

/**
 * The customer hears of an event: in the app (an account's order) and, given a mail context,
 * by e-mail at the order's address (guests too), in the same words (orders/notices.ts).
 */
async function tellCustomer(
  trx: Trx,
  change: {
    order: LockedOrder;
    now: string;
    event: CustomerNoticeEvent;
    facts: Partial<NoticeFacts>;
    mail: MailContext | undefined;
  },
) {
  const { order, now, event, mail } = change;
  const { orderNumber, trackingNumber } = order;
  const facts: NoticeFacts = { orderNumber, trackingNumber, points: 0, ...change.facts };
  if (mail) await queueOrderStatusEmail(trx, mail, { orderId: order.id, event, facts });
  // Guest orders have nobody to notify in the app (notifications.user_id is required).
  if (order.userId === null) return;
  const notice = customerNotice(event, facts);
  await notifyUser(trx, {
    userId: order.userId,
    type: notice.type,
    title: notice.title,
    message: notice.message,
    // A deleted order has no page left to link to; the number stays in the text.
    orderId: event === "order_deleted" ? null : order.id,
    orderNumber,
    createdAt: now,
  });
}

/** Decision 171: why a credit note reverses an order's invoice, before the admin's notes. */
const REVERSAL_REASONS = {
  cancelled: "Pedido cancelado",
  denied: "Pago denegado",
  deleted: "Pedido eliminado",
} as const;

/** The customer's notice of an order closed without a delivery. */
const CLOSED_NOTICES = {
  cancelled: "order_cancelled",
  denied: "order_denied",
} satisfies Record<string, CustomerNoticeEvent>;

const LOGGED_ACTIONS = {
  cancelled: { actionType: "order_cancelled", verb: "cancelado" },
  denied: { actionType: "order_denied", verb: "denegado" },
  deleted: { actionType: "order_deleted", verb: "eliminado" },
} satisfies Record<string, { actionType: ActivityType; verb: string }>;

/** backoffice.md §4: cancel, deny and delete are written in the customer's history. */
async function logActivity(
  trx: Trx,
  order: LockedOrder,
  entry: { actor: OrderActor; action: keyof typeof LOGGED_ACTIONS; note: string; now: string },
) {
  const { actor, action, note, now } = entry;
  if (order.userId === null) return;
  const { actionType, verb } = LOGGED_ACTIONS[action];
  await trx
    .insertInto("userActivityLog")
    .values({
      userId: order.userId,
      adminId: actorIdOf(actor),
      actionType,
      actionDescription: `Pedido ${order.orderNumber} ${verb}`,
      oldValue: order.status,
      newValue: action,
      fieldChanged: "status",
      adminNotes: note,
      createdAt: now,
    })
    .execute();
}
