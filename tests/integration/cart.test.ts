import { describe, expect, it } from "vitest";
import {
  addToCart,
  clearCart,
  getCart,
  mergeGuestCart,
  removeCartLine,
  updateCartLine,
} from "~/models/cart/cart.server";
import type { KnownShopper } from "~/models/auth/shopper";
import { getHeaderCounts } from "~/models/customers/header-counts.server";
import { action as cartAction, loader as cartLoader } from "~/routes/_store.cart/route";
import { action } from "~/routes/_store.product.$slug/route";
import { createLoginSession } from "~/web/auth.server";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../../seed/factories/catalog";
import {
  formPost,
  get,
  readSession,
  sessionCookie,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

const asUser = (userId: number): KnownShopper => ({ userId, guestId: null });
const asGuest = (guestId: string): KnownShopper => ({ userId: null, guestId });

const lines = (productId: number) =>
  db
    .selectFrom("cartItems")
    .select(["userId", "sessionId", "size", "quantity"])
    .where("productId", "=", productId)
    .orderBy("size")
    .execute();

describe("addToCart (storefront.md §5, §9)", () => {
  it("charges the chosen size's price: the stored price is the main size's", async () => {
    const product = await createProduct(db, {
      price: 200_000,
      size: "100ml",
      availableSizes: JSON.stringify(["30ml", "50ml", "100ml", "125ml", "150ml"]),
    });
    const user = await createShopper(db);
    const prices: Record<string, number> = {};
    for (const size of ["30ml", "50ml", "100ml", "125ml", "150ml"]) {
      const result = await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size,
        quantity: 1,
      });
      if (!result.ok) throw new Error(result.error);
      prices[size] = result.unitPrice;
    }
    expect(prices).toEqual({
      "30ml": 120_000,
      "50ml": 160_000,
      "100ml": 200_000,
      "125ml": 250_000,
      "150ml": 300_000,
    });

    // A product whose main size is 50 ml: its price is the 50 ml price (×0.8 of the 100 ml).
    const small = await createProduct(db, {
      price: 160_000,
      size: "50ml",
      availableSizes: JSON.stringify(["50ml", "100ml"]),
    });
    const big = await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: small.id,
      size: "100ml",
      quantity: 1,
    });
    expect(big).toMatchObject({ ok: true, unitPrice: 200_000 });
  });

  it("refuses a size the product is not sold in, and writes nothing", async () => {
    const product = await createProduct(db, { availableSizes: JSON.stringify(["100ml"]) });
    const user = await createShopper(db);
    for (const size of ["50ml", "75ml", ""]) {
      const result = await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size,
        quantity: 1,
      });
      expect(result).toMatchObject({ ok: false, error: "size_unavailable" });
    }
    expect(await lines(product.id)).toEqual([]);
  });

  it("merges the same product and size into one line, other sizes get their own", async () => {
    const product = await createProduct(db, { stock: 10 });
    const user = await createShopper(db);
    await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: product.id,
      size: "50ml",
      quantity: 2,
    });
    const again = await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: product.id,
      size: "50ml",
      quantity: 3,
    });
    await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: product.id,
      size: "100ml",
      quantity: 1,
    });
    expect(again).toMatchObject({ ok: true, lineQuantity: 5 });
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 1 },
      { userId: user.id, sessionId: null, size: "50ml", quantity: 5 },
    ]);
  });

  it("counts what is already in the cart against the stock (any size of the product)", async () => {
    const product = await createProduct(db, { stock: 3 });
    const user = await createShopper(db);
    expect(
      await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size: "100ml",
        quantity: 2,
      }),
    ).toMatchObject({ ok: true });
    const same = await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: product.id,
      size: "100ml",
      quantity: 2,
    });
    const other = await addToCart({
      shopper: { userId: user.id, guestId: null },
      productId: product.id,
      size: "50ml",
      quantity: 2,
    });
    for (const result of [same, other]) {
      expect(result).toEqual({ ok: false, error: "insufficient_stock", stock: 3, inCart: 2 });
    }
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 2 },
    ]);
    // Up to the stock exactly is fine.
    expect(
      await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size: "50ml",
        quantity: 1,
      }),
    ).toMatchObject({ ok: true });
    // Another shopper's cart does not count against this one.
    const other2 = await createShopper(db);
    expect(
      await addToCart({
        shopper: { userId: other2.id, guestId: null },
        productId: product.id,
        size: "100ml",
        quantity: 3,
      }),
    ).toMatchObject({ ok: true });
  });

  it("refuses an out-of-stock product with 'Producto agotado' and an inactive one", async () => {
    const user = await createShopper(db);
    const soldOut = await createProduct(db, { stock: 0 });
    const inactive = await createProduct(db, { isActive: 0 });
    expect(
      await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: soldOut.id,
        size: "100ml",
        quantity: 1,
      }),
    ).toEqual({ ok: false, error: "out_of_stock" });
    expect(
      await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: inactive.id,
        size: "100ml",
        quantity: 1,
      }),
    ).toEqual({ ok: false, error: "unavailable" });
    expect(
      await addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: 99_999_999,
        size: "100ml",
        quantity: 1,
      }),
    ).toEqual({ ok: false, error: "unavailable" });
    expect(await lines(soldOut.id)).toEqual([]);
    expect(await lines(inactive.id)).toEqual([]);
  });

  it("refuses quantities below 1", async () => {
    const product = await createProduct(db);
    const user = await createShopper(db);
    for (const quantity of [0, -1, 1.5]) {
      expect(
        await addToCart({
          shopper: { userId: user.id, guestId: null },
          productId: product.id,
          size: "100ml",
          quantity,
        }),
      ).toMatchObject({ ok: false, error: "invalid_quantity" });
    }
  });

  it("keeps a guest's cart on the guest id (D10)", async () => {
    const product = await createProduct(db);
    const guestId = crypto.randomUUID();
    await addToCart({
      shopper: { userId: null, guestId: guestId },
      productId: product.id,
      size: "150ml",
      quantity: 2,
    });
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: guestId, size: "150ml", quantity: 2 },
    ]);
    expect((await getHeaderCounts({ userId: null, guestId })).cartCount).toBe(2);
  });

  it("lets only one of two simultaneous adds of the last units through", async () => {
    const product = await createProduct(db, { stock: 2 });
    const user = await createShopper(db);
    const results = await Promise.all([
      addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size: "100ml",
        quantity: 2,
      }),
      addToCart({
        shopper: { userId: user.id, guestId: null },
        productId: product.id,
        size: "50ml",
        quantity: 2,
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await lines(product.id)).reduce((sum, line) => sum + line.quantity, 0)).toBe(2);
  });
});

describe("the product page's add-to-cart action", () => {
  const post = (slug: string, fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      action({
        request: formPost(`/product/${slug}`, fields, cookie),
        params: { slug },
        context: {},
      }),
    );

  it("gives a visitor a guest id, stores the line and redirects back with the toast", async () => {
    const product = await createProduct(db, { price: 200_000 });
    const response = await post(product.slug, {
      productId: String(product.id),
      size: "50ml",
      quantity: "2",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/product/${product.slug}`);
    const session = await readSession(sessionCookieOf(response));
    expect(session.guestId).toEqual(expect.any(String));
    expect(session.toast).toMatchObject({ type: "success", title: "Producto agregado" });
    expect(session.toast?.description).toMatch(/^Agregado al carrito: .*L\u00a01,600\.00/);
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: session.guestId, size: "50ml", quantity: 2 },
    ]);
    expect((await getHeaderCounts({ userId: null, guestId: session.guestId })).cartCount).toBe(2);

    // The same visitor adding again keeps the same guest id and merges the line.
    const again = await post(
      product.slug,
      { productId: String(product.id), size: "50ml", quantity: "1" },
      sessionCookieOf(response),
    );
    expect(again.status).toBe(302);
    expect((await readSession(sessionCookieOf(again))).guestId).toBe(session.guestId);
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: session.guestId, size: "50ml", quantity: 3 },
    ]);
  });

  it("puts a signed-in shopper's line on their account, ignoring any posted price", async () => {
    const product = await createProduct(db);
    const user = await createShopper(db);
    const cookie = await signedInCookie(user.id);
    const response = await post(
      product.slug,
      { productId: String(product.id), size: "150ml", quantity: "1", price: "1" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect((await readSession(sessionCookieOf(response, cookie))).toast?.description).toContain(
      "L\u00a03,000.00",
    );
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "150ml", quantity: 1 },
    ]);
  });

  it("answers 400 with the spec's message and changes nothing when a rule fails", async () => {
    const product = await createProduct(db, { stock: 2 });
    const soldOut = await createProduct(db, { stock: 0 });
    const tooMany = await post(product.slug, {
      productId: String(product.id),
      size: "100ml",
      quantity: "3",
    });
    expect(tooMany.status).toBe(400);
    const body = await tooMany.json();
    expect(body.error).toMatchObject({ title: "Stock insuficiente", size: "100ml", quantity: "3" });
    expect(body.error.message).toContain("unidades disponibles");

    const agotado = await post(soldOut.slug, {
      productId: String(soldOut.id),
      size: "100ml",
      quantity: "1",
    });
    expect(agotado.status).toBe(400);
    expect((await agotado.json()).error).toMatchObject({
      title: "Producto agotado",
      message: "Este producto no está disponible en este momento.",
    });

    const badQuantity = await post(product.slug, {
      productId: String(product.id),
      size: "100ml",
      quantity: "cero",
    });
    expect(badQuantity.status).toBe(400);
    expect(await lines(product.id)).toEqual([]);
    expect(await lines(soldOut.id)).toEqual([]);
  });

  it("refuses a cross-site post", async () => {
    const product = await createProduct(db);
    const request = new Request(`http://tienda.test/product/${product.slug}`, {
      method: "POST",
      headers: {
        Origin: "https://otro-sitio.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ productId: String(product.id), size: "100ml", quantity: "1" }),
    });
    const response = await settle(() =>
      action({ request, params: { slug: product.slug }, context: {} }),
    );
    expect(response.status).toBe(403);
    expect(await lines(product.id)).toEqual([]);
  });
});

/** Adds a line and returns its id (the test's own setup: it must succeed). */
async function lineOf(owner: KnownShopper, productId: number, size: string, quantity: number) {
  const result = await addToCart({ shopper: owner, productId, size, quantity });
  if (!result.ok) throw new Error(result.error);
  const row = await db
    .selectFrom("cartItems")
    .select("id")
    .where("productId", "=", productId)
    .where("size", "=", size)
    .where((eb) =>
      owner.userId !== null
        ? eb("userId", "=", owner.userId)
        : eb.and([eb("sessionId", "=", owner.guestId), eb("userId", "is", null)]),
    )
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("updateCartLine, removeCartLine, clearCart (cart page rules)", () => {
  it("sets the quantity, and 0 removes the line", async () => {
    const product = await createProduct(db, { stock: 10 });
    const user = await createShopper(db);
    const owner = { userId: user.id, guestId: null };
    const lineId = await lineOf(owner, product.id, "100ml", 1);
    expect(await updateCartLine({ shopper: owner, lineId, quantity: 4 })).toMatchObject({
      ok: true,
      removed: false,
      quantity: 4,
    });
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 4 },
    ]);
    expect(await updateCartLine({ shopper: owner, lineId, quantity: 0 })).toMatchObject({
      ok: true,
      removed: true,
    });
    expect(await lines(product.id)).toEqual([]);
  });

  it("refuses more units than the stock, counting the product's other sizes in the cart", async () => {
    const product = await createProduct(db, { stock: 5 });
    const user = await createShopper(db);
    const owner = { userId: user.id, guestId: null };
    const big = await lineOf(owner, product.id, "100ml", 2);
    await lineOf(owner, product.id, "50ml", 2);

    const refused = await updateCartLine({ shopper: owner, lineId: big, quantity: 4 });
    expect(refused).toEqual({ ok: false, error: "insufficient_stock", stock: 5, inCart: 2 });
    // Up to the stock exactly is fine.
    expect(await updateCartLine({ shopper: owner, lineId: big, quantity: 3 })).toMatchObject({
      ok: true,
    });
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 3 },
      { userId: user.id, sessionId: null, size: "50ml", quantity: 2 },
    ]);
  });

  it("lets a shopper lower a line that outgrew a reduced stock, but not raise it", async () => {
    const product = await createProduct(db, { stock: 6 });
    const user = await createShopper(db);
    const owner = { userId: user.id, guestId: null };
    const lineId = await lineOf(owner, product.id, "100ml", 6);
    await db.updateTable("products").set({ stock: 2 }).where("id", "=", product.id).execute();
    expect(await updateCartLine({ shopper: owner, lineId, quantity: 7 })).toMatchObject({
      ok: false,
      error: "insufficient_stock",
    });
    expect(await updateCartLine({ shopper: owner, lineId, quantity: 3 })).toMatchObject({
      ok: true,
    });
    expect((await lines(product.id))[0]?.quantity).toBe(3);
  });

  it("refuses raising a line of a deactivated or sold-out product with the §8 texts", async () => {
    const user = await createShopper(db);
    const owner = { userId: user.id, guestId: null };
    const inactive = await createProduct(db);
    const soldOut = await createProduct(db);
    const inactiveLine = await lineOf(owner, inactive.id, "100ml", 1);
    const soldOutLine = await lineOf(owner, soldOut.id, "100ml", 1);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", inactive.id).execute();
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", soldOut.id).execute();

    expect(await updateCartLine({ shopper: owner, lineId: inactiveLine, quantity: 2 })).toEqual({
      ok: false,
      error: "unavailable",
    });
    expect(await updateCartLine({ shopper: owner, lineId: soldOutLine, quantity: 2 })).toEqual({
      ok: false,
      error: "out_of_stock",
    });
    // Removing them is always possible.
    expect(
      await updateCartLine({ shopper: owner, lineId: inactiveLine, quantity: 0 }),
    ).toMatchObject({
      ok: true,
      removed: true,
    });
  });

  it("never touches another cart's line: not found, nothing changes", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const intruder = await createShopper(db);
    const guestId = crypto.randomUUID();
    const lineId = await lineOf(asUser(owner.id), product.id, "100ml", 2);

    for (const other of [asUser(intruder.id), asGuest(guestId)]) {
      expect(await updateCartLine({ shopper: other, lineId, quantity: 1 })).toMatchObject({
        ok: false,
        error: "not_found",
      });
      expect(await updateCartLine({ shopper: other, lineId, quantity: 0 })).toMatchObject({
        ok: false,
        error: "not_found",
      });
      expect(await removeCartLine({ shopper: other, lineId })).toBe(false);
      expect(await clearCart(other)).toBe(0);
    }
    expect(await lines(product.id)).toEqual([
      { userId: owner.id, sessionId: null, size: "100ml", quantity: 2 },
    ]);
  });

  it("removes one line, or empties the owner's whole cart and no one else's", async () => {
    const product = await createProduct(db);
    const user = await createShopper(db);
    const guestId = crypto.randomUUID();
    const first = await lineOf(asUser(user.id), product.id, "100ml", 1);
    await lineOf(asUser(user.id), product.id, "50ml", 1);
    await lineOf(asGuest(guestId), product.id, "150ml", 1);

    expect(await removeCartLine({ shopper: asUser(user.id), lineId: first })).toBe(true);
    expect((await getCart(asUser(user.id))).lines.map((line) => line.size)).toEqual(["50ml"]);
    expect(await clearCart(asUser(user.id))).toBe(1);
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: guestId, size: "150ml", quantity: 1 },
    ]);
  });
});

describe("mergeGuestCart (D10: at sign-in, within stock)", () => {
  it("adds the same product and size up, keeps other sizes, deletes the guest's rows", async () => {
    const product = await createProduct(db, { stock: 10 });
    const user = await createShopper(db);
    const guestId = crypto.randomUUID();
    await lineOf(asUser(user.id), product.id, "100ml", 2);
    await lineOf(asGuest(guestId), product.id, "100ml", 3);
    await lineOf(asGuest(guestId), product.id, "50ml", 1);

    expect(await mergeGuestCart({ guestId, userId: user.id })).toEqual({
      merged: 2,
      capped: 0,
      dropped: 0,
    });
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 5 },
      { userId: user.id, sessionId: null, size: "50ml", quantity: 1 },
    ]);
    // Merging again finds nothing to do.
    expect(await mergeGuestCart({ guestId, userId: user.id })).toEqual({
      merged: 0,
      capped: 0,
      dropped: 0,
    });
  });

  it("never takes a product's units in the account cart past its stock (any size)", async () => {
    const product = await createProduct(db, { stock: 4 });
    const full = await createProduct(db, { stock: 2 });
    const user = await createShopper(db);
    const guestId = crypto.randomUUID();
    await lineOf(asUser(user.id), product.id, "100ml", 2);
    await lineOf(asUser(user.id), full.id, "100ml", 2);
    await lineOf(asGuest(guestId), product.id, "50ml", 3);
    await lineOf(asGuest(guestId), full.id, "100ml", 1);

    expect(await mergeGuestCart({ guestId, userId: user.id })).toEqual({
      merged: 1,
      capped: 2,
      dropped: 0,
    });
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 2 },
      { userId: user.id, sessionId: null, size: "50ml", quantity: 2 },
    ]);
    expect(await lines(full.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 2 },
    ]);
  });

  it("drops lines of products that can no longer be bought, and leaves other guests alone", async () => {
    const gone = await createProduct(db);
    const kept = await createProduct(db);
    const user = await createShopper(db);
    const guestId = crypto.randomUUID();
    const otherGuest = crypto.randomUUID();
    await lineOf(asGuest(guestId), gone.id, "100ml", 1);
    await lineOf(asGuest(guestId), kept.id, "150ml", 1);
    await lineOf(asGuest(otherGuest), kept.id, "100ml", 1);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();

    expect(await mergeGuestCart({ guestId, userId: user.id })).toEqual({
      merged: 1,
      capped: 0,
      dropped: 1,
    });
    expect(await lines(gone.id)).toEqual([]);
    expect(await lines(kept.id)).toEqual([
      { userId: null, sessionId: otherGuest, size: "100ml", quantity: 1 },
      { userId: user.id, sessionId: null, size: "150ml", quantity: 1 },
    ]);
  });

  it("happens at sign-in (createLoginSession), and the guest id stays on the session", async () => {
    const product = await createProduct(db, { stock: 3 });
    const user = await createShopper(db);
    await lineOf(asUser(user.id), product.id, "100ml", 2);
    const added = await settle(() =>
      action({
        request: formPost(`/product/${product.slug}`, {
          productId: String(product.id),
          size: "100ml",
          quantity: "2",
        }),
        params: { slug: product.slug },
        context: {},
      }),
    );
    const guestCookie = sessionCookieOf(added);
    const { guestId } = await readSession(guestCookie);

    const response = await createLoginSession(
      get("/login", guestCookie),
      { id: user.id, role: "customer" },
      "/cart",
      { title: "¡Bienvenido!" },
      { clientIp: null },
    );
    const session = await readSession(sessionCookieOf(response));
    expect(session).toMatchObject({ userId: user.id, guestId });
    expect(session.toast?.description).toBe(
      "Algunas cantidades de tu carrito se ajustaron al stock disponible.",
    );
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 3 },
    ]);
  });
});

describe("the cart page's summary (storefront §9, D11, D19)", () => {
  const pricedFor = async (guestId: string) => {
    const request = get("/cart", await sessionCookie({ guestId }));
    const response = await settle(() => cartLoader({ request, params: {}, context: {} }));
    return (await response.json()).priced;
  };

  it("charges standard shipping below the threshold and says how much is missing", async () => {
    const product = await createProduct(db, { price: 80_000, stock: 10 });
    const guestId = crypto.randomUUID();
    await lineOf(asGuest(guestId), product.id, "100ml", 2);
    const priced = await pricedFor(guestId);
    expect(priced.byMethod.standard).toEqual({
      subtotal: 160_000,
      shippingCost: 15_000,
      tax: 24_000,
      couponDiscount: 0,
      total: 199_000,
    });
    expect(priced).toMatchObject({ freeShippingRemaining: 40_000, taxPercentage: 15 });
  });

  it("ships free from the threshold and leaves unavailable lines out", async () => {
    const product = await createProduct(db, { price: 100_000, stock: 10 });
    const gone = await createProduct(db, { price: 500_000 });
    const guestId = crypto.randomUUID();
    await lineOf(asGuest(guestId), product.id, "100ml", 2);
    await lineOf(asGuest(guestId), gone.id, "100ml", 1);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();
    const priced = await pricedFor(guestId);
    expect(priced).toMatchObject({ subtotal: 200_000, freeShippingRemaining: 0 });
    expect(priced.byMethod.standard).toMatchObject({
      subtotal: 200_000,
      shippingCost: 0,
      tax: 30_000,
      total: 230_000,
    });
    const empty = await pricedFor(crypto.randomUUID());
    expect(empty).toMatchObject({ freeShippingRemaining: 0 });
    expect(empty.byMethod.standard).toMatchObject({ shippingCost: 0, total: 0 });
  });
});

describe("the /cart route", () => {
  const post = (fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      cartAction({ request: formPost("/cart", fields, cookie), params: {}, context: {} }),
    );
  const load = async (cookie?: string) =>
    (
      await settle(() => cartLoader({ request: get("/cart", cookie), params: {}, context: {} }))
    ).json();

  it("shows a visitor without a cart an empty one", async () => {
    expect(await load()).toMatchObject({
      cart: { lines: [], subtotal: 0, itemCount: 0 },
      priced: { byMethod: { standard: { total: 0 } } },
    });
  });

  it("adds the main size from a card and comes back with 'Agregado al carrito'", async () => {
    const product = await createProduct(db, { size: "100ml" });
    const response = await post({
      intent: "add",
      productId: String(product.id),
      quantity: "1",
      redirectTo: "/catalog?page=2",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/catalog?page=2");
    const cookie = sessionCookieOf(response);
    const session = await readSession(cookie);
    expect(session.toast).toMatchObject({ title: "Agregado al carrito" });
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: session.guestId, size: "100ml", quantity: 1 },
    ]);
    const data = await load(cookie);
    expect(data.cart.lines).toHaveLength(1);
    expect(data.priced.subtotal).toBe(200_000);
  });

  it("updates, removes and empties the shopper's cart with the §8 toasts", async () => {
    const product = await createProduct(db, { stock: 3 });
    const user = await createShopper(db);
    const cookie = await signedInCookie(user.id);
    const lineId = await lineOf(asUser(user.id), product.id, "100ml", 1);
    const other = await lineOf(asUser(user.id), product.id, "50ml", 1);

    const updated = await post({ intent: "update", lineId: String(lineId), quantity: "2" }, cookie);
    expect(updated.headers.get("Location")).toBe("/cart");
    expect((await lines(product.id)).find((line) => line.size === "100ml")?.quantity).toBe(2);

    const tooMany = await post({ intent: "update", lineId: String(lineId), quantity: "3" }, cookie);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toEqual({
      title: "Stock insuficiente",
      message: "No hay suficientes unidades disponibles (stock: 3, en tu carrito: 1).",
      lineId,
      quantity: "3",
    });

    const zero = await post({ intent: "update", lineId: String(other), quantity: "0" }, cookie);
    expect((await readSession(sessionCookieOf(zero, cookie))).toast).toMatchObject({
      title: "Producto eliminado",
    });
    const removed = await post({ intent: "remove", lineId: String(lineId) }, cookie);
    expect((await readSession(sessionCookieOf(removed, cookie))).toast).toMatchObject({
      title: "Producto eliminado",
    });
    expect(await lines(product.id)).toEqual([]);

    await lineOf(asUser(user.id), product.id, "100ml", 1);
    const cleared = await post({ intent: "clear" }, cookie);
    expect((await readSession(sessionCookieOf(cleared, cookie))).toast).toMatchObject({
      title: "Carrito limpiado",
    });
    expect(await lines(product.id)).toEqual([]);
  });

  it("refuses another shopper's line, a bad quantity, a foreign redirect and a cross-site post", async () => {
    const product = await createProduct(db);
    const owner = await createShopper(db);
    const intruder = await createShopper(db);
    const lineId = await lineOf(asUser(owner.id), product.id, "100ml", 2);
    const intruderCookie = await signedInCookie(intruder.id);

    const update = await post(
      { intent: "update", lineId: String(lineId), quantity: "1" },
      intruderCookie,
    );
    expect(update.status).toBe(400);
    const remove = await post({ intent: "remove", lineId: String(lineId) }, intruderCookie);
    expect(remove.status).toBe(400);
    expect((await remove.json()).error).toMatchObject({ title: "Error" });
    const negative = await post(
      { intent: "update", lineId: String(lineId), quantity: "-1" },
      await signedInCookie(owner.id),
    );
    expect(negative.status).toBe(400);
    expect(await lines(product.id)).toEqual([
      { userId: owner.id, sessionId: null, size: "100ml", quantity: 2 },
    ]);

    const away = await post({ intent: "clear", redirectTo: "//otro-sitio.example" });
    expect(away.headers.get("Location")).toBe("/cart");

    const crossSite = await settle(() =>
      cartAction({
        request: new Request("http://tienda.test/cart", {
          method: "POST",
          headers: {
            Origin: "https://otro-sitio.example",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent: "clear" }),
        }),
        params: {},
        context: {},
      }),
    );
    expect(crossSite.status).toBe(403);
  });

  it("refuses a sold-out product from a card with the add text of §8", async () => {
    const soldOut = await createProduct(db, { stock: 0 });
    const response = await post({ intent: "add", productId: String(soldOut.id) });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      title: "Producto agotado",
      message: "Este producto no está disponible en este momento.",
    });
  });
});

describe("the header's cart count", () => {
  it("counts the units that can be bought, as the cart and the drawer do", async () => {
    const kept = await createProduct(db);
    const gone = await createProduct(db);
    const guestId = crypto.randomUUID();
    await lineOf(asGuest(guestId), kept.id, "100ml", 2);
    await lineOf(asGuest(guestId), gone.id, "100ml", 3);
    await db.updateTable("products").set({ isActive: 0 }).where("id", "=", gone.id).execute();
    expect((await getHeaderCounts({ userId: null, guestId })).cartCount).toBe(2);
    expect((await getCart(asGuest(guestId))).itemCount).toBe(2);
  });

  it("leaves out a line whose size is no longer sold, as the cart and the drawer do", async () => {
    const product = await createProduct(db, {
      size: "100ml",
      availableSizes: JSON.stringify(["50ml", "100ml"]),
    });
    const user = await createShopper(db);
    await lineOf(asUser(user.id), product.id, "50ml", 2);
    await lineOf(asUser(user.id), product.id, "100ml", 1);
    expect((await getHeaderCounts({ userId: user.id, guestId: null })).cartCount).toBe(3);

    await db
      .updateTable("products")
      .set({ availableSizes: JSON.stringify(["100ml"]) })
      .where("id", "=", product.id)
      .execute();
    const cart = await getCart(asUser(user.id));
    expect(cart.lines.map((line) => [line.size, line.available])).toEqual([
      ["50ml", false],
      ["100ml", true],
    ]);
    expect(cart.itemCount).toBe(1);
    expect((await getHeaderCounts({ userId: user.id, guestId: null })).cartCount).toBe(1);
    // The cart page and the drawer (a fetcher of the same loader) count the same units.
    const request = get("/cart", await signedInCookie(user.id));
    const page = await settle(() => cartLoader({ request, params: {}, context: {} }));
    expect((await page.json()).cart.itemCount).toBe(1);
  });
});
