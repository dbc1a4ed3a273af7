import { afterEach, describe, expect, it } from "vitest";
import {
  approveReview,
  createReview,
  deleteReview,
  getReviewEligibility,
  listApprovedReviews,
  respondToReview,
  updateReview,
} from "~/models/reviews/reviews.server";
import { updateSettings } from "~/models/settings/settings.server";
import { action, loader } from "~/routes/_store.product.$slug/route";
import { db } from "~/utils/db.server";
import { createProduct, createShopper, type CreatedProduct } from "../../seed/factories/catalog";
import { createOrder } from "../../seed/factories/orders";
import { createReview as createReviewRow } from "../../seed/factories/reviews";
import {
  formPost,
  get,
  readSession,
  sessionCookieOf,
  settle,
  signedInCookie,
} from "../setup/route-helpers";

/** A customer with a delivered order containing the product: storefront.md §5's buyer. */
async function buyerOf(product: CreatedProduct, status: "delivered" | "shipped" = "delivered") {
  const user = await createShopper(db);
  const order = await createOrder(db, { userId: user.id, status, lines: [{ product }] });
  return { user, order };
}

async function ratingOf(productId: number) {
  return db
    .selectFrom("products")
    .select(["averageRating", "reviewCount"])
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();
}

const review = (userId: number, productId: number, rating = 4) => ({
  userId,
  productId,
  rating,
  title: null,
  comment: "Dura todo el día.",
});

afterEach(async () => {
  await updateSettings({ autoApproveReviews: "false" });
});

describe("createReview (storefront.md §5)", () => {
  it("takes a buyer's review, verified by the delivered order, waiting for moderation", async () => {
    const product = await createProduct(db);
    const { user, order } = await buyerOf(product);
    const result = await createReview(review(user.id, product.id));
    expect(result).toEqual({ ok: true, reviewId: expect.any(Number), approved: false });
    const row = await db
      .selectFrom("reviews")
      .selectAll()
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ orderId: order.id, isVerified: 1, isApproved: 0, rating: 4 });
    // Pending reviews are not shown and do not count.
    expect(await listApprovedReviews(product.id)).toEqual([]);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 0, reviewCount: 0 });
  });

  it("approves at once when autoApproveReviews is on, the product's rating with it", async () => {
    await updateSettings({ autoApproveReviews: "true" });
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const result = await createReview(review(user.id, product.id, 3));
    expect(result).toMatchObject({ ok: true, approved: true });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 3, reviewCount: 1 });
  });

  it("refuses someone whose order with the product is not delivered, or who bought another", async () => {
    const product = await createProduct(db);
    const { user: waiting } = await buyerOf(product, "shipped");
    const { user: otherBuyer } = await buyerOf(await createProduct(db));
    for (const user of [waiting, otherBuyer]) {
      expect(await createReview(review(user.id, product.id))).toEqual({
        ok: false,
        error: "not-purchased",
      });
    }
    const count = await db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("productId", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("refuses a second review of the same product, even when twenty arrive at once", async () => {
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createReview(review(user.id, product.id))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array.from({ length: 19 }, () => ({ ok: false, error: "already-reviewed" })),
    );
    expect(await createReview(review(user.id, product.id))).toEqual({
      ok: false,
      error: "already-reviewed",
    });
  });
});

describe("getReviewEligibility", () => {
  it("tells a visitor, a non-buyer, a buyer, and the author of a pending or approved review", async () => {
    const product = await createProduct(db);
    const stranger = await createShopper(db);
    const { user: buyer } = await buyerOf(product);
    const { user: waiting } = await buyerOf(product);
    const { user: published } = await buyerOf(product);
    await createReviewRow(db, { productId: product.id, userId: waiting.id });
    await createReviewRow(db, { productId: product.id, userId: published.id, isApproved: 1 });
    expect(await getReviewEligibility(null, product.id)).toBe("visitor");
    expect(await getReviewEligibility(stranger.id, product.id)).toBe("not-purchased");
    expect(await getReviewEligibility(buyer.id, product.id)).toBe("can-review");
    expect(await getReviewEligibility(waiting.id, product.id)).toBe("pending");
    expect(await getReviewEligibility(published.id, product.id)).toBe("reviewed");
  });
});

describe("moderation keeps the product's rating in step (backoffice.md §4, §5)", () => {
  it("approve, edit and delete rewrite average_rating and review_count", async () => {
    const product = await createProduct(db);
    const [a, b, c] = [await buyerOf(product), await buyerOf(product), await buyerOf(product)];
    const first = await createReview(review(a.user.id, product.id, 5));
    const second = await createReview(review(b.user.id, product.id, 4));
    const third = await createReview(review(c.user.id, product.id, 4));
    if (!first.ok || !second.ok || !third.ok) throw new Error("the buyers' reviews were refused");

    expect(await approveReview(first.reviewId)).toEqual({ ok: true });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 5, reviewCount: 1 });
    await approveReview(second.reviewId);
    await approveReview(third.reviewId);
    // 13 / 3 = 4.33…, rounded to one decimal as the page's ratingSummary does.
    expect(await ratingOf(product.id)).toEqual({ averageRating: 4.3, reviewCount: 3 });
    // Approving twice counts once.
    expect(await approveReview(third.reviewId)).toEqual({ ok: true });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 4.3, reviewCount: 3 });

    expect(
      await updateReview({ reviewId: second.reviewId, rating: 1, comment: "  Cambió.  " }),
    ).toEqual({ ok: true });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 3.3, reviewCount: 3 });
    const edited = await db
      .selectFrom("reviews")
      .select(["rating", "comment"])
      .where("id", "=", second.reviewId)
      .executeTakeFirstOrThrow();
    expect(edited).toEqual({ rating: 1, comment: "Cambió." });

    expect(await deleteReview(first.reviewId)).toEqual({ ok: true });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 2.5, reviewCount: 2 });
    await deleteReview(second.reviewId);
    await deleteReview(third.reviewId);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 0, reviewCount: 0 });
  });

  it("an edit or deletion of a pending review leaves the rating alone", async () => {
    const product = await createProduct(db);
    const { user: approvedAuthor } = await buyerOf(product);
    const { user: pendingAuthor } = await buyerOf(product);
    await createReviewRow(db, {
      productId: product.id,
      userId: approvedAuthor.id,
      rating: 4,
      isApproved: 1,
    });
    const pending = await createReviewRow(db, { productId: product.id, userId: pendingAuthor.id });
    await updateReview({ reviewId: pending.id, rating: 1, comment: "Otra" });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 4, reviewCount: 1 });
    await deleteReview(pending.id);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 4, reviewCount: 1 });
  });

  it("refuses a rating outside 1–5, a blank comment or response, and unknown reviews", async () => {
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const row = await createReviewRow(db, { productId: product.id, userId: user.id, rating: 5 });
    for (const rating of [0, 6, 2.5]) {
      expect(await updateReview({ reviewId: row.id, rating, comment: "Bien" })).toEqual({
        ok: false,
        error: "invalid-rating",
      });
    }
    expect(await updateReview({ reviewId: row.id, rating: 3, comment: "   " })).toEqual({
      ok: false,
      error: "blank-comment",
    });
    expect(await respondToReview({ reviewId: row.id, response: " \n " })).toEqual({
      ok: false,
      error: "blank-response",
    });
    const missing = row.id + 1_000_000;
    expect(await approveReview(missing)).toEqual({ ok: false, error: "not-found" });
    expect(await updateReview({ reviewId: missing, rating: 3, comment: "x" })).toEqual({
      ok: false,
      error: "not-found",
    });
    expect(await respondToReview({ reviewId: missing, response: "Gracias" })).toEqual({
      ok: false,
      error: "not-found",
    });
    expect(await deleteReview(missing)).toEqual({ ok: false, error: "not-found" });
    const unchanged = await db
      .selectFrom("reviews")
      .select(["rating", "comment", "adminResponse"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ rating: 5, comment: "Una reseña de prueba.", adminResponse: null });
  });

  it("shows the shop's response under an approved review, newest review first", async () => {
    const product = await createProduct(db);
    const { user: older } = await buyerOf(product);
    const { user: newer } = await buyerOf(product);
    const first = await createReviewRow(db, {
      productId: product.id,
      userId: older.id,
      isApproved: 1,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    await createReviewRow(db, {
      productId: product.id,
      userId: newer.id,
      isApproved: 1,
      createdAt: "2026-02-01T10:00:00.000Z",
    });
    expect(await respondToReview({ reviewId: first.id, response: "  ¡Gracias!  " })).toEqual({
      ok: true,
    });
    const shown = await listApprovedReviews(product.id);
    expect(shown.map((row) => [row.id, row.adminResponse])).toEqual([
      [first.id + 1, null],
      [first.id, "¡Gracias!"],
    ]);
  });
});

describe("the product page's review form", () => {
  const post = (slug: string, fields: Record<string, string>, cookie?: string) =>
    settle(() =>
      action({
        request: formPost(`/product/${slug}?tab=resenas`, { intent: "review", ...fields }, cookie),
        params: { slug },
        context: {},
      }),
    );
  const filled = { rating: "5", title: "Mi favorito", comment: "Elegante y duradero." };
  const toastOf = async (response: Response) =>
    (await readSession(sessionCookieOf(response))).toast;

  it("tells the loader who may write (the form shows only where it can succeed)", async () => {
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const load = async (cookie?: string) => {
      const response = await settle(() =>
        loader({
          request: get(`/product/${product.slug}`, cookie),
          params: { slug: product.slug },
          context: {},
        }),
      );
      return (await response.json()).reviewing;
    };
    expect(await load()).toEqual({ eligibility: "visitor", moderated: true });
    expect(await load(await signedInCookie(user.id))).toEqual({
      eligibility: "can-review",
      moderated: true,
    });
  });

  it("saves a buyer's review and redirects to the reviews tab with 'Reseña enviada'", async () => {
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const response = await post(product.slug, filled, await signedInCookie(user.id));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/product/${product.slug}?tab=resenas#detalles`);
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Reseña enviada" });
    const row = await db
      .selectFrom("reviews")
      .select(["rating", "title", "comment", "isApproved", "isVerified"])
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      rating: 5,
      title: "Mi favorito",
      comment: "Elegante y duradero.",
      isApproved: 0,
      isVerified: 1,
    });
  });

  it("refuses a visitor, a non-buyer and a second review with the §8 toast and §5 reason", async () => {
    const product = await createProduct(db);
    const stranger = await createShopper(db);
    const { user: buyer } = await buyerOf(product);
    const buyerCookie = await signedInCookie(buyer.id);
    expect((await post(product.slug, filled, buyerCookie)).status).toBe(302);

    const cases = [
      [undefined, "Debes iniciar sesión para dejar una reseña"],
      [
        await signedInCookie(stranger.id),
        "Solo puedes dejar reseñas de productos que hayas comprado.",
      ],
      [buyerCookie, "Ya has dejado una reseña para este producto."],
    ] as const;
    for (const [cookie, description] of cases) {
      const response = await post(product.slug, filled, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        `/product/${product.slug}?tab=resenas#detalles`,
      );
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "No se pudo enviar la reseña",
        description,
      });
    }
    const rows = await db
      .selectFrom("reviews")
      .select("userId")
      .where("productId", "=", product.id)
      .execute();
    expect(rows).toEqual([{ userId: buyer.id }]);
  });

  it("answers 400 with the §5 message when the rating or the comment is missing", async () => {
    const product = await createProduct(db);
    const { user } = await buyerOf(product);
    const cookie = await signedInCookie(user.id);
    const missing = await post(product.slug, { title: "Sin nada", comment: "  " }, cookie);
    expect(missing.status).toBe(400);
    const { review: reply } = await missing.json();
    expect(reply.error).toEqual({
      rating: ["Por favor completa todos los campos requeridos"],
      comment: ["Por favor completa todos los campos requeridos"],
    });
    const tooLong = await post(product.slug, { ...filled, title: "x".repeat(201) }, cookie);
    expect(tooLong.status).toBe(400);
    const outOfRange = await post(product.slug, { ...filled, rating: "6" }, cookie);
    expect(outOfRange.status).toBe(400);
    const rows = await db
      .selectFrom("reviews")
      .select("id")
      .where("userId", "=", user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
