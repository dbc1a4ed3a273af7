import { describe, expect, it } from "vitest";
import {
  countUnreadNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/models/notifications/notifications.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { getHeaderCounts } from "~/models/customers/header-counts.server";
import { action, loader } from "~/routes/_store.notifications";
import { loader as panelLoader } from "~/routes/resources.notifications";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import { createNotification } from "../../seed/factories/notifications";
import { createOrder } from "../../seed/factories/orders";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

const rowsOf = (userId: number) =>
  db
    .selectFrom("notifications")
    .select(["id", "isRead"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();

/** Two customers, each with notifications: the second one's are never to be touched. */
async function twoCustomers() {
  const owner = await createShopper(db);
  const other = await createShopper(db);
  const first = await createNotification(db, owner.id, { createdAt: "2026-11-01T10:00:00.000Z" });
  const second = await createNotification(db, owner.id, { createdAt: "2026-11-02T10:00:00.000Z" });
  const foreign = await createNotification(db, other.id);
  return { owner, other, first, second, foreign };
}

describe("notifications model", () => {
  it("lists the user's own, newest first, with the unread count", async () => {
    const { owner, first, second } = await twoCustomers();
    const read = await createNotification(db, owner.id, {
      isRead: 1,
      createdAt: "2026-11-03T10:00:00.000Z",
    });

    const list = await listNotifications(owner.id);
    expect(list.notifications.map((n) => [n.id, n.isRead])).toEqual([
      [read.id, true],
      [second.id, false],
      [first.id, false],
    ]);
    expect(list).toMatchObject({ total: 3, unread: 2, page: 1, pageCount: 1 });
    expect(await countUnreadNotifications(owner.id)).toBe(2);
    expect((await getHeaderCounts({ userId: owner.id, guestId: null })).unreadNotifications).toBe(
      2,
    );
  });

  it("pages the list and clamps a page past the end", async () => {
    const user = await createShopper(db);
    for (let day = 1; day <= 5; day++) {
      await createNotification(db, user.id, { createdAt: `2026-11-0${day}T10:00:00.000Z` });
    }
    const second = await listNotifications(user.id, { page: 2, pageSize: 2 });
    expect(second.notifications.map((n) => n.createdAt.slice(0, 10))).toEqual([
      "2026-11-03",
      "2026-11-02",
    ]);
    expect(second.pageCount).toBe(3);
    const past = await listNotifications(user.id, { page: 99, pageSize: 2 });
    expect(past.page).toBe(3);
    expect(past.notifications.map((n) => n.createdAt.slice(0, 10))).toEqual(["2026-11-01"]);
  });

  it("marks one, marks all and deletes only the user's own", async () => {
    const { owner, other, first, second, foreign } = await twoCustomers();

    expect(await markNotificationRead({ userId: owner.id, notificationId: foreign.id })).toBeNull();
    expect(await deleteNotification({ userId: owner.id, notificationId: foreign.id })).toBe(false);
    expect(await rowsOf(other.id)).toEqual([{ id: foreign.id, isRead: 0 }]);

    expect(await markNotificationRead({ userId: owner.id, notificationId: first.id })).toEqual({
      id: first.id,
      orderId: null,
    });
    expect(await countUnreadNotifications(owner.id)).toBe(1);

    expect(await markAllNotificationsRead(owner.id)).toBe(1);
    expect(await rowsOf(owner.id)).toEqual([
      { id: first.id, isRead: 1 },
      { id: second.id, isRead: 1 },
    ]);
    expect(await rowsOf(other.id)).toEqual([{ id: foreign.id, isRead: 0 }]);

    expect(await deleteNotification({ userId: owner.id, notificationId: first.id })).toBe(true);
    expect(await deleteNotification({ userId: owner.id, notificationId: first.id })).toBe(false);
    expect(await rowsOf(owner.id)).toEqual([{ id: second.id, isRead: 1 }]);
  });

  it("shows what the lifecycle writes when an order ships", async () => {
    const customer = await createShopper(db);
    const admin = await createShopper(db, { role: "admin" });
    const product = await createProduct(db);
    const order = await createOrder(db, {
      lines: [{ product }],
      status: "processing",
      userId: customer.id,
    });
    await changeOrderStatus({
      orderId: order.id,
      to: "shipped",
      actor: { userId: admin.id, role: "admin" },
      trackingNumber: "GUIA-123",
    });

    const [notice] = (await listNotifications(customer.id)).notifications;
    expect(notice).toMatchObject({
      type: "order_shipped",
      title: "Tu pedido va en camino",
      message: `Tu pedido ${order.orderNumber} fue enviado. Número de guía: GUIA-123.`,
      orderId: order.id,
      orderNumber: order.orderNumber,
      isRead: false,
    });
  });
});

describe("/notifications loader and action", () => {
  const post = (fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      action({ request: formPost("/notifications", fields, cookie), params: {}, context: {} }),
    );

  it("sends a visitor to sign in, for the page and for every action", async () => {
    const page = await settle(() =>
      loader({ request: get("/notifications"), params: {}, context: {} }),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Fnotifications");

    const { foreign, other } = await twoCustomers();
    const response = await post({ intent: "delete", notificationId: String(foreign.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await rowsOf(other.id)).toEqual([{ id: foreign.id, isRead: 0 }]);
  });

  it("lists only the signed-in user's notifications", async () => {
    const { owner, first, second } = await twoCustomers();
    const cookie = await signedInCookie(owner.id);
    const response = await settle(() =>
      loader({
        request: get("/notifications", cookie),
        params: {},
        context: {},
      }),
    );
    const data = await response.json();
    expect(data.notifications.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
    expect(data.unread).toBe(2);
  });

  it("opening one marks it read and follows it to its order page", async () => {
    const owner = await createShopper(db);
    const product = await createProduct(db);
    const order = await createOrder(db, { lines: [{ product }], userId: owner.id });
    const notice = await createNotification(db, owner.id, {
      type: "order_approved",
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    const response = await post(
      { intent: "open", notificationId: String(notice.id), redirectTo: "/catalog" },
      await signedInCookie(owner.id),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/order-confirmation/${order.id}`);
    expect(await rowsOf(owner.id)).toEqual([{ id: notice.id, isRead: 1 }]);
  });

  it("opening one without an order marks it read and stays on its page", async () => {
    const { owner, first } = await twoCustomers();
    const response = await post(
      { intent: "open", notificationId: String(first.id), redirectTo: "/notifications?page=2" },
      await signedInCookie(owner.id),
    );
    expect(response.headers.get("Location")).toBe("/notifications?page=2");
    expect((await rowsOf(owner.id)).find((row) => row.id === first.id)?.isRead).toBe(1);
  });

  it("another customer's notification is a 404 and changes nothing", async () => {
    const { owner, other, foreign } = await twoCustomers();
    const cookie = await signedInCookie(owner.id);
    for (const intent of ["open", "delete"]) {
      const response = await post({ intent, notificationId: String(foreign.id) }, cookie);
      expect(response.status).toBe(404);
    }
    expect(await rowsOf(other.id)).toEqual([{ id: foreign.id, isRead: 0 }]);
  });

  it("marks all read, and never another customer's", async () => {
    const { owner, other, foreign } = await twoCustomers();
    const response = await post(
      { intent: "mark-all-read", redirectTo: "/notifications" },
      await signedInCookie(owner.id),
    );
    expect(response.headers.get("Location")).toBe("/notifications");
    expect((await rowsOf(owner.id)).map((row) => row.isRead)).toEqual([1, 1]);
    expect(await rowsOf(other.id)).toEqual([{ id: foreign.id, isRead: 0 }]);
  });

  it("deletes with the toast 'Notificación eliminada'", async () => {
    const { owner, first, second } = await twoCustomers();
    const cookie = await signedInCookie(owner.id);
    const response = await post(
      { intent: "delete", notificationId: String(first.id), redirectTo: "/notifications" },
      cookie,
    );
    expect(response.headers.get("Location")).toBe("/notifications");
    const { toast } = await readSession(sessionCookieOf(response, cookie));
    expect(toast).toMatchObject({ type: "success", title: "Notificación eliminada" });
    expect(await rowsOf(owner.id)).toEqual([{ id: second.id, isRead: 0 }]);
  });

  it("a malformed request gets the spec's error toasts, and an outside redirect is refused", async () => {
    const { owner } = await twoCustomers();
    const cookie = await signedInCookie(owner.id);

    const badDelete = await post(
      { intent: "delete", notificationId: "abc", redirectTo: "https://evil.example" },
      cookie,
    );
    expect(badDelete.headers.get("Location")).toBe("/notifications");
    expect((await readSession(sessionCookieOf(badDelete, cookie))).toast).toMatchObject({
      type: "error",
      description: "No se pudo eliminar la notificación",
    });

    const badOpen = await post({ intent: "open" }, cookie);
    expect((await readSession(sessionCookieOf(badOpen, cookie))).toast).toMatchObject({
      type: "error",
      description: "No se pudieron marcar las notificaciones como leídas",
    });
    expect((await rowsOf(owner.id)).map((row) => row.isRead)).toEqual([0, 0]);
  });

  it("the header's panel gets the latest few of the signed-in user only", async () => {
    const { owner } = await twoCustomers();
    for (let day = 3; day <= 8; day++) {
      await createNotification(db, owner.id, { createdAt: `2026-11-0${day}T10:00:00.000Z` });
    }
    const cookie = await signedInCookie(owner.id);
    const response = await settle(() =>
      panelLoader({
        request: get("/resources/notifications", cookie),
        params: {},
        context: {},
      }),
    );
    const data = await response.json();
    expect(data.notifications.map((n: { createdAt: string }) => n.createdAt.slice(0, 10))).toEqual([
      "2026-11-08",
      "2026-11-07",
      "2026-11-06",
      "2026-11-05",
      "2026-11-04",
    ]);

    const visitor = await settle(() =>
      panelLoader({ request: get("/resources/notifications"), params: {}, context: {} }),
    );
    expect(visitor.status).toBe(401);
  });
});
