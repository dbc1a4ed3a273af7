import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database, OrderStatus, PaymentMethod } from "#db/types";
import { db } from "~/utils/db.server";
import type { ProofQueueEntry, ProofReuse } from "./admin";
import { paymentProofUrl } from "~/models/checkout/checkout";
import { ORDER_STATUS_SHORT_LABELS } from "./status";
import { paginate } from "~/utils/paging";
import { contains } from "~/utils/sql.server";

/*
 * What the orders screens of the back office read (backoffice.md §2): the searchable list, the
 * payment-proof queue and one order's detail. Reading only: every status change goes through
 * orders/lifecycle.server.ts.
 */

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export type AdminOrderFilters = {
  /** Order number, customer e-mail, or the customer's first or last name. */
  q?: string;
  status?: OrderStatus;
  /** Decision 166: one way of paying. */
  paymentMethod?: PaymentMethod;
  /** Decision 166: only orders whose payment is not recorded yet. */
  unpaid?: boolean;
  /** 1-based. */
  page?: number;
  pageSize?: number;
};

function likeAny(columns: string[], value: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => contains(db, sql.ref(column), value)),
    sql` or `,
  )})`;
}

function filteredOrders({ q, status, paymentMethod, unpaid }: AdminOrderFilters) {
  let query = db.selectFrom("orders as o").leftJoin("users as u", "u.id", "o.userId");
  const term = q?.trim();
  if (term) {
    query = query.where(
      likeAny(
        ["o.orderNumber", "o.customerEmail", "o.customerName", "u.firstName", "u.lastName"],
        term,
      ),
    );
  }
  if (status) query = query.where("o.status", "=", status);
  if (paymentMethod) query = query.where("o.paymentMethod", "=", paymentMethod);
  if (unpaid) query = query.where("o.paidAt", "is", null);
  return query;
}

/**
 * One page of orders, newest first, with the count of all that match. The order is
 * (created_at desc, id desc) so that a page never repeats or skips an order created in the
 * same millisecond, and the orders_created_idx index serves it.
 */
export async function listAdminOrders(filters: AdminOrderFilters) {
  const pageSize = filters.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const { rows, ...window } = await paginate({
    page: filters.page,
    pageSize,
    count: async () =>
      (
        await filteredOrders(filters)
          .select((eb) => eb.fn.countAll<number>().as("total"))
          .executeTakeFirstOrThrow()
      ).total,
    rows: ({ limit, offset }) =>
      filteredOrders(filters)
        .select([
          "o.id",
          "o.orderNumber",
          "o.userId",
          "o.status",
          "o.paymentMethod",
          "o.shippingCity",
          "o.customerName",
          "o.customerEmail",
          "o.customerPhone",
          "o.total",
          "o.shippingCost",
          "o.paymentProof",
          "o.createdAt",
        ])
        .orderBy("o.createdAt", "desc")
        .orderBy("o.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
  });
  const items = await itemsOf(rows.map((row) => row.id));
  const orders = rows.map(({ userId, paymentProof, ...row }) => {
    const lines = items.get(row.id) ?? [];
    return {
      ...row,
      isGuest: userId === null,
      hasProof: paymentProof !== null,
      // backoffice.md §2: the first two items, then '+N más'.
      firstItems: lines.slice(0, 2),
      moreItems: Math.max(0, lines.length - 2),
    };
  });
  return { orders, ...window };
}

async function itemsOf(orderIds: string[]) {
  const byOrder = new Map<string, { productName: string; size: string; quantity: number }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom("orderItems")
    .select(["orderId", "productName", "size", "quantity"])
    .where("orderId", "in", orderIds)
    .orderBy("id")
    .execute();
  for (const { orderId, ...item } of rows) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
  }
  return byOrder;
}

/**
 * For each content hash, the orders whose proof has those stored bytes: the same transfer
 * receipt sent for two orders.
 */
async function ordersSharingProofs(hashes: string[]) {
  const byHash = new Map<string, ProofReuse[]>();
  if (hashes.length === 0) return byHash;
  const rows = await db
    .selectFrom("paymentProofs as p")
    .innerJoin("orders as o", "o.id", "p.orderId")
    .select(["p.contentHash", "o.id as orderId", "o.orderNumber"])
    .where("p.contentHash", "in", hashes)
    .orderBy("o.createdAt")
    .execute();
  for (const row of rows) {
    if (!row.contentHash) continue;
    const list = byHash.get(row.contentHash) ?? [];
    list.push({ orderId: row.orderId, orderNumber: row.orderNumber });
    byHash.set(row.contentHash, list);
  }
  return byHash;
}

function reusesFor(
  byHash: Awaited<ReturnType<typeof ordersSharingProofs>>,
  hash: string | null,
  orderId: string,
): ProofReuse[] {
  if (!hash) return [];
  return (byHash.get(hash) ?? []).filter((other) => other.orderId !== orderId);
}

/**
 * The payment-proof queue: pending bank transfers that carry a proof, oldest first (the
 * customer who has waited longest is answered first).
 */
export async function listProofQueue(): Promise<ProofQueueEntry[]> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("paymentProofs as p", "p.orderId", "o.id")
    .select([
      "o.id",
      "o.orderNumber",
      "o.userId",
      "o.status",
      "o.customerName",
      "o.customerEmail",
      "o.customerPhone",
      "o.total",
      "o.createdAt",
      "p.id as proofId",
      "p.contentHash",
    ])
    .where("o.status", "=", "pending")
    .where("o.paymentMethod", "=", "bank_transfer")
    .orderBy("o.createdAt", "asc")
    .orderBy("o.id", "asc")
    .execute();
  const byHash = await ordersSharingProofs(
    rows.flatMap((row) => (row.contentHash ? [row.contentHash] : [])),
  );
  return rows.map(({ userId, proofId, contentHash, ...row }) => ({
    ...row,
    isGuest: userId === null,
    proofUrl: paymentProofUrl(proofId),
    reusedIn: reusesFor(byHash, contentHash, row.id),
  }));
}

/** How many proofs wait for review (the queue's link and the dashboard card). */
export async function countProofQueue(executor: Kysely<Database> = db) {
  const { count } = await executor
    .selectFrom("orders as o")
    .where("o.status", "=", "pending")
    .where("o.paymentMethod", "=", "bank_transfer")
    .where((eb) =>
      eb.exists(
        eb.selectFrom("paymentProofs as p").select("p.id").whereRef("p.orderId", "=", "o.id"),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return count;
}

export type OrderHistoryEntry = {
  at: string;
  label: string;
  /** The admin who did it (name, else e-mail); null for the shop or when nobody is known. */
  by: string | null;
  note: string | null;
};

/** One order with everything the customer entered, its lines, proof and history. */
export async function getAdminOrder(orderId: string) {
  const order = await db
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.userId")
    .select([
      "o.id",
      "o.orderNumber",
      "o.userId",
      "o.status",
      "o.paymentMethod",
      "o.shippingMethod",
      "o.subtotal",
      "o.shippingCost",
      "o.tax",
      "o.couponDiscount",
      "o.couponCode",
      "o.total",
      "o.customerName",
      "o.customerEmail",
      "o.customerPhone",
      "o.shippingAddress",
      "o.shippingCity",
      "o.shippingZone",
      "o.trackingNumber",
      "o.adminNotes",
      "o.estimatedDelivery",
      "o.paidAt",
      "o.shippedAt",
      "o.deliveredAt",
      "o.createdAt",
      "o.updatedAt",
      "o.paymentSurcharge",
      "o.cashCollectedAmount",
      "o.cashCollectedBy",
      "o.createdBy",
      "o.paymentNote",
      "u.email as accountEmail",
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;

  const items = await db
    .selectFrom("orderItems as i")
    .leftJoin("products as p", "p.id", "i.productId")
    .select([
      "i.id",
      "i.productName",
      "i.productImage",
      "i.size",
      "i.quantity",
      "i.price",
      "p.slug as productSlug",
    ])
    .where("i.orderId", "=", orderId)
    .orderBy("i.id")
    .execute();

  const proof = await db
    .selectFrom("paymentProofs")
    .select(["id", "contentHash"])
    .where("orderId", "=", orderId)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  const byHash = await ordersSharingProofs(proof?.contentHash ? [proof.contentHash] : []);

  const { userId, accountEmail, createdBy: _createdBy, ...rest } = order;
  return {
    ...rest,
    isGuest: userId === null,
    accountEmail,
    items,
    proof: proof
      ? {
          url: paymentProofUrl(proof.id),
          reusedIn: reusesFor(byHash, proof.contentHash, order.id),
        }
      : null,
    history: await historyOf(order),
  };
}

/** A step of the history as the detail words it: the guide number goes with the shipping. */
function stepLabel(from: OrderStatus | null, to: OrderStatus, trackingNumber: string | null) {
  // Issue 12: an event that keeps the status is a transfer deadline an admin extended.
  if (from === to) return "Plazo de pago extendido";
  if (to === "paid") return "Pago aprobado";
  if (to === "shipped" && trackingNumber) return `Enviado con la guía ${trackingNumber}`;
  return ORDER_STATUS_SHORT_LABELS[to];
}

/**
 * The order's status history: "Pedido recibido" at its creation (placing an order writes no
 * event), then every change the lifecycle recorded in order_status_events, oldest first, with
 * the admin who made it (by name, else e-mail) and the notes. Guest orders have one too.
 */
async function historyOf(order: {
  id: string;
  createdAt: string;
  createdBy: number | null;
  paymentNote: string | null;
}): Promise<OrderHistoryEntry[]> {
  const events = await db
    .selectFrom("orderStatusEvents as e")
    .leftJoin("users as a", "a.id", "e.actorId")
    .select([
      "e.fromStatus",
      "e.toStatus",
      "e.bySystem",
      "e.note",
      "e.trackingNumber",
      "e.createdAt",
      "a.firstName",
      "a.lastName",
      "a.email",
    ])
    .where("e.orderId", "=", order.id)
    .orderBy("e.createdAt")
    .orderBy("e.id")
    .execute();
  return [
    await creation(order),
    ...events.map((event) => ({
      at: event.createdAt,
      label: stepLabel(event.fromStatus, event.toStatus, event.trackingNumber),
      by: byWhom(event),
      note: event.note,
    })),
  ];
}

/**
 * The first step: "Pedido recibido", or for an order the shop took (decision 167) who entered
 * it, with the note on its payment method.
 */
async function creation(order: {
  createdAt: string;
  createdBy: number | null;
  paymentNote: string | null;
}): Promise<OrderHistoryEntry> {
  if (order.createdBy === null) {
    return { at: order.createdAt, label: "Pedido recibido", by: null, note: null };
  }
  const admin = await db
    .selectFrom("users")
    .select(["firstName", "lastName", "email"])
    .where("id", "=", order.createdBy)
    .executeTakeFirst();
  return {
    at: order.createdAt,
    label: "Pedido creado por la tienda",
    by: admin ? byWhom({ bySystem: 0, ...admin }) : null,
    note: order.paymentNote,
  };
}

/**
 * The admin by name, else e-mail; "Sistema" for the shop's own jobs (issue 12); nobody for steps
 * recovered from older records.
 */
function byWhom(event: {
  bySystem: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) {
  if (event.bySystem === 1) return "Sistema";
  return [event.firstName, event.lastName].filter(Boolean).join(" ") || event.email;
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
