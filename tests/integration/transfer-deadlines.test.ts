import { describe, expect, it } from "vitest";
import { getAdminOrder } from "~/models/orders/admin.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import {
  expireUnpaidTransfers,
  extendTransferDeadline,
} from "~/models/orders/transfer-deadlines.server";
import { updateSettings } from "~/models/settings/settings.server";
import { action, loader } from "~/routes/admin.orders_.$orderId/route";
import { loader as confirmationLoader } from "~/routes/_store.order-confirmation.$orderId";
import { DEADLINE_FORM_MESSAGES } from "~/routes/admin.orders_.$orderId/forms.server";
import { db } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { createProduct, stockOf } from "../../seed/factories/catalog";
import { notificationsOf } from "../../seed/factories/notifications";
import { createPromoCode } from "../../seed/factories/coupons";
import { attachProof, createOrder } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

/*
 * The deadline job with an injected clock: each test places its orders at a moment of its own
 * far from the others' and runs the job at a chosen instant after it. The default deadline is
 * 72 hours (transfer_deadline_hours), so the reminder is due at 36.
 */

const HOUR = 60 * 60 * 1000;
let clock = Date.parse("2031-01-05T12:00:00.000Z");
/** A fresh moment for each test's orders, days after the previous test's. */
const placedAt = () => new Date((clock += 90 * 24 * HOUR));
const after = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);

async function transferOrder(createdAt: Date, options: { promo?: boolean } = {}) {
  const customer = await createUser(db);
  const product = await createProduct(db, { stock: 10 });
  const promo = options.promo ? await createPromoCode(db) : undefined;
  const order = await createOrder(db, {
    lines: [{ product, quantity: 2 }],
    userId: customer.id,
    createdAt: createdAt.toISOString(),
    promo,
  });
  return { order, customer, product, promo };
}

const statusOf = async (orderId: string) =>
  (
    await db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).status;

const cancellationsOf = (orderId: string) =>
  db
    .selectFrom("orderStatusEvents")
    .select(["actorId", "note", "createdAt"])
    .where("orderId", "=", orderId)
    .where("toStatus", "=", "cancelled")
    .execute();

describe("expireUnpaidTransfers", () => {
  it("leaves an unpaid transfer alone before its deadline", async () => {
    const start = placedAt();
    const { order, product, customer } = await transferOrder(start);

    const run = await expireUnpaidTransfers({ now: after(start, 71.9) });

    expect(run.cancelled).not.toContain(order.orderNumber);
    expect(await statusOf(order.id)).toBe("pending");
    expect(await stockOf(db, product.id)).toBe(8);
    expect((await notificationsOf(db, customer.id)).map((n) => n.type)).not.toContain(
      "order_cancelled",
    );
  });

  it("cancels it after the deadline: stock and coupon back, the customer told, the shop in the history", async () => {
    const start = placedAt();
    const { order, product, customer, promo } = await transferOrder(start, { promo: true });
    const usesBefore = (
      await db
        .selectFrom("promoCodes")
        .select("currentUses")
        .where("id", "=", promo!.id)
        .executeTakeFirstOrThrow()
    ).currentUses;
    const now = after(start, 72.1);

    const run = await expireUnpaidTransfers({ now });

    expect(run.cancelled).toContain(order.orderNumber);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(db, product.id)).toBe(10);
    const uses = await db
      .selectFrom("promoCodes")
      .select("currentUses")
      .where("id", "=", promo!.id)
      .executeTakeFirstOrThrow();
    expect(uses.currentUses).toBe(usesBefore - 1);
    const notices = await notificationsOf(db, customer.id);
    expect(notices.filter((n) => n.type === "order_cancelled")).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber }),
    ]);
    const [event] = await cancellationsOf(order.id);
    expect(event).toMatchObject({ actorId: null, createdAt: now.toISOString() });
    expect(event!.note).toContain("plazo de pago venció");
    const detail = await getAdminOrder(order.id);
    expect(detail!.history.at(-1)).toMatchObject({ label: "Cancelado", by: "Sistema" });
    const logged = await db
      .selectFrom("userActivityLog")
      .select(["adminId", "actionType"])
      .where("userId", "=", customer.id)
      .execute();
    expect(logged).toEqual([{ adminId: null, actionType: "order_cancelled" }]);
  });

  it("follows the transfer_deadline_hours setting", async () => {
    const start = placedAt();
    const { order } = await transferOrder(start);
    await updateSettings({ transfer_deadline_hours: "24" });
    try {
      await expireUnpaidTransfers({ now: after(start, 23) });
      expect(await statusOf(order.id)).toBe("pending");
      await expireUnpaidTransfers({ now: after(start, 25) });
      expect(await statusOf(order.id)).toBe("cancelled");
    } finally {
      await updateSettings({ transfer_deadline_hours: "72" });
    }
  });

  it("never cancels an order whose proof waits for review", async () => {
    const start = placedAt();
    const { order, product } = await transferOrder(start);
    await attachProof(db, { orderId: order.id });

    const run = await expireUnpaidTransfers({ now: after(start, 24 * 30) });

    expect(run.cancelled).not.toContain(order.orderNumber);
    expect(await statusOf(order.id)).toBe("pending");
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it("never cancels an order whose payment was approved", async () => {
    const start = placedAt();
    const { order } = await transferOrder(start);
    const admin = await createUser(db, { role: "admin" });
    await changeOrderStatus({
      orderId: order.id,
      to: "paid",
      actor: { userId: admin.id, role: "admin" },
    });

    await expireUnpaidTransfers({ now: after(start, 24 * 30) });

    expect(await statusOf(order.id)).toBe("paid");
    expect(await cancellationsOf(order.id)).toEqual([]);
  });

  it("respects a deadline an admin extended, and logs the extension", async () => {
    const start = placedAt();
    const { order } = await transferOrder(start);
    const admin = await createUser(db, { role: "admin", firstName: "Ana", lastName: "Admin" });
    const actor = { userId: admin.id, role: "admin" } as const;
    const extended = await extendTransferDeadline({
      orderId: order.id,
      actor,
      hours: 24,
      now: after(start, 70),
    });
    const dueAt = after(start, 96).toISOString();
    expect(extended).toEqual({ ok: true, dueAt });

    await expireUnpaidTransfers({ now: after(start, 80) });
    expect(await statusOf(order.id)).toBe("pending");
    await expireUnpaidTransfers({ now: after(start, 96.1) });
    expect(await statusOf(order.id)).toBe("cancelled");

    const detail = await getAdminOrder(order.id);
    expect(detail!.history).toContainEqual(
      expect.objectContaining({
        label: "Plazo de pago extendido",
        by: "Ana Admin",
        note: `Plazo de pago extendido hasta el ${formatDateTime(dueAt)}.`,
      }),
    );
  });

  it("refuses an extension that is not later, too far, or for an order not awaiting payment", async () => {
    const start = placedAt();
    const { order } = await transferOrder(start);
    const admin = await createUser(db, { role: "admin" });
    const actor = { userId: admin.id, role: "admin" } as const;
    const now = after(start, 10);
    const refusal = async (until: Date) => {
      const result = await extendTransferDeadline({ orderId: order.id, actor, until, now });
      return result.ok ? result : result.error;
    };

    expect(await refusal(after(start, 60))).toBe("notLater");
    expect(await refusal(after(start, 24 * 45))).toBe("tooFar");
    await changeOrderStatus({ orderId: order.id, to: "paid", actor });
    expect(await refusal(after(start, 100))).toBe("notPending");
  });

  it("reminds the customer once at half the deadline, with the deadline in Honduras time", async () => {
    const start = placedAt();
    const { order, customer } = await transferOrder(start);

    await expireUnpaidTransfers({ now: after(start, 35.9) });
    expect(await notificationsOf(db, customer.id)).toEqual([]);

    const run = await expireUnpaidTransfers({ now: after(start, 36) });
    await expireUnpaidTransfers({ now: after(start, 50) });

    expect(run.reminded).toContain(order.orderNumber);
    const deadline = formatDateTime(after(start, 72).toISOString());
    expect(await notificationsOf(db, customer.id)).toEqual([
      {
        type: "payment_reminder",
        title: "Recordatorio de pago",
        message: `Tu pedido ${order.orderNumber} se cancelará el ${deadline} si no recibimos tu pago.`,
        orderNumber: order.orderNumber,
      },
    ]);
    expect(await statusOf(order.id)).toBe("pending");
  });

  it("cancels and reminds each order once when runs overlap or repeat", async () => {
    const start = placedAt();
    const due = await transferOrder(start);
    const halfway = await transferOrder(after(start, 40));
    const now = after(start, 80);

    const runs = await Promise.all([
      expireUnpaidTransfers({ now }),
      expireUnpaidTransfers({ now }),
      expireUnpaidTransfers({ now }),
    ]);
    await expireUnpaidTransfers({ now: after(now, 1) });

    const cancelledBy = runs.filter((run) => run.cancelled.includes(due.order.orderNumber));
    const remindedBy = runs.filter((run) => run.reminded.includes(halfway.order.orderNumber));
    expect(cancelledBy).toHaveLength(1);
    expect(remindedBy).toHaveLength(1);
    expect(await cancellationsOf(due.order.id)).toHaveLength(1);
    expect(await stockOf(db, due.product.id)).toBe(10);
    expect((await notificationsOf(db, due.customer.id)).map((n) => n.type)).toEqual([
      "order_cancelled",
    ]);
    expect((await notificationsOf(db, halfway.customer.id)).map((n) => n.type)).toEqual([
      "payment_reminder",
    ]);
  });
});

describe("the admin order page's deadline form", () => {
  const extend = (orderId: string, fields: Record<string, string>, cookie: string) =>
    settle(() =>
      action({
        request: formPost(
          `/admin/orders/${orderId}`,
          { intent: "extend-deadline", ...fields },
          cookie,
        ),
        params: { orderId },
        context: {},
      }),
    );

  async function toastOf(response: Response, cookie: string) {
    expect(response.status).toBe(302);
    return (await readSession(sessionCookieOf(response, cookie))).toast;
  }

  it("shows the deadline, refuses bad input in Spanish and extends by hours or to a date", async () => {
    const { order, customer } = await transferOrder(new Date());
    const admin = await createUser(db, { role: "admin" });
    const cookie = await signedInCookie(admin.id);
    const shown = await settle(() =>
      loader({
        request: get(`/admin/orders/${order.id}`, cookie),
        params: { orderId: order.id },
        context: {},
      }),
    );
    const { paymentDeadline } = (await shown.json()) as { paymentDeadline: string };
    expect(paymentDeadline).toBe(after(new Date(order.createdAt), 72).toISOString());

    for (const [fields, message] of [
      [{}, DEADLINE_FORM_MESSAGES.missing],
      [{ hours: "0" }, DEADLINE_FORM_MESSAGES.hours],
      [{ hours: "2.5" }, DEADLINE_FORM_MESSAGES.hours],
      [{ until: "2026-02-30T10:00" }, DEADLINE_FORM_MESSAGES.until],
      [{ until: "2020-01-01T10:00" }, "El nuevo plazo debe ser posterior al plazo actual."],
    ] as const) {
      const toast = await toastOf(await extend(order.id, fields, cookie), cookie);
      expect(toast).toMatchObject({ type: "error", description: message });
    }

    const byHours = await toastOf(await extend(order.id, { hours: "12" }, cookie), cookie);
    const extended = after(new Date(order.createdAt), 84).toISOString();
    expect(byHours).toMatchObject({
      title: "Plazo de pago extendido",
      description: `Paga antes del ${formatDateTime(extended)}`,
    });

    // A datetime-local value is Honduras time (UTC−6).
    const local = new Date(Date.now() + 5 * 24 * HOUR - 6 * HOUR).toISOString().slice(0, 16);
    await toastOf(await extend(order.id, { until: local }, cookie), cookie);
    const { paymentDueAt } = await db
      .selectFrom("orders")
      .select("paymentDueAt")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(paymentDueAt).toBe(new Date(`${local}:00.000-06:00`).toISOString());

    const customerCookie = await signedInCookie(customer.id);
    const customerPage = await settle(() =>
      confirmationLoader({
        request: get(`/order-confirmation/${order.id}`, customerCookie),
        params: { orderId: order.id },
        context: {},
      }),
    );
    const { transfer } = (await customerPage.json()) as { transfer: { dueAt: string } };
    expect(transfer.dueAt).toBe(paymentDueAt);
  });
});
