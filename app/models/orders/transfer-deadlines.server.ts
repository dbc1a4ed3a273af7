import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import { db as storeDb } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { changeOrderStatus, SYSTEM_ACTOR, type OrderActor } from "./lifecycle.server";
import { orderRefusalMessage } from "./refusals";
import { notifyUser } from "~/models/notifications/notify.server";
import { customerNotice } from "./notices";
import { transferDeadline } from "./late-proof";
import { getSettings } from "~/models/settings/settings.server";

/*
 * Issue 12: a bank-transfer order holds its units (D18) until it is paid. One left pending
 * without a proof past its deadline (created_at + transfer_deadline_hours, or the date an admin
 * extended it to) is cancelled through the order lifecycle, so its stock and coupon come back,
 * the customer is notified and the history says the shop did it. At half the deadline the
 * customer is reminded once. An order whose proof waits for review is the shop's turn, not the
 * customer's: it is never cancelled here (docs/decisions/074.md).
 *
 * Every worker's timer runs the job; the database decides. A cancellation is one lifecycle
 * transaction (BEGIN IMMEDIATE) that is refused as stale when the order changed since it was
 * read; a reminder is claimed by a conditional update of payment_reminded_at.
 */

const HOUR = 60 * 60 * 1000;

export type TransferDeadlineRun = { cancelled: string[]; reminded: string[] };

/** Half-way from the order to its deadline: when the customer is reminded. */
function reminderTime(createdAt: string, deadline: Date) {
  const created = new Date(createdAt).getTime();
  return new Date(created + (deadline.getTime() - created) / 2);
}

/**
 * Pending bank transfers the customer still has to pay: no approved payment (the status is
 * still pending) and no proof waiting for review (neither a stored proof nor a proof URL).
 */
export function unpaidTransfers(executor: Kysely<Database>) {
  return executor
    .selectFrom("orders as o")
    .select([
      "o.id",
      "o.userId",
      "o.orderNumber",
      "o.createdAt",
      "o.updatedAt",
      "o.paymentDueAt",
      "o.paymentRemindedAt",
    ])
    .where("o.status", "=", "pending")
    .where("o.paymentMethod", "=", "bank_transfer")
    .where("o.paymentProof", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("paymentProofs as p").select("p.id").whereRef("p.orderId", "=", "o.id"),
        ),
      ),
    )
    .orderBy("o.createdAt");
}

/** Decision 166: orders to pay at the shop, still pending (not yet paid at pickup). */
function unpaidStoreReservations(executor: Kysely<Database>) {
  return executor
    .selectFrom("orders as o")
    .select(["o.id", "o.orderNumber", "o.createdAt", "o.updatedAt", "o.paymentDueAt"])
    .where("o.status", "=", "pending")
    .where("o.paymentMethod", "=", "store_pickup")
    .orderBy("o.createdAt");
}

/**
 * Cancels every unpaid transfer past its deadline and reminds, once, those past half of it.
 * Safe to run twice or in several processes at once: each order is cancelled once and reminded
 * once. Returns the order numbers it cancelled and reminded.
 */
export async function expireUnpaidTransfers(
  options: { now?: Date; db?: Kysely<Database> } = {},
): Promise<TransferDeadlineRun> {
  const now = options.now ?? new Date();
  const executor = options.db ?? storeDb;
  const settings = await getSettings();
  const hours = settings.transfer_deadline_hours;
  const run: TransferDeadlineRun = { cancelled: [], reminded: [] };
  // Decision 166: an order to pay at the shop is held its days, then let go like a transfer.
  for (const order of await unpaidStoreReservations(executor).execute()) {
    const deadline = transferDeadline(order, settings.store_payment_hold_days * 24);
    if (deadline <= now && (await cancelUnpaid(order, deadline, now))) {
      run.cancelled.push(order.orderNumber);
    }
  }
  for (const order of await unpaidTransfers(executor).execute()) {
    const deadline = transferDeadline(order, hours);
    if (deadline <= now) {
      if (await cancelUnpaid(order, deadline, now)) run.cancelled.push(order.orderNumber);
    } else if (!order.paymentRemindedAt && reminderTime(order.createdAt, deadline) <= now) {
      if (await remind(executor, order, deadline, now)) run.reminded.push(order.orderNumber);
    }
  }
  return run;
}

async function cancelUnpaid(order: { id: string; updatedAt: string }, deadline: Date, now: Date) {
  const result = await changeOrderStatus({
    orderId: order.id,
    to: "cancelled",
    actor: SYSTEM_ACTOR,
    note: `Cancelado automáticamente: el plazo de pago venció el ${formatDateTime(deadline.toISOString())}.`,
    // The customer reads that it expired unpaid (decision 104), in the app and by e-mail.
    paymentDeadline: deadline.toISOString(),
    // Paid, cancelled, extended or given a proof meanwhile (another worker, an admin): skip.
    expectedStatus: "pending",
    expectedUpdatedAt: order.updatedAt,
    now,
  });
  if (result.ok) return true;
  if (result.error === "stale" || result.error === "not_found") return false;
  // A pending transfer can always be cancelled by the shop: anything else is a bug.
  throw new Error(orderRefusalMessage(result));
}

async function remind(
  executor: Kysely<Database>,
  order: { id: string; userId: number | null; orderNumber: string },
  deadline: Date,
  now: Date,
) {
  return executor.transaction().execute(async (trx) => {
    // The claim: only the first run (of any worker) finds the column empty.
    const claimed = await trx
      .updateTable("orders")
      .set({ paymentRemindedAt: now.toISOString() })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .where("paymentRemindedAt", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    // A guest order has nobody to notify in the app (notifications.user_id is required).
    if (order.userId === null) return true;
    const notice = customerNotice("payment_reminder", {
      orderNumber: order.orderNumber,
      trackingNumber: null,
      points: 0,
      dueAt: deadline.toISOString(),
    });
    await notifyUser(trx, {
      userId: order.userId,
      type: "payment_reminder",
      title: notice.title,
      message: notice.message,
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    return true;
  });
}

export const TRANSFER_DEADLINE_MESSAGES = {
  notFound: "Pedido no encontrado",
  notPending: "Solo se puede extender el plazo de una transferencia pendiente de pago.",
  notLater: "El nuevo plazo debe ser posterior al plazo actual.",
  tooFar: "El nuevo plazo no puede pasar de 30 días desde hoy.",
} as const;

export type ExtendDeadlineRefusal = keyof typeof TRANSFER_DEADLINE_MESSAGES;

export type ExtendDeadlineResult =
  { ok: true; dueAt: string } | { ok: false; error: ExtendDeadlineRefusal };

const MAX_EXTENSION = 30 * 24 * HOUR;

/**
 * An admin moves one transfer order's deadline later (`until`, or the current deadline plus
 * `hours`). The change is written in the order's history (an event from pending to pending with
 * the new date) and bumps updated_at, so a job run that read the old deadline leaves it alone.
 */
export async function extendTransferDeadline(input: {
  orderId: string;
  actor: OrderActor;
  until?: Date;
  hours?: number;
  now?: Date;
}): Promise<ExtendDeadlineResult> {
  const now = input.now ?? new Date();
  const hours = (await getSettings()).transfer_deadline_hours;
  return storeDb.transaction().execute(async (trx): Promise<ExtendDeadlineResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "paymentMethod", "createdAt", "paymentDueAt"])
      .where("id", "=", input.orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, error: "notFound" };
    if (order.status !== "pending" || order.paymentMethod !== "bank_transfer") {
      return { ok: false, error: "notPending" };
    }
    const current = transferDeadline(order, hours);
    const base = current > now ? current : now;
    const until = input.until ?? new Date(base.getTime() + (input.hours ?? 0) * HOUR);
    if (until <= current || until <= now) return { ok: false, error: "notLater" };
    if (until.getTime() - now.getTime() > MAX_EXTENSION) return { ok: false, error: "tooFar" };
    const at = now.toISOString();
    const dueAt = until.toISOString();
    await trx
      .updateTable("orders")
      .set({ paymentDueAt: dueAt, updatedAt: at })
      .where("id", "=", order.id)
      .execute();
    await trx
      .insertInto("orderStatusEvents")
      .values({
        orderId: order.id,
        fromStatus: "pending",
        toStatus: "pending",
        actorId: input.actor.role === "system" ? null : input.actor.userId,
        note: `Plazo de pago extendido hasta el ${formatDateTime(dueAt)}.`,
        trackingNumber: null,
        createdAt: at,
      })
      .execute();
    return { ok: true, dueAt };
  });
}

/**
 * The deadline an order's pages show ("Paga antes del …"), as an ISO timestamp: null unless the
 * order is an unpaid transfer the job would cancel (pending, bank transfer, no proof).
 */
export async function getPaymentDeadline(orderId: string, executor: Kysely<Database> = storeDb) {
  const order = await unpaidTransfers(executor).where("o.id", "=", orderId).executeTakeFirst();
  if (!order) return null;
  const hours = (await getSettings()).transfer_deadline_hours;
  return transferDeadline(order, hours).toISOString();
}

/** The deadlines' job (app/jobs.server.ts, every 5 minutes in each worker): the conditional
 * writes above make a second worker's run a no-op. */
export async function transferDeadlinesJob() {
  const { cancelled, reminded } = await expireUnpaidTransfers();
  const done = [
    cancelled.length > 0 && `cancelled ${cancelled.join(", ")}`,
    reminded.length > 0 && `reminded ${reminded.join(", ")}`,
  ].filter(Boolean);
  return done.length > 0 ? done.join("; ") : null;
}
