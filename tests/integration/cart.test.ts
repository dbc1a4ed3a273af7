import { describe, expect, it } from "vitest";
import { addToCart, CART_MESSAGES } from "~/models/cart.server";
import { getHeaderCounts } from "~/models/shopper.server";
import { action } from "~/routes/_store.product.$slug/route";
import { db } from "~/utils/db.server";
import { createProduct, createShopper } from "../factories/catalog";
import {
  formPost,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

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
      const result = await addToCart({ userId: user.id, productId: product.id, size, quantity: 1 });
      if (!result.ok) throw new Error(result.message);
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
      userId: user.id,
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
      const result = await addToCart({ userId: user.id, productId: product.id, size, quantity: 1 });
      expect(result).toMatchObject({ ok: false, error: "size_unavailable" });
    }
    expect(await lines(product.id)).toEqual([]);
  });

  it("merges the same product and size into one line, other sizes get their own", async () => {
    const product = await createProduct(db, { stock: 10 });
    const user = await createShopper(db);
    await addToCart({ userId: user.id, productId: product.id, size: "50ml", quantity: 2 });
    const again = await addToCart({
      userId: user.id,
      productId: product.id,
      size: "50ml",
      quantity: 3,
    });
    await addToCart({ userId: user.id, productId: product.id, size: "100ml", quantity: 1 });
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
      await addToCart({ userId: user.id, productId: product.id, size: "100ml", quantity: 2 }),
    ).toMatchObject({ ok: true });
    const same = await addToCart({
      userId: user.id,
      productId: product.id,
      size: "100ml",
      quantity: 2,
    });
    const other = await addToCart({
      userId: user.id,
      productId: product.id,
      size: "50ml",
      quantity: 2,
    });
    for (const result of [same, other]) {
      expect(result).toMatchObject({ ok: false, error: "insufficient_stock" });
      if (!result.ok) expect(result.message).toContain("unidades disponibles");
    }
    expect(await lines(product.id)).toEqual([
      { userId: user.id, sessionId: null, size: "100ml", quantity: 2 },
    ]);
    // Up to the stock exactly is fine.
    expect(
      await addToCart({ userId: user.id, productId: product.id, size: "50ml", quantity: 1 }),
    ).toMatchObject({ ok: true });
    // Another shopper's cart does not count against this one.
    const other2 = await createShopper(db);
    expect(
      await addToCart({ userId: other2.id, productId: product.id, size: "100ml", quantity: 3 }),
    ).toMatchObject({ ok: true });
  });

  it("refuses an out-of-stock product with 'Producto agotado' and an inactive one", async () => {
    const user = await createShopper(db);
    const soldOut = await createProduct(db, { stock: 0 });
    const inactive = await createProduct(db, { isActive: 0 });
    expect(
      await addToCart({ userId: user.id, productId: soldOut.id, size: "100ml", quantity: 1 }),
    ).toEqual({ ok: false, error: "out_of_stock", message: "Producto agotado" });
    expect(
      await addToCart({ userId: user.id, productId: inactive.id, size: "100ml", quantity: 1 }),
    ).toEqual({ ok: false, error: "unavailable", message: "Este producto no está disponible" });
    expect(
      await addToCart({ userId: user.id, productId: 99_999_999, size: "100ml", quantity: 1 }),
    ).toMatchObject({ ok: false, message: CART_MESSAGES.unavailable });
    expect(await lines(soldOut.id)).toEqual([]);
    expect(await lines(inactive.id)).toEqual([]);
  });

  it("refuses quantities below 1", async () => {
    const product = await createProduct(db);
    const user = await createShopper(db);
    for (const quantity of [0, -1, 1.5]) {
      expect(
        await addToCart({ userId: user.id, productId: product.id, size: "100ml", quantity }),
      ).toMatchObject({ ok: false, error: "invalid_quantity" });
    }
  });

  it("keeps a guest's cart on the guest id (D10)", async () => {
    const product = await createProduct(db);
    const guestId = crypto.randomUUID();
    await addToCart({ guestId, productId: product.id, size: "150ml", quantity: 2 });
    expect(await lines(product.id)).toEqual([
      { userId: null, sessionId: guestId, size: "150ml", quantity: 2 },
    ]);
    expect((await getHeaderCounts({ userId: null, guestId })).cartCount).toBe(2);
  });

  it("lets only one of two simultaneous adds of the last units through", async () => {
    const product = await createProduct(db, { stock: 2 });
    const user = await createShopper(db);
    const results = await Promise.all([
      addToCart({ userId: user.id, productId: product.id, size: "100ml", quantity: 2 }),
      addToCart({ userId: user.id, productId: product.id, size: "50ml", quantity: 2 }),
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
    expect(session.toast).toMatchObject({ type: "success", title: "Agregado al carrito" });
    expect(session.toast?.description).toContain("L 1,600.00");
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
      "L 3,000.00",
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
