import { z } from "zod/v4";
import { defineCall, idField } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { productsByIds } from "~/models/catalog/catalog.server";
import { invariantResponse } from "~/utils/invariant";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_REQUIRED,
  REVIEW_TITLE_MAX,
  type ReviewEligibility,
} from "~/models/reviews/reviews";

/*
 * The product page's reviews (storefront.md §5, §7) as calls: the approved reviews it lists,
 * the can-review answer that decides its form, and the form's submission, over the same model
 * (reviews.server.ts) and with the form's rules and messages. The back office's moderation
 * calls are another group's.
 */

const TAG = "Reseñas";

export const reviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    title: z.string().nullable(),
    comment: z.string(),
    isVerified: z.boolean().describe("Escrita por un comprador (un pedido entregado)."),
    adminResponse: z.string().nullable(),
    createdAt: z.string(),
    authorFirstName: z.string().describe("Solo el nombre: el apellido y el correo son privados."),
  })
  .meta({ id: "Review" });

/** The product page's 404 for a product that is not for sale (unknown or inactive). */
export async function requireActiveProduct(productId: number) {
  const [product] = await productsByIds([productId]);
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  return product;
}

/** storefront.md §7's three flags, from the page's one state. */
export function canReviewAnswer(standing: {
  eligibility: ReviewEligibility;
  hasPurchased: boolean;
}) {
  const { eligibility, hasPurchased } = standing;
  return {
    canReview: eligibility === "can-review",
    hasPurchased,
    hasReviewed: eligibility === "reviewed" || eligibility === "pending",
    status: eligibility,
  };
}

export const reviewCalls = {
  byProduct: defineCall({
    method: "GET",
    path: "/api/reviews/product/{productId}",
    tag: TAG,
    summary: "Reseñas aprobadas de un producto, las más recientes primero",
    description: "Con `rating`: el promedio (un decimal) y el número de reseñas aprobadas.",
    access: "public",
    params: { productId: "integer" },
    query: pageQuery,
    response: pageSchema(reviewSchema).extend({
      rating: z.object({ average: z.number(), count: z.number().int() }),
    }),
    errors: [404],
  }),
  canReview: defineCall({
    method: "GET",
    path: "/api/reviews/can-review/{productId}",
    tag: TAG,
    summary: "Si puedo reseñar un producto",
    description:
      "Un comprador (pedido entregado con el producto) escribe una reseña por producto. `status` es el estado del formulario de la página: visitor, not-purchased, pending, reviewed o can-review.",
    access: "public",
    params: { productId: "integer" },
    response: z.object({
      canReview: z.boolean(),
      hasPurchased: z.boolean(),
      hasReviewed: z.boolean(),
      status: z.enum(["visitor", "not-purchased", "pending", "reviewed", "can-review"]),
    }),
    errors: [404],
  }),
  create: defineCall({
    method: "POST",
    path: "/api/reviews",
    tag: TAG,
    summary: "Escribir una reseña",
    description:
      "Las reglas del formulario de la página: solo compradores, una por producto; queda pendiente de moderación salvo que la tienda apruebe las reseñas automáticamente.",
    access: "customer",
    body: z.object({
      productId: idField(),
      rating: z
        .number({ error: REVIEW_REQUIRED })
        .int(REVIEW_REQUIRED)
        .min(1, REVIEW_REQUIRED)
        .max(5, REVIEW_REQUIRED),
      title: z
        .string()
        .trim()
        .max(REVIEW_TITLE_MAX, `El título admite hasta ${REVIEW_TITLE_MAX} caracteres`)
        .nullish(),
      comment: z
        .string({ error: REVIEW_REQUIRED })
        .trim()
        .min(1, REVIEW_REQUIRED)
        .max(REVIEW_COMMENT_MAX, `La reseña admite hasta ${REVIEW_COMMENT_MAX} caracteres`),
    }),
    response: z.object({
      id: z.number().int(),
      approved: z.boolean().describe("False: espera la moderación."),
      message: z.string(),
    }),
    status: 201,
    errors: [404, 409],
  }),
};
