import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listAdminOrders, type OrderHistoryEntry } from "~/models/orders/admin.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { NOTES_REQUIRED } from "~/models/orders/status";
import { loader as listLoader } from "~/routes/admin.orders";
import { action, loader as detailLoader } from "~/routes/admin.orders_.$orderId/route";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { storeProof } from "~/models/checkout/proofs.server";
import { createProduct, stockOf } from "../../seed/factories/catalog";
import { createOrder, type OrderOptions } from "../../seed/factories/orders";
import { createUser } from "../../seed/factories/users";
import { pngBytes } from "../setup/checkout-helpers";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

const unique = () => crypto.randomBytes(4).toString("hex");

async function adminCookie() {
  const admin = await createUser(db, { role: "admin", firstName: "Ana", lastName: "Admin" });
  return { admin, cookie: await signedInCookie(admin.id) };
}

const list = (query: string, cookie?: string) =>
  settle(() =>
    listLoader({ request: get(`/admin/orders${query}`, cookie), params: {}, context: {} }),
  );

const detail = (orderId: string, cookie?: string) =>
  settle(() =>
    detailLoader({
      request: get(`/admin/orders/${orderId}`, cookie),
      params: { orderId },
      context: {},
    }),
  );

const post = (orderId: string, fields: Record<string, string>, cookie?: string) =>
  settle(() =>
    action({
      request: formPost(`/admin/orders/${orderId}`, fields, cookie),
      params: { orderId },
      context: {},
    }),
  );

/** The redirect's target and the toast it flashed. */
async function outcome(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  const { toast } = await readSession(sessionCookieOf(response, cookie));
  return { location: response.headers.get("Location"), toast };
}

async function statusOf(orderId: string) {
  const row = await db
    .selectFrom("orders")
    .select(["status", "trackingNumber"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  return row;
}

async function anOrder(options: Partial<OrderOptions> = {}) {
  const product = await createProduct(db, { price: 100_000, stock: 10 });
  const customer = await createUser(db);
  const order = await createOrder(db, {
    lines: [{ product, quantity: 2 }],
    userId: customer.id,
    customerEmail: customer.email,
    ...options,
  });
  return { product, customer, order };
}

describe("access to /admin/orders", () => {
  it("sends the anonymous to /login and refuses customers with the section's message", async () => {
    const { order } = await anOrder();
    const customer = await signedInCookie((await createUser(db)).id);
    const anonymous = await list("");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    for (const response of [
      await list("", customer),
      await detail(order.id, customer),
      await post(order.id, { intent: "status", to: "paid" }, customer),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: "No tienes permisos para acceder a esta sección.",
      });
    }
    expect((await statusOf(order.id))?.status).toBe("pending");
  });
});

describe("the orders list", () => {
  it("finds orders by number, e-mail, first and last name, with exact counts", async () => {
    const { cookie } = await adminCookie();
    const tag = unique();
    const customer = await createUser(db, { firstName: `Mar${tag}`, lastName: `Paz${tag}` });
    const product = await createProduct(db);
    const mine = await createOrder(db, {
      lines: [{ product }],
      userId: customer.id,
      customerName: `Mar${tag} Paz${tag}`,
      customerEmail: `mar-${tag}@example.com`,
    });
    await createOrder(db, {
      lines: [{ product }],
      userId: customer.id,
      status: "paid",
      customerEmail: `otra-${tag}@example.com`,
    });
    const guest = await createOrder(db, {
      lines: [{ product }],
      sessionId: "guest",
      customerName: `Invitada ${tag}`,
    });

    const search = async (query: string) => (await (await list(query, cookie)).json()).list;
    expect(
      (await search(`?q=${mine.orderNumber}`)).orders.map((o: { id: string }) => o.id),
    ).toEqual([mine.id]);
    expect((await search(`?q=${mine.orderNumber.toLowerCase()}`)).total).toBe(1);
    expect((await search(`?q=MAR-${tag}@example.com`)).total).toBe(1);
    expect((await search(`?q=Mar${tag}`)).total).toBe(2); // first name, via the account
    expect((await search(`?q=Paz${tag}`)).total).toBe(2); // last name
    expect((await search(`?q=Paz${tag}&status=paid`)).total).toBe(1);
    expect((await search(`?q=Paz${tag}&status=delivered`)).total).toBe(0);
    const guests = await search(`?q=Invitada ${tag}`);
    expect(guests.orders).toEqual([expect.objectContaining({ id: guest.id, isGuest: true })]);
    // A LIKE wildcard in the search is taken literally.
    expect((await search(`?q=%25${tag}`)).total).toBe(0);
  });

  it("pages newest first, showing two items and '+N más'", async () => {
    const tag = unique();
    const products = await Promise.all([1, 2, 3, 4].map(() => createProduct(db)));
    const created: string[] = [];
    for (let day = 1; day <= 5; day++) {
      const order = await createOrder(db, {
        lines: products.map((product) => ({ product })),
        customerName: `Página ${tag}`,
        createdAt: `2026-10-0${day}T12:00:00.000Z`,
      });
      created.unshift(order.id);
    }
    const first = await listAdminOrders({ q: tag, pageSize: 2, page: 1 });
    const last = await listAdminOrders({ q: tag, pageSize: 2, page: 3 });
    expect(first).toMatchObject({ total: 5, pageCount: 3, page: 1 });
    expect(first.orders.map((o) => o.id)).toEqual(created.slice(0, 2));
    expect(last.orders.map((o) => o.id)).toEqual(created.slice(4));
    expect(first.orders[0].firstItems).toHaveLength(2);
    expect(first.orders[0].moreItems).toBe(2);
    // A page past the end shows the last one.
    expect((await listAdminOrders({ q: tag, pageSize: 2, page: 99 })).page).toBe(3);
  });
});

describe("status changes through the one action", () => {
  it("approves, processes, ships with a guide number and delivers, crediting the points", async () => {
    const { cookie } = await adminCookie();
    const { order, customer } = await anOrder();
    const step = async (fields: Record<string, string>) =>
      outcome(await post(order.id, { intent: "status", ...fields }, cookie), cookie);

    expect(await step({ to: "paid", expectedStatus: "pending" })).toMatchObject({
      location: `/admin/orders/${order.id}`,
      toast: { type: "success", title: "Estado actualizado" },
    });
    await step({ to: "processing", expectedStatus: "paid" });
    await step({ to: "shipped", expectedStatus: "processing", trackingNumber: "GUIA-123" });
    expect(await statusOf(order.id)).toEqual({ status: "shipped", trackingNumber: "GUIA-123" });
    await step({ to: "delivered", expectedStatus: "shipped" });
    expect((await statusOf(order.id))?.status).toBe("delivered");

    const points = await db
      .selectFrom("users")
      .select("loyaltyPoints")
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(points.loyaltyPoints).toBe(customer.loyaltyPoints + Math.floor(order.subtotal / 100));

    const page = await (await detail(order.id, cookie)).json();
    const history = page.order.history as OrderHistoryEntry[];
    expect(history.map(({ label, by }) => ({ label, by }))).toEqual([
      { label: "Pedido recibido", by: null },
      { label: "Pago aprobado", by: "Ana Admin" },
      { label: "Procesando", by: "Ana Admin" },
      { label: "Enviado con la guía GUIA-123", by: "Ana Admin" },
      { label: "Entregado", by: "Ana Admin" },
    ]);
    const times = history.map((entry) => entry.at);
    expect(times).toEqual([...times].sort());
  });

  it("returns to the list the inline selector posted from", async () => {
    const { cookie } = await adminCookie();
    const { order } = await anOrder();
    const back = "/admin/orders?status=pending&q=PH";
    const result = await outcome(
      await post(order.id, { intent: "status", to: "paid", redirectTo: back }, cookie),
      cookie,
    );
    expect(result.location).toBe(back);
  });

  it("cancels with notes, puts the stock back and shows who did it", async () => {
    const { cookie } = await adminCookie();
    const { order, product } = await anOrder();
    expect(await stockOf(db, product.id)).toBe(8);
    const result = await outcome(
      await post(order.id, { intent: "status", to: "cancelled", note: "Cliente desistió" }, cookie),
      cookie,
    );
    expect(result.toast).toMatchObject({ type: "success", title: "Pedido cancelado" });
    expect(await stockOf(db, product.id)).toBe(10);
    const page = await (await detail(order.id, cookie)).json();
    expect(page.order.history).toContainEqual(
      expect.objectContaining({
        label: "Cancelado",
        by: "Ana Admin",
        note: "Cliente desistió",
      }),
    );
    expect(page.order.adminNotes).toContain("Cancelado: Cliente desistió");
  });

  it.each([
    [{ intent: "status", to: "cancelled" }, "No se pudo cancelar el pedido"],
    [{ intent: "status", to: "denied", note: "   " }, "No se pudo denegar el pedido"],
    [{ intent: "delete" }, "No se pudo eliminar el pedido"],
  ])("demands notes for %o", async (fields, title) => {
    const { cookie } = await adminCookie();
    const { order, product } = await anOrder();
    const result = await outcome(await post(order.id, fields, cookie), cookie);
    expect(result.toast).toMatchObject({ type: "error", title, description: NOTES_REQUIRED });
    expect((await statusOf(order.id))?.status).toBe("pending");
    expect(await stockOf(db, product.id)).toBe(8);
  });

  it("keeps a guest order's history, naming the admin (by e-mail when nameless)", async () => {
    const { cookie } = await adminCookie();
    const nameless = await createUser(db, { role: "admin", firstName: "", lastName: "" });
    const { order } = await anOrder({ userId: null, customerEmail: "invitado@example.com" });
    await outcome(await post(order.id, { intent: "status", to: "paid" }, cookie), cookie);
    await changeOrderStatus({
      orderId: order.id,
      to: "cancelled",
      actor: { userId: nameless.id, role: "admin" },
      note: "Sin existencias",
    });
    const page = await (await detail(order.id, cookie)).json();
    expect(page.order.isGuest).toBe(true);
    expect(
      (page.order.history as OrderHistoryEntry[]).map(({ label, by, note }) => [label, by, note]),
    ).toEqual([
      ["Pedido recibido", null, null],
      ["Pago aprobado", "Ana Admin", null],
      ["Cancelado", nameless.email, "Sin existencias"],
    ]);
  });

  it("denies only a pending order, telling the customer the reason", async () => {
    const { cookie } = await adminCookie();
    const { order, customer } = await anOrder();
    const denied = await outcome(
      await post(
        order.id,
        { intent: "status", to: "denied", customerReason: "el monto no coincide" },
        cookie,
      ),
      cookie,
    );
    expect(denied.toast).toMatchObject({ title: "Pedido denegado" });
    const notice = await db
      .selectFrom("notifications")
      .select("message")
      .where("userId", "=", customer.id)
      .where("type", "=", "order_denied")
      .executeTakeFirstOrThrow();
    expect(notice.message).toBe(
      `No pudimos verificar el pago del pedido ${order.orderNumber}. Motivo: el monto no coincide. Contáctanos para ayudarte.`,
    );

    const { order: paid } = await anOrder({ status: "paid" });
    const refused = await outcome(
      await post(paid.id, { intent: "status", to: "denied", note: "tarde" }, cookie),
      cookie,
    );
    expect(refused.toast).toMatchObject({
      type: "error",
      title: "No se pudo denegar el pedido",
      description: "No se puede cambiar un pedido de «Pagado» a «Denegado».",
    });
  });

  it("shows the module's message for a refused transition", async () => {
    const { cookie } = await adminCookie();
    const { order } = await anOrder();
    const result = await outcome(
      await post(order.id, { intent: "status", to: "delivered" }, cookie),
      cookie,
    );
    expect(result.toast).toEqual(
      expect.objectContaining({
        type: "error",
        title: "Error al actualizar el estado del pedido",
        description:
          "No se pudo actualizar el estado del pedido. No se puede cambiar un pedido de «Pendiente» a «Entregado».",
      }),
    );
  });

  it("deletes with notes, back to the list, stock returned", async () => {
    const { cookie } = await adminCookie();
    const { order, product } = await anOrder();
    const result = await outcome(
      await post(
        order.id,
        { intent: "delete", note: "Duplicado", expectedStatus: "pending" },
        cookie,
      ),
      cookie,
    );
    expect(result).toMatchObject({
      location: "/admin/orders",
      toast: { title: "Pedido eliminado" },
    });
    expect(await statusOf(order.id)).toBeUndefined();
    expect(await stockOf(db, product.id)).toBe(10);
    expect((await detail(order.id, cookie)).status).toBe(404);
  });
});

describe("two admins acting on the same order at once", () => {
  it("lets the first cancel and tells the second the order changed: one restock", async () => {
    const { cookie } = await adminCookie();
    const { cookie: other } = await adminCookie();
    const { order, product } = await anOrder();
    const fields = { intent: "status", to: "cancelled", note: "x", expectedStatus: "pending" };
    const [a, b] = await Promise.all([
      post(order.id, fields, cookie),
      post(order.id, fields, other),
    ]);
    const toasts = [(await outcome(a, cookie)).toast, (await outcome(b, other)).toast];
    expect(toasts.filter((toast) => toast?.type === "success")).toHaveLength(1);
    expect(toasts.find((toast) => toast?.type === "error")).toMatchObject({
      title: "No se pudo cancelar el pedido",
      description: expect.stringContaining(
        `El pedido ${order.orderNumber} cambió mientras lo revisabas`,
      ),
    });
    expect(await stockOf(db, product.id)).toBe(10);
    const events = await db
      .selectFrom("orderStatusEvents")
      .select("toStatus")
      .where("orderId", "=", order.id)
      .execute();
    expect(events).toEqual([{ toStatus: "cancelled" }]);
  });

  it("never credits the points twice when two deliver at once", async () => {
    const { admin } = await adminCookie();
    const { order, customer } = await anOrder({ status: "shipped" });
    const actor = { userId: admin.id, role: "admin" as const };
    const results = await Promise.all([
      changeOrderStatus({ orderId: order.id, to: "delivered", actor, expectedStatus: "shipped" }),
      changeOrderStatus({ orderId: order.id, to: "delivered", actor, expectedStatus: "shipped" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: "stale" });
    const history = await db
      .selectFrom("pointsHistory")
      .select("points")
      .where("orderId", "=", order.id)
      .execute();
    expect(history).toEqual([{ points: Math.floor(order.subtotal / 100) }]);
    const user = await db
      .selectFrom("users")
      .select("loyaltyPoints")
      .where("id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(user.loyaltyPoints).toBe(customer.loyaltyPoints + Math.floor(order.subtotal / 100));
  });
});

describe("the payment-proof queue", () => {
  async function uploadProof(bytes: Uint8Array, owner: { userId: number }) {
    const tempPath = path.join(getEnv().DATA_DIR, `proof-${unique()}.png`);
    fs.writeFileSync(tempPath, bytes);
    const stored = await storeProof({ tempPath }, { userId: owner.userId, guestId: null });
    if (!stored.ok) throw new Error(stored.message);
    return stored.id;
  }

  async function attach(proofId: string, orderId: string) {
    await db.updateTable("paymentProofs").set({ orderId }).where("id", "=", proofId).execute();
    await db
      .updateTable("orders")
      .set({ paymentProof: `/resources/payment-proofs/${proofId}` })
      .where("id", "=", orderId)
      .execute();
  }

  it("stores the same hash for the same picture uploaded twice, and a different one otherwise", async () => {
    const customer = await createUser(db);
    const png = await pngBytes(40, 30);
    const ids = [
      await uploadProof(png, { userId: customer.id }),
      await uploadProof(png, { userId: customer.id }),
      await uploadProof(await pngBytes(41, 30), { userId: customer.id }),
    ];
    const rows = await db
      .selectFrom("paymentProofs")
      .select(["id", "contentHash"])
      .where("id", "in", ids)
      .execute();
    const hashOf = (id: string) => rows.find((row) => row.id === id)?.contentHash;
    expect(hashOf(ids[0])).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOf(ids[1])).toBe(hashOf(ids[0]));
    expect(hashOf(ids[2])).not.toBe(hashOf(ids[0]));
  });

  it("lists pending transfers with proofs oldest first and warns of a reused proof", async () => {
    const { cookie } = await adminCookie();
    const png = await pngBytes(50, 20);
    const { order: older, customer } = await anOrder({ createdAt: "2020-01-01T10:00:00.000Z" });
    const { order: newer } = await anOrder({ createdAt: "2020-01-02T10:00:00.000Z" });
    const { order: cash } = await anOrder({ paymentMethod: "cash_on_delivery" });
    await attach(await uploadProof(png, { userId: customer.id }), older.id);
    await attach(await uploadProof(png, { userId: customer.id }), newer.id);
    await attach(await uploadProof(await pngBytes(51, 20), { userId: customer.id }), cash.id);

    const { queue } = await (await list("?review=proofs", cookie)).json();
    const mine = queue.filter((entry: { id: string }) =>
      [older.id, newer.id, cash.id].includes(entry.id),
    );
    expect(mine.map((entry: { id: string }) => entry.id)).toEqual([older.id, newer.id]);
    expect(mine[1].reusedIn).toEqual([{ orderId: older.id, orderNumber: older.orderNumber }]);
    expect(mine[0].reusedIn).toEqual([{ orderId: newer.id, orderNumber: newer.orderNumber }]);
    const page = await (await detail(newer.id, cookie)).json();
    expect(page.order.proof.reusedIn).toEqual([
      { orderId: older.id, orderNumber: older.orderNumber },
    ]);

    // Approving one takes it out of the queue.
    await post(older.id, { intent: "status", to: "paid", expectedStatus: "pending" }, cookie);
    const after = await (await list("?review=proofs", cookie)).json();
    expect(after.queue.map((entry: { id: string }) => entry.id)).not.toContain(older.id);
  });
});
