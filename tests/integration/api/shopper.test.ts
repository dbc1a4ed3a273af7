import { describe, expect, it } from "vitest";
import { listWishlist } from "~/models/catalog/wishlist.server";
import { addAdminPoints, getLoyaltyAccount } from "~/models/loyalty/loyalty.server";
import { listApprovedReviews } from "~/models/reviews/reviews.server";
import { db } from "~/utils/db.server";
import { formatMoney } from "~/utils/money";
import { createProduct } from "../../../seed/factories/catalog";
import { createPromoCode } from "../../../seed/factories/coupons";
import { redeemPoints } from "../../../seed/factories/loyalty";
import { createNotification } from "../../../seed/factories/notifications";
import { createOrder } from "../../../seed/factories/orders";
import { approveReview, createReview } from "../../../seed/factories/reviews";
import { createUser } from "../../../seed/factories/users";
import { callers, tokenFor, useApiServer } from "../../setup/api-client";

/*
 * The shopper's other calls (storefront.md §7): favourites, notifications, reviews and points,
 * against the built server, each with its refusals.
 */

const api = useApiServer();

describe("Favoritos", () => {
  it("adds (idempotently), lists page by page as /wishlist does, and removes", async () => {
    const { customer, asCustomer } = await callers();
    const first = await createProduct(db, { price: 150_000 });
    const second = await createProduct(db);

    const added = await api.call("POST", `/api/wishlist/${first.id}`, { as: asCustomer });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ productId: first.id, price: 150_000, isActive: true });
    expect((await api.call("POST", `/api/wishlist/${first.id}`, { as: asCustomer })).status).toBe(
      201,
    );
    await api.call("POST", `/api/wishlist/${second.id}`, { as: asCustomer });

    const page = await api.get("/api/wishlist?limit=1", { as: asCustomer });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageCount: 2, total: 2, limit: 1 });
    const screen = await listWishlist(customer.id);
    expect(page.body.items[0].productId).toBe(screen[0]!.id);
    const all = await api.get("/api/wishlist", { as: asCustomer });
    expect(all.body.items.map((item: { productId: number }) => item.productId)).toEqual(
      screen.map((entry) => entry.id),
    );

    const removed = await api.call("DELETE", `/api/wishlist/${first.id}`, { as: asCustomer });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await api.call("DELETE", `/api/wishlist/${first.id}`, { as: asCustomer })).status).toBe(
      204,
    );
    expect((await listWishlist(customer.id)).map((entry) => entry.id)).toEqual([second.id]);
  });

  it("refuses a visitor (401), a product not for sale (404) and a read-only token (403)", async () => {
    const product = await createProduct(db);
    const visitor = await api.get("/api/wishlist");
    expect(visitor.status).toBe(401);
    expect(visitor.body.detail).toBe("Inicia sesión o envía un token de la API.");

    const { customer, asCustomer } = await callers();
    const hidden = await createProduct(db, { isActive: 0 });
    const missing = await api.call("POST", `/api/wishlist/${hidden.id}`, { as: asCustomer });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Este producto no está disponible");

    const { token } = await tokenFor(customer, { scope: "read" });
    const readOnly = await api.call("POST", `/api/wishlist/${product.id}`, { as: { token } });
    expect(readOnly.status).toBe(403);
    expect(await listWishlist(customer.id)).toEqual([]);
  });
});

describe("Notificaciones", () => {
  it("lists the caller's notifications page by page with the unread count", async () => {
    const { customer, asCustomer } = await callers();
    for (let i = 0; i < 3; i++) {
      await createNotification(db, customer.id, { title: `Aviso ${i}`, isRead: i === 0 ? 1 : 0 });
    }
    const page = await api.get("/api/notifications?limit=2", { as: asCustomer });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, pageCount: 2, total: 3, limit: 2, unread: 2 });
    expect(page.body.items.map((n: { title: string }) => n.title)).toEqual(["Aviso 2", "Aviso 1"]);
    expect(page.body.items[0]).toMatchObject({ type: "promo_code", isRead: false, href: null });
    expect((await api.get("/api/notifications")).status).toBe(401);
  });

  it("marks one read, marks all read, and deletes; another customer's is a 404 and stays as it was", async () => {
    const { customer, other, asCustomer, asOther } = await callers();
    const mine = await createNotification(db, customer.id, { type: "order_shipped" });
    const second = await createNotification(db, customer.id);
    const theirs = await createNotification(db, other.id);

    const read = await api.call("PUT", `/api/notifications/${mine.id}/read`, { as: asCustomer });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: mine.id, isRead: true, href: null });

    for (const [method, path] of [
      ["PUT", `/api/notifications/${theirs.id}/read`],
      ["DELETE", `/api/notifications/${theirs.id}`],
    ] as const) {
      const refused = await api.call(method, path, { as: asCustomer });
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toBe("Notificación no encontrada");
    }
    const untouched = await db
      .selectFrom("notifications")
      .select("isRead")
      .where("id", "=", theirs.id)
      .executeTakeFirst();
    expect(untouched).toEqual({ isRead: 0 });

    const all = await api.call("PUT", "/api/notifications/mark-all-read", { as: asCustomer });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      message: "Todas tus notificaciones están marcadas como leídas.",
      updated: 1,
    });
    expect((await api.get("/api/notifications", { as: asOther })).body.unread).toBe(1);

    const deleted = await api.call("DELETE", `/api/notifications/${second.id}`, {
      as: asCustomer,
    });
    expect(deleted.status).toBe(204);
    const left = await api.get("/api/notifications", { as: asCustomer });
    expect(left.body.items.map((n: { id: number }) => n.id)).toEqual([mine.id]);
    expect(
      (await api.call("DELETE", `/api/notifications/${second.id}`, { as: asCustomer })).status,
    ).toBe(404);
  });
});

async function deliveredBuyer(product: { id: number; name: string; price: number }) {
  const buyer = await createUser(db);
  await createOrder(db, {
    userId: buyer.id,
    status: "delivered",
    deliveredAt: new Date().toISOString(),
    lines: [{ product }],
  });
  return { buyer, as: { token: (await tokenFor(buyer)).token } };
}

describe("Reseñas", () => {
  it("lists a product's approved reviews only, page by page, as its page does", async () => {
    const product = await createProduct(db);
    const authors = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    for (const [i, author] of authors.entries()) {
      const review = await createReview(db, {
        productId: product.id,
        userId: author.id,
        rating: 3 + i,
      });
      if (i < 2) await approveReview(db, review.id);
    }
    const answer = await api.get(`/api/reviews/product/${product.id}?limit=1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total: 2,
      pageCount: 2,
      rating: { average: 3.5, count: 2 },
    });
    const all = await api.get(`/api/reviews/product/${product.id}`);
    const page = await listApprovedReviews(product.id);
    expect(all.body.items).toEqual(page);
    expect(Object.keys(all.body.items[0])).not.toContain("userId");

    const hidden = await createProduct(db, { isActive: 0 });
    for (const id of [hidden.id, 987_654_321]) {
      const missing = await api.get(`/api/reviews/product/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe("Producto no encontrado");
    }
  });

  it("answers can-review for a visitor, a customer who did not buy, a buyer and a reviewer", async () => {
    const product = await createProduct(db);
    const path = `/api/reviews/can-review/${product.id}`;
    expect((await api.get(path)).body).toEqual({
      canReview: false,
      hasPurchased: false,
      hasReviewed: false,
      status: "visitor",
    });
    const { asCustomer } = await callers();
    expect((await api.get(path, { as: asCustomer })).body).toEqual({
      canReview: false,
      hasPurchased: false,
      hasReviewed: false,
      status: "not-purchased",
    });
    const { buyer, as } = await deliveredBuyer(product);
    expect((await api.get(path, { as })).body).toEqual({
      canReview: true,
      hasPurchased: true,
      hasReviewed: false,
      status: "can-review",
    });
    await createReview(db, { productId: product.id, userId: buyer.id });
    expect((await api.get(path, { as })).body).toEqual({
      canReview: false,
      hasPurchased: true,
      hasReviewed: true,
      status: "pending",
    });
  });

  it("takes a buyer's review for moderation, once; refuses a non-buyer and bad input", async () => {
    const product = await createProduct(db);
    const { buyer, as } = await deliveredBuyer(product);
    const body = { productId: product.id, rating: 4, title: "", comment: "  Me encanta.  " };

    const bad = await api.call("POST", "/api/reviews", {
      as,
      body: { productId: product.id, rating: 9, comment: " " },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      rating: ["Por favor completa todos los campos requeridos"],
      comment: ["Por favor completa todos los campos requeridos"],
    });

    const sent = await api.call("POST", "/api/reviews", { as, body });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      approved: false,
      message: "Nuestro equipo la revisará antes de publicarla.",
    });
    const row = await db
      .selectFrom("reviews")
      .select(["userId", "rating", "title", "comment", "isApproved", "isVerified"])
      .where("id", "=", sent.body.id)
      .executeTakeFirst();
    expect(row).toEqual({
      userId: buyer.id,
      rating: 4,
      title: null,
      comment: "Me encanta.",
      isApproved: 0,
      isVerified: 1,
    });

    const twice = await api.call("POST", "/api/reviews", { as, body });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("Ya has dejado una reseña para este producto.");

    const { asCustomer } = await callers();
    const notBuyer = await api.call("POST", "/api/reviews", { as: asCustomer, body });
    expect(notBuyer.status).toBe(403);
    expect(notBuyer.body.detail).toBe("Solo puedes dejar reseñas de productos que hayas comprado.");
    expect((await api.call("POST", "/api/reviews", { body })).status).toBe(403); // no Origin
    const visitor = await api.call("POST", "/api/reviews", {
      body,
      headers: { Origin: api.origin },
    });
    expect(visitor.status).toBe(401);
    const count = await db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("productId", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe("Puntos", () => {
  it("validates a code against the caller's cart subtotal, with the code box's messages", async () => {
    const { customer, asCustomer } = await callers();
    const product = await createProduct(db, { price: 100_000, stock: 5 });
    await api.call("POST", "/api/cart", {
      as: asCustomer,
      body: { productId: product.id, quantity: 2 },
    });
    const promo = await createPromoCode(db, { discountType: "percentage", discountValue: 10 });
    const valid = await api.call("POST", "/api/points/validate-coupon", {
      as: asCustomer,
      body: { code: ` ${promo.code.toLowerCase()} ` },
    });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({
      valid: true,
      coupon: {
        id: promo.id,
        code: promo.code,
        discountAmount: 20_000,
        kind: "promo",
        label: "10%",
      },
      message: expect.stringContaining("Descuento de"),
    });

    const minimum = await createPromoCode(db, { minOrderAmount: 500_000 });
    const tooSmall = await api.call("POST", "/api/points/validate-coupon", {
      as: asCustomer,
      body: { code: minimum.code },
    });
    expect(tooSmall.body).toMatchObject({ valid: false, coupon: null });
    expect(tooSmall.body.message).toMatch(/^Este cupón requiere una compra mínima de L/);

    // A loyalty coupon is its owner's alone: anybody else is told it does not exist.
    await addAdminPoints({ userId: customer.id, points: 700, description: "Prueba" });
    const coupon = await redeemPoints(db, { userId: customer.id, points: 700 });
    const { asOther } = await callers();
    const notYours = await api.call("POST", "/api/points/validate-coupon", {
      as: asOther,
      body: { code: coupon.code },
    });
    expect(notYours.body).toEqual({
      valid: false,
      coupon: null,
      message: "El cupón no existe o no es válido",
    });
    const yours = await api.call("POST", "/api/points/validate-coupon", {
      as: asCustomer,
      body: { code: coupon.code },
    });
    expect(yours.body.coupon).toMatchObject({ kind: "loyalty", discountAmount: 2_000 });

    const empty = await api.call("POST", "/api/points/validate-coupon", {
      as: asCustomer,
      body: { code: "  " },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ code: ["Ingresa un código de cupón"] });

    // A guest (session cookie, no account) may check a promo code against an empty cart.
    const guest = await api.call("POST", "/api/points/validate-coupon", {
      body: { code: promo.code },
      headers: { Origin: api.origin },
    });
    expect(guest.status).toBe(200);
    expect(guest.body.coupon).toMatchObject({ discountAmount: 0 });
  });

  it("redeems points into a coupon with the loyalty screen's rules, and lists history and coupons", async () => {
    const { customer, asCustomer } = await callers();
    await addAdminPoints({ userId: customer.id, points: 200, description: "Regalo" });

    const step = await api.call("POST", "/api/points/generate-coupon", {
      as: asCustomer,
      body: { pointsToRedeem: 100 },
    });
    expect(step.status).toBe(422);
    expect(step.body.errors.pointsToRedeem[0]).toMatch(/^Canjea los puntos en múltiplos de 70/);
    const fraction = await api.call("POST", "/api/points/generate-coupon", {
      as: asCustomer,
      body: { pointsToRedeem: 70.5 },
    });
    expect(fraction.status).toBe(422);
    expect(fraction.body.detail).toMatch(/^Canjea los puntos en múltiplos de 70/);
    const few = await api.call("POST", "/api/points/generate-coupon", {
      as: asCustomer,
      body: { pointsToRedeem: 5 },
    });
    expect(few.status).toBe(422);
    expect(few.body.detail).toBe("Necesitas al menos 10 puntos");
    const tooMany = await api.call("POST", "/api/points/generate-coupon", {
      as: asCustomer,
      body: { pointsToRedeem: 210 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe("Puntos insuficientes");
    expect((await getLoyaltyAccount(customer.id)).balance).toBe(200);

    const made = await api.call("POST", "/api/points/generate-coupon", {
      as: asCustomer,
      body: { pointsToRedeem: 140 },
    });
    expect(made.status).toBe(201);
    expect(made.body.coupon).toMatchObject({ pointsUsed: 140, discountAmount: 400 });
    expect(made.body.message).toBe(
      `${made.body.coupon.code}: ${formatMoney(400)} de descuento en tu próxima compra.`,
    );
    expect((await getLoyaltyAccount(customer.id)).balance).toBe(60);

    const coupons = await api.get("/api/points/coupons", { as: asCustomer });
    expect(coupons.status).toBe(200);
    expect(coupons.body).toMatchObject({ total: 1, page: 1 });
    expect(coupons.body.items[0]).toMatchObject({
      code: made.body.coupon.code,
      state: "available",
      usedAt: null,
    });

    const history = await api.get("/api/points/history?limit=1", { as: asCustomer });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ total: 2, pageCount: 2, limit: 1 });
    expect(history.body.items[0]).toMatchObject({ points: -140, type: "redeemed" });
    const account = await getLoyaltyAccount(customer.id);
    const both = await api.get("/api/points/history", { as: asCustomer });
    expect(both.body.items).toEqual(account.history);

    expect((await api.get("/api/points/history")).status).toBe(401);
    const { token } = await tokenFor(customer, { scope: "read" });
    const readOnly = await api.call("POST", "/api/points/generate-coupon", {
      as: { token },
      body: { pointsToRedeem: 70 },
    });
    expect(readOnly.status).toBe(403);
    expect((await getLoyaltyAccount(customer.id)).balance).toBe(60);
  });
});
