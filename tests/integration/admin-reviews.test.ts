import { beforeAll, describe, expect, it } from "vitest";
import { listAdminReviews } from "~/models/reviews/admin.server";
import { loader as listLoader } from "~/routes/admin.reviews";
import {
  action as reviewAction,
  loader as reviewLoader,
} from "~/routes/admin.reviews_.$reviewId/route";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/admin.reviews_.$reviewId_.delete";
import { db } from "~/utils/db.server";
import { createProduct } from "../../seed/factories/catalog";
import { approveReview, createReview } from "../../seed/factories/reviews";
import { createUser } from "../../seed/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

const post = (id: number, fields: Record<string, string>, cookie = adminCookie) =>
  settle(() =>
    reviewAction({
      request: formPost(`/admin/reviews/${id}`, fields, cookie),
      params: { reviewId: String(id) },
      context: {},
    }),
  );

const remove = (id: number, cookie = adminCookie) =>
  settle(() =>
    deleteAction({
      request: formPost(`/admin/reviews/${id}/delete`, {}, cookie),
      params: { reviewId: String(id) },
      context: {},
    }),
  );

async function list(query: string) {
  const response = await settle(() =>
    listLoader({ request: get(`/admin/reviews${query}`, adminCookie), params: {}, context: {} }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    filters: { status: string; rating?: number };
    list: Awaited<ReturnType<typeof listAdminReviews>>;
  };
}

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

const reviewRow = (id: number) =>
  db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();

const ratingOf = (productId: number) =>
  db
    .selectFrom("products")
    .select(["averageRating", "reviewCount"])
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();

/** A product with one approved 5-star review and one pending review of the given rating. */
async function reviewedProduct(pendingRating = 3) {
  const product = await createProduct(db);
  const approved = await createReview(db, {
    productId: product.id,
    userId: (await createUser(db)).id,
    rating: 5,
  });
  await approveReview(db, approved.id);
  const pending = await createReview(db, {
    productId: product.id,
    userId: (await createUser(db, { firstName: "Lucía" })).id,
    rating: pendingRating,
    comment: "Huele bien pero dura poco.",
  });
  return { product, approved, pending };
}

describe("the reviews list (backoffice.md §2)", () => {
  it("filters by status, rating and product name, each in the URL", async () => {
    const { product, approved, pending } = await reviewedProduct(2);
    const named = `product=${encodeURIComponent(product.name)}`;

    const all = await list(`?${named}`);
    expect(all.list.reviews.map((review) => review.id)).toEqual([pending.id, approved.id]);
    expect(all.list.total).toBe(2);

    const pendingOnly = await list(`?${named}&status=pending`);
    expect(pendingOnly.list.reviews.map((review) => review.id)).toEqual([pending.id]);
    expect(pendingOnly.list.reviews[0]).toMatchObject({
      isApproved: false,
      productName: product.name,
      authorFirstName: "Lucía",
    });

    const approvedOnly = await list(`?${named}&status=approved`);
    expect(approvedOnly.list.reviews.map((review) => review.id)).toEqual([approved.id]);

    const twoStars = await list(`?${named}&rating=2`);
    expect(twoStars.list.reviews.map((review) => review.id)).toEqual([pending.id]);

    // Nonsense in the URL is no filter, not an error.
    const loose = await list(`?${named}&status=nada&rating=9`);
    expect(loose.filters.status).toBe("all");
    expect(loose.filters.rating).toBeUndefined();
    expect(loose.list.total).toBe(2);
  });

  it("pages the list, newest first", async () => {
    const { product } = await reviewedProduct();
    const first = await listAdminReviews({ product: product.name, pageSize: 1 });
    const second = await listAdminReviews({ product: product.name, pageSize: 1, page: 2 });
    expect(first).toMatchObject({ total: 2, pageCount: 2, page: 1 });
    expect(second.page).toBe(2);
    expect(second.reviews[0].id).not.toBe(first.reviews[0].id);
  });

  it("is refused to a customer", async () => {
    const response = await settle(() =>
      listLoader({ request: get("/admin/reviews", customerCookie), params: {}, context: {} }),
    );
    expect(response.status).toBe(403);
  });
});

describe("moderating one review (backoffice.md §4–§5)", () => {
  it("shows the review with its author and product", async () => {
    const { product, pending } = await reviewedProduct();
    const response = await settle(() =>
      reviewLoader({
        request: get(`/admin/reviews/${pending.id}`, adminCookie),
        params: { reviewId: String(pending.id) },
        context: {},
      }),
    );
    const { review } = await response.json();
    expect(review).toMatchObject({
      id: pending.id,
      productName: product.name,
      productSlug: product.slug,
      authorFirstName: "Lucía",
      isApproved: false,
    });
  });

  it("approves a pending review: 'Reseña aprobada', and the product's rating counts it", async () => {
    const { product, pending } = await reviewedProduct(3);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 5, reviewCount: 1 });
    const response = await post(pending.id, {
      intent: "approve",
      redirectTo: "/admin/reviews?status=pending",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/reviews?status=pending");
    expect(await toastOf(response)).toMatchObject({ type: "success", title: "Reseña aprobada" });
    expect((await reviewRow(pending.id))?.isApproved).toBe(1);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 4, reviewCount: 2 });
  });

  it("refuses to approve an approved review, changing nothing", async () => {
    const { product, approved } = await reviewedProduct();
    const before = await reviewRow(approved.id);
    const response = await post(approved.id, { intent: "approve" });
    expect(response.headers.get("Location")).toBe(`/admin/reviews/${approved.id}`);
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Error al aprobar la reseña",
    });
    expect(await reviewRow(approved.id)).toEqual(before);
    expect(await ratingOf(product.id)).toEqual({ averageRating: 5, reviewCount: 1 });
  });

  it("edits the rating and the trimmed comment: 'Reseña actualizada'", async () => {
    const { product, approved } = await reviewedProduct();
    const response = await post(approved.id, {
      intent: "update",
      rating: "1",
      comment: "  Cambió la fórmula.  ",
    });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Reseña actualizada" });
    expect(await reviewRow(approved.id)).toMatchObject({
      rating: 1,
      comment: "Cambió la fórmula.",
    });
    expect(await ratingOf(product.id)).toEqual({ averageRating: 1, reviewCount: 1 });
  });

  it("refuses a rating outside 1–5 and a blank comment, with the user's input", async () => {
    const { approved } = await reviewedProduct();
    const response = await post(approved.id, { intent: "update", rating: "6", comment: "   " });
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.intent).toBe("update");
    expect(data.result.error).toEqual({
      rating: ["La calificación debe ser de 1 a 5 estrellas."],
      comment: ["El comentario es obligatorio."],
    });
    expect(await reviewRow(approved.id)).toMatchObject({ rating: 5, comment: approved.comment });
  });

  it("adds a trimmed response: 'Respuesta agregada', shown on the product page's data", async () => {
    const { approved } = await reviewedProduct();
    const response = await post(approved.id, {
      intent: "respond",
      response: "  ¡Gracias por tu compra!  ",
    });
    expect(await toastOf(response)).toMatchObject({ title: "Respuesta agregada" });
    expect((await reviewRow(approved.id))?.adminResponse).toBe("¡Gracias por tu compra!");
  });

  it("refuses an empty response", async () => {
    const { approved } = await reviewedProduct();
    const response = await post(approved.id, { intent: "respond", response: "  " });
    expect(response.status).toBe(400);
    const data = await response.json();
    expect(data.result.error).toEqual({ response: ["La respuesta no puede estar vacía."] });
    expect((await reviewRow(approved.id))?.adminResponse).toBeNull();
  });

  it("answers 404 for a review that does not exist and 400 for an unknown intent", async () => {
    expect((await post(99_999_999, { intent: "approve" })).status).toBe(404);
    const { pending } = await reviewedProduct();
    expect((await post(pending.id, { intent: "publish" })).status).toBe(400);
  });

  it("is refused to a customer", async () => {
    const { pending } = await reviewedProduct();
    const response = await post(pending.id, { intent: "approve" }, customerCookie);
    expect(response.status).toBe(403);
    expect((await reviewRow(pending.id))?.isApproved).toBe(0);
  });
});

describe("deleting a review", () => {
  it("asks first, then deletes: 'Reseña eliminada', and the product's count drops", async () => {
    const { product, approved } = await reviewedProduct();
    const confirm = await settle(() =>
      deleteLoader({
        request: get(`/admin/reviews/${approved.id}/delete`, adminCookie),
        params: { reviewId: String(approved.id) },
        context: {},
      }),
    );
    expect(confirm.status).toBe(200);
    expect(await reviewRow(approved.id)).toBeDefined();

    const response = await remove(approved.id);
    expect(response.headers.get("Location")).toBe("/admin/reviews");
    expect(await toastOf(response)).toMatchObject({ title: "Reseña eliminada" });
    expect(await reviewRow(approved.id)).toBeUndefined();
    expect(await ratingOf(product.id)).toEqual({ averageRating: 0, reviewCount: 0 });
  });

  it("says so when the review is gone already", async () => {
    const response = await remove(99_999_999);
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      title: "Error al eliminar la reseña",
    });
  });

  it("is refused to a customer", async () => {
    const { pending } = await reviewedProduct();
    expect((await remove(pending.id, customerCookie)).status).toBe(403);
    expect(await reviewRow(pending.id)).toBeDefined();
  });
});
