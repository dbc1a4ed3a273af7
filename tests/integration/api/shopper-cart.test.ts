import { describe, expect, it } from "vitest";
import { getCheckoutSummary } from "~/models/checkout/checkout.server";
import { loader as cartLoader } from "~/routes/_store.cart/route";
import { db } from "~/utils/db.server";
import { createProduct } from "../../../seed/factories/catalog";
import { createPromoCode } from "../../../seed/factories/coupons";
import { createUser } from "../../../seed/factories/users";
import { callers, tokenFor, useApiServer } from "../../setup/api-client";
import { get, readSession, sessionCookie, sessionCookieOf } from "../../setup/route-helpers";

/*
 * The cart's calls (storefront.md §7) against the built server: the same cart the /cart screen
 * shows, the screen's stock messages, a guest's cart on the session cookie, and the Origin check
 * on a session's writes.
 */

const api = useApiServer();

const THREE_SIZES = JSON.stringify(["50ml", "100ml", "150ml"]);

async function cartRows(productId: number) {
  return db
    .selectFrom("cartItems")
    .select(["userId", "sessionId", "size", "quantity"])
    .where("productId", "=", productId)
    .orderBy("size")
    .execute();
}

/** What the /cart screen's loader shows for a session cookie, as JSON. */
async function cartScreen(cookie: string) {
  const response = await cartLoader({ request: get("/cart", cookie), params: {}, context: {} });
  return (await response.json()) as Omit<
    Awaited<ReturnType<typeof getCheckoutSummary>>,
    "settings"
  >;
}

type ApiLine = { id: number; productId: number; size: string; quantity: number };

describe("GET /api/cart: the cart the /cart screen shows", () => {
  it("agrees with the screen's loader line by line and in every total, its coupon included", async () => {
    const user = await createUser(db);
    const a = await createProduct(db, { price: 80_000, stock: 10, availableSizes: THREE_SIZES });
    const b = await createProduct(db, { price: 45_000, stock: 3 });
    const gone = await createProduct(db, { price: 30_000, stock: 5 });
    const promo = await createPromoCode(db, { discountType: "percentage", discountValue: 10 });
    const cookie = await sessionCookie({ userId: user.id, appliedCoupon: promo.code });
    const session = { cookie };
    for (const body of [
      { productId: a.id, quantity: 2 },
      { productId: a.id, quantity: 1, size: "50ml" },
      { productId: b.id, quantity: 3 },
      { productId: gone.id },
    ]) {
      expect((await api.call("POST", "/api/cart", { as: session, body })).status).toBe(201);
    }
    // A product withdrawn after it was added stays in the cart, unavailable, counting in nothing.
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();

    const answer = await api.get("/api/cart", { as: session });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    const screen = await cartScreen(cookie);

    expect(answer.body.lines).toHaveLength(4);
    expect(
      answer.body.lines.map((line: ApiLine & Record<string, unknown>) => ({
        id: line.id,
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        available: line.available,
      })),
    ).toEqual(
      screen.cart.lines.map((line) => ({
        id: line.id,
        productId: line.productId,
        size: line.size,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineTotal: line.lineTotal,
        available: line.available,
      })),
    );
    expect(answer.body.subtotal).toBe(screen.cart.subtotal);
    expect(answer.body.itemCount).toBe(screen.cart.itemCount);
    expect(answer.body.coupon).toEqual(screen.coupon);
    expect(answer.body.coupon).toMatchObject({ status: "applied", code: promo.code });
    expect(answer.body.totals).toEqual({
      subtotal: screen.priced.subtotal,
      tax: screen.priced.tax,
      taxPercentage: screen.priced.taxPercentage,
      freeShippingRemaining: screen.priced.freeShippingRemaining,
      byMethod: screen.priced.byMethod,
    });
    // The figures themselves: 2 × 800 + 1 × 640 (50ml) + 3 × 450, the withdrawn line left out.
    expect(answer.body.subtotal).toBe(2 * 80_000 + 64_000 + 3 * 45_000);
    expect(answer.body.itemCount).toBe(6);
    const line50 = answer.body.lines.find((line: ApiLine) => line.size === "50ml");
    expect(line50).toMatchObject({ maxQuantity: 8, product: { id: a.id, stock: 10 } });

    // A token of the same account sees the same cart; it has no code box, so no coupon.
    const { token } = await tokenFor(user);
    const viaToken = await api.get("/api/cart", { as: { token } });
    const summary = await getCheckoutSummary({ userId: user.id, guestId: null });
    expect(viaToken.body.lines).toEqual(answer.body.lines);
    expect(viaToken.body.coupon).toBeNull();
    expect(viaToken.body.totals.byMethod).toEqual(summary.priced.byMethod);
  });

  it("keeps a guest's cart on the session cookie, and refuses a session write without Origin", async () => {
    const product = await createProduct(db, { price: 50_000, stock: 4 });

    const noOrigin = await api.call("POST", "/api/cart", {
      body: { productId: product.id, quantity: 1 },
    });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.detail).toContain("no se envió desde este sitio");
    expect(await cartRows(product.id)).toEqual([]);

    const added = await api.call("POST", "/api/cart", {
      body: { productId: product.id, quantity: 2 },
      headers: { Origin: api.origin },
    });
    expect(added.status).toBe(201);
    const cookie = sessionCookieOf(new Response(null, { headers: added.headers }));
    expect(cookie).toBeDefined();
    const { guestId } = await readSession(cookie);
    expect(guestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cartRows(product.id)).toEqual([
      { userId: null, sessionId: guestId, size: "100ml", quantity: 2 },
    ]);
    expect(added.body.lines).toHaveLength(1);
    expect(added.body.subtotal).toBe(100_000);

    const again = await api.get("/api/cart", { as: { cookie: cookie! } });
    expect(again.body.lines).toEqual(added.body.lines);
    const screen = await cartScreen(cookie!);
    expect(again.body.totals.byMethod).toEqual(screen.priced.byMethod);

    // Another visitor (no cookie) has an empty cart: nothing to pay, not even shipping.
    const stranger = await api.get("/api/cart");
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ lines: [], itemCount: 0, subtotal: 0, coupon: null });
    expect(stranger.body.totals.byMethod.standard.total).toBe(0);

    // The guest's session write without Origin is refused too, and changes nothing.
    const sneaky = await api.call("DELETE", "/api/cart", { headers: { Cookie: cookie! } });
    expect(sneaky.status).toBe(403);
    expect(await cartRows(product.id)).toHaveLength(1);
  });
});

describe("POST /api/cart", () => {
  it("merges the same product and size, and refuses more units than the stock with the screen's words (409)", async () => {
    const { customer, asCustomer } = await callers();
    const product = await createProduct(db, { stock: 3 });
    const first = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id, quantity: 2 },
    });
    expect(first.status).toBe(201);
    const merged = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id },
    });
    expect(merged.status).toBe(201);
    expect(merged.body.lines).toMatchObject([{ productId: product.id, quantity: 3 }]);

    const tooMany = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id, quantity: 1 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(tooMany.body.code).toBe("insufficient_stock");
    expect(tooMany.body.detail).toContain("unidades disponibles");
    expect(tooMany.body.detail).toBe(
      "Stock insuficiente: No hay suficientes unidades disponibles (stock: 3, en tu carrito: 3).",
    );
    expect(await cartRows(product.id)).toEqual([
      { userId: customer.id, sessionId: null, size: "100ml", quantity: 3 },
    ]);
  });

  it("says 'agotado' for a product out of stock (409), 404 for one not for sale, 422 for a size it is not sold in", async () => {
    const { asCustomer } = await callers();
    const soldOut = await createProduct(db, { stock: 0 });
    const out = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: soldOut.id },
    });
    expect(out.status).toBe(409);
    expect(out.body.code).toBe("out_of_stock");
    expect(out.body.detail).toBe(
      "Producto agotado: Este producto no está disponible en este momento.",
    );

    const hidden = await createProduct(db, { isActive: 0 });
    for (const productId of [hidden.id, 987_654_321]) {
      const missing = await api.call("POST", "/api/cart", { as: asCustomer, body: { productId } });
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe("Este producto no está disponible");
    }

    const product = await createProduct(db, { stock: 5 });
    const badSize = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id, size: "75ml" },
    });
    expect(badSize.status).toBe(422);
    expect(badSize.body.errors).toEqual({
      size: ["Este tamaño no está disponible para este producto"],
    });
    expect(await cartRows(product.id)).toEqual([]);
  });

  it("answers bad input with 422 and each field's Spanish message, and writes nothing", async () => {
    const { asCustomer } = await callers();
    const product = await createProduct(db, { stock: 5 });
    const bad = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: "uno", quantity: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe("Revisa los datos enviados.");
    expect(Object.keys(bad.body.errors).sort()).toEqual(["productId", "quantity"]);
    expect(bad.body.errors.quantity).toEqual(["La cantidad debe ser al menos 1"]);

    const fraction = await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id, quantity: 1.5 },
    });
    expect(fraction.status).toBe(422);
    expect(fraction.body.errors.quantity).toEqual(["La cantidad debe ser un número entero"]);

    const notJson = await api.call("POST", "/api/cart", {
      as: asCustomer,
      raw: { body: "{productId", type: "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(await cartRows(product.id)).toEqual([]);
  });

  it("refuses a read-only token's write (403) and changes nothing", async () => {
    const user = await createUser(db);
    const { token } = await tokenFor(user, { scope: "read" });
    const product = await createProduct(db, { stock: 5 });
    const refused = await api.call("POST", "/api/cart", {
      as: { token },
      body: { productId: product.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("read_only_token");
    expect(await cartRows(product.id)).toEqual([]);
    expect((await api.get("/api/cart", { as: { token } })).status).toBe(200);
  });
});

describe("PUT and DELETE /api/cart/{productId}, DELETE /api/cart", () => {
  it("sets a quantity within the stock (409 beyond it), and 0 removes the line", async () => {
    const { customer, asCustomer } = await callers();
    const product = await createProduct(db, { stock: 4 });
    await api.call("POST", "/api/cart", { as: asCustomer, body: { productId: product.id } });

    const set = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 4 },
    });
    expect(set.status).toBe(200);
    expect(set.body.lines).toMatchObject([{ productId: product.id, quantity: 4 }]);

    const over = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 5 },
    });
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain("unidades disponibles");

    // Stock sold elsewhere: the line may still come down, not go up.
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", product.id).execute();
    const soldOut = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 5 },
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.detail).toBe("Producto agotado: Este producto ya no está disponible.");
    const lowered = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 1 },
    });
    expect(lowered.status).toBe(200);

    const negative = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: -1 },
    });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.quantity).toEqual(["La cantidad no puede ser negativa"]);

    const removed = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 0 },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.lines).toEqual([]);
    expect(await cartRows(product.id)).toEqual([]);
    expect(customer.id).toBeGreaterThan(0);
  });

  it("needs the size when the product is in the cart in several sizes", async () => {
    const { asCustomer } = await callers();
    const product = await createProduct(db, { stock: 10, availableSizes: THREE_SIZES });
    for (const size of ["50ml", "150ml"]) {
      await api.call("POST", "/api/cart", {
        as: asCustomer,
        body: { productId: product.id, size },
      });
    }
    const which = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 2 },
    });
    expect(which.status).toBe(422);
    expect(which.body.errors.size).toHaveLength(1);

    const sized = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asCustomer,
      body: { quantity: 2, size: "150ml" },
    });
    expect(sized.status).toBe(200);
    expect(await cartRows(product.id)).toMatchObject([
      { size: "150ml", quantity: 2 },
      { size: "50ml", quantity: 1 },
    ]);

    const oneSize = await api.call("DELETE", `/api/cart/${product.id}?size=50ml`, {
      as: asCustomer,
    });
    expect(oneSize.status).toBe(200);
    expect(await cartRows(product.id)).toMatchObject([{ size: "150ml", quantity: 2 }]);
    const all = await api.call("DELETE", `/api/cart/${product.id}`, { as: asCustomer });
    expect(all.status).toBe(200);
    expect(all.body.lines).toEqual([]);
    expect(await cartRows(product.id)).toEqual([]);
  });

  it("answers 404 for a product that is not in the caller's cart, another customer's included", async () => {
    const { customer, asCustomer, asOther } = await callers();
    const product = await createProduct(db, { stock: 5 });
    await api.call("POST", "/api/cart", { as: asCustomer, body: { productId: product.id } });

    const notHis = await api.call("PUT", `/api/cart/${product.id}`, {
      as: asOther,
      body: { quantity: 3 },
    });
    expect(notHis.status).toBe(404);
    expect(notHis.body.detail).toBe("Este producto ya no está en tu carrito.");
    const removeNotHis = await api.call("DELETE", `/api/cart/${product.id}`, { as: asOther });
    expect(removeNotHis.status).toBe(404);
    const badId = await api.call("DELETE", "/api/cart/abc", { as: asOther });
    expect(badId.status).toBe(404);
    expect(await cartRows(product.id)).toEqual([
      { userId: customer.id, sessionId: null, size: "100ml", quantity: 1 },
    ]);
  });

  it("clears the caller's cart, and only theirs", async () => {
    const { customer, other, asCustomer, asOther } = await callers();
    const product = await createProduct(db, { stock: 5 });
    await api.call("POST", "/api/cart", { as: asCustomer, body: { productId: product.id } });
    await api.call("POST", "/api/cart", { as: asOther, body: { productId: product.id } });

    const cleared = await api.call("DELETE", "/api/cart", { as: asCustomer });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ lines: [], itemCount: 0, subtotal: 0 });
    expect(await cartRows(product.id)).toEqual([
      { userId: other.id, sessionId: null, size: "100ml", quantity: 1 },
    ]);
    expect(customer.id).not.toBe(other.id);
  });
});
