import { describe, expect, it } from "vitest";
import { loader as confirmationLoader } from "~/routes/_store.order-confirmation.$orderId";
import { loader as successLoader } from "~/routes/_store.order-success";
import { loader as ordersLoader } from "~/routes/_store.orders";
import { action as trackAction, loader as trackLoader } from "~/routes/_store.track-order/route";
import { db } from "~/utils/db.server";
import { commitSession, getSession } from "~/web/session.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { formPost, get, ORIGIN, settle, signedInCookie } from "../setup/route-helpers";

async function guestCookie(guestId: string) {
  const request = new Request(`${ORIGIN}/`);
  const session = await getSession(request);
  session.set("guestId", guestId);
  return (await commitSession(request, session)).split(";")[0];
}

const confirmation = (orderId: string, cookie?: string) =>
  settle(() =>
    confirmationLoader({
      request: get(`/order-confirmation/${orderId}`, cookie),
      params: { orderId },
      context: {},
    }),
  );

const success = (query: string, cookie?: string) =>
  settle(() =>
    successLoader({ request: get(`/order-success${query}`, cookie), params: {}, context: {} }),
  );

let ipCounter = 0;
const track = (fields: Record<string, string>, ip = `10.0.0.${++ipCounter}`) =>
  settle(() =>
    trackAction({
      request: formPost("/track-order", fields),
      params: {},
      context: { clientIp: ip },
    }),
  );

describe("/order-confirmation/{orderId} (D10, D15)", () => {
  it("shows the order, its items and totals to the customer who placed it", async () => {
    const product = await createProduct(db, { price: 100_000 });
    const owner = await createShopper(db);
    const order = await createOrder(db, { lines: [{ product, quantity: 2 }], userId: owner.id });
    const response = await confirmation(order.id, await signedInCookie(owner.id));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.order).toMatchObject({
      orderNumber: order.orderNumber,
      subtotal: 200_000,
      tax: 30_000,
      items: [expect.objectContaining({ productName: product.name, quantity: 2, price: 100_000 })],
    });
    expect(data.order).not.toHaveProperty("userId");
    expect(data.order).not.toHaveProperty("sessionId");
  });

  it("answers 404 'Pedido no encontrado' to another customer and for an unknown id", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const other = await createShopper(db);
    const order = await createOrder(db, { lines: [{ product }], userId: owner.id });
    for (const [id, cookie] of [
      [order.id, await signedInCookie(other.id)],
      ["00000000-0000-0000-0000-000000000000", await signedInCookie(owner.id)],
    ] as const) {
      const response = await confirmation(id, cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Pedido no encontrado" });
    }
  });

  it("sends a visitor who is not signed in to /login and back, whether or not the id exists", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const order = await createOrder(db, { lines: [{ product }], userId: owner.id });
    for (const [id, cookie] of [
      [order.id, undefined],
      [order.id, await guestCookie("otro-invitado")],
      ["00000000-0000-0000-0000-000000000000", undefined],
    ] as const) {
      const response = await confirmation(id, cookie);
      expect(response.status).toBe(302);
      const redirectTo = `/order-confirmation/${id}`;
      expect(response.headers.get("Location")).toBe(
        `/login?${new URLSearchParams({ redirectTo })}`,
      );
    }
  });

  it("shows a guest order to the guest session that placed it, and to nobody else", async () => {
    const product = await createProduct(db);
    const other = await createShopper(db);
    const order = await createOrder(db, { lines: [{ product }], sessionId: "invitado-123" });
    expect((await confirmation(order.id, await guestCookie("invitado-123"))).status).toBe(200);
    expect((await confirmation(order.id, await guestCookie("invitado-999"))).status).toBe(302);
    expect((await confirmation(order.id, await signedInCookie(other.id))).status).toBe(404);
  });
});

describe("/order-success", () => {
  it("shows the order number to its owner, 404 to others, /profile without an order", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const other = await createShopper(db);
    const order = await createOrder(db, { lines: [{ product }], userId: owner.id });
    const ok = await success(`?order=${order.id}`, await signedInCookie(owner.id));
    expect(ok.status).toBe(200);
    expect((await ok.json()).order).toMatchObject({ orderNumber: order.orderNumber });
    expect((await success(`?order=${order.id}`, await signedInCookie(other.id))).status).toBe(404);
    const missing = await success("", await signedInCookie(owner.id));
    expect(missing.status).toBe(302);
    expect(missing.headers.get("Location")).toBe("/profile");
  });
});

describe("/orders", () => {
  it("lists only the signed-in customer's orders and sends visitors to /login", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const other = await createShopper(db);
    const mine = await createOrder(db, { lines: [{ product }], userId: owner.id });
    await createOrder(db, { lines: [{ product }], userId: other.id });
    const response = await settle(() =>
      ordersLoader({ request: get("/orders", undefined), params: {}, context: {} }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Forders/);
    const signed = await settle(async () =>
      ordersLoader({
        request: get("/orders", await signedInCookie(owner.id)),
        params: {},
        context: {},
      }),
    );
    const data = await signed.json();
    expect(data.orders.map((o: { id: string }) => o.id)).toEqual([mine.id]);
  });
});

describe("/track-order (D32)", () => {
  it("finds an order by number (any case) and e-mail, guest orders included", async () => {
    const product = await createProduct(db);
    const order = await createOrder(db, {
      lines: [{ product, quantity: 2 }],
      sessionId: "invitado-track",
      status: "paid",
      paidAt: new Date().toISOString(),
      customerEmail: "invitada@example.com",
    });
    const response = await track({
      orderNumber: order.orderNumber.toLowerCase(),
      email: "INVITADA@example.com",
    });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.tracked.order).toMatchObject({
      orderNumber: order.orderNumber,
      status: "paid",
      // Issue 39: what was charged, not the lines' sum.
      subtotal: order.subtotal,
      shippingCost: order.shippingCost,
      tax: order.tax,
      total: order.total,
      items: [expect.objectContaining({ productName: product.name, quantity: 2 })],
    });
    expect(data.tracked.order).not.toHaveProperty("customerEmail");
    expect(data.tracked.order).not.toHaveProperty("id");
  });

  it("gives the same answer for a wrong number and a wrong e-mail", async () => {
    const product = await createProduct(db);
    const order = await createOrder(db, { lines: [{ product }] });
    const wrongEmail = await track({ orderNumber: order.orderNumber, email: "nadie@example.com" });
    const wrongNumber = await track({ orderNumber: "PH-000000-0000", email: order.customerEmail });
    for (const response of [wrongEmail, wrongNumber]) {
      expect(response.status).toBe(404);
      const data = await response.json();
      expect(data.tracked).toBe(null);
      expect(data.errorTitle).toBe("Pedido no encontrado");
      expect(data.result.error[""]).toEqual([
        "Verifica que el número de pedido y email sean correctos.",
      ]);
    }
  });

  it("validates the fields with the spec's messages", async () => {
    const response = await track({ orderNumber: " ", email: "no-es-correo" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.orderNumber).toEqual(["El número de pedido es requerido"]);
    expect(result.error.email).toEqual(["Correo electrónico inválido"]);
  });

  it("allows 10 look-ups a minute per IP, then answers 429", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      expect((await track({ orderNumber: `PH-X-${i}`, email: "a@example.com" }, ip)).status).toBe(
        404,
      );
    }
    const limited = await track({ orderNumber: "PH-X-11", email: "a@example.com" }, ip);
    expect(limited.status).toBe(429);
    expect((await limited.json()).result.error[""]).toEqual([
      "Demasiadas búsquedas de pedidos. Espera un minuto e inténtalo de nuevo.",
    ]);
    expect(
      (await track({ orderNumber: "PH-X-12", email: "a@example.com" }, "192.0.2.78")).status,
    ).toBe(404);
  });

  it("refuses a cross-site post", async () => {
    const request = new Request(`${ORIGIN}/track-order`, {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ orderNumber: "PH-1", email: "a@example.com" }),
    });
    const response = await settle(() => trackAction({ request, params: {}, context: {} }));
    expect(response.status).toBe(403);
  });

  it("sends the CMS 'tracking' page when it is active", async () => {
    const before = await (
      await settle(() => trackLoader({ request: get("/track-order"), params: {}, context: {} }))
    ).json();
    await db
      .insertInto("cmsPages")
      .values({ key: "tracking", title: "Rastrea tu pedido", content: "<p>Ayuda</p>", isActive: 1 })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({ title: "Rastrea tu pedido", content: "<p>Ayuda</p>", isActive: 1 }),
      )
      .execute();
    const after = await (
      await settle(() => trackLoader({ request: get("/track-order"), params: {}, context: {} }))
    ).json();
    expect(after.page).toEqual({ title: "Rastrea tu pedido", content: "<p>Ayuda</p>" });
    expect(before.page?.title).not.toBe("Rastrea tu pedido");
  });
});
