import { z } from "zod/v4";
import { defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { REVIEW_STATUS_FILTERS } from "~/models/reviews/admin";
import type { AdminReview, AdminReviewListItem } from "~/models/reviews/admin.server";
import { REVIEW_COMMENT_MAX } from "~/models/reviews/reviews";

/*
 * The back office's review moderation (backoffice.md §7 "reviews"): the list of /admin/reviews
 * and the writes of /admin/reviews/{id}, through the same model functions (reviews.server.ts,
 * which keeps the product's rating in step) and the screen's form schema for the messages.
 */

const TAG = "Reseñas (admin)";

const reviewRowFields = {
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  comment: z.string(),
  isVerified: z.boolean(),
  isApproved: z.boolean(),
  adminResponse: z.string().nullable(),
  createdAt: z.string(),
  productName: z.string(),
  authorFirstName: z.string(),
  authorLastName: z.string(),
  authorEmail: z.string(),
};

export const adminReviewRowSchema = z.object(reviewRowFields).meta({ id: "AdminReviewRow" });

export const adminReviewSchema = z
  .object({
    ...reviewRowFields,
    orderId: z.string().nullable(),
    updatedAt: z.string(),
    productId: z.number().int(),
    productSlug: z.string(),
  })
  .meta({ id: "AdminReview" });

export function toAdminReviewRow(review: AdminReviewListItem) {
  return review satisfies z.output<typeof adminReviewRowSchema>;
}

export function toAdminReview(review: AdminReview) {
  return review satisfies z.output<typeof adminReviewSchema>;
}

export const reviewListQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUS_FILTERS).default("all"),
  rating: z.coerce.number().int().min(1).max(5).optional().describe("Solo las de N estrellas."),
  product: z.string().trim().max(100).optional().describe("Parte del nombre del producto."),
});

const id = { id: "integer" } as const;

export const reviewAdminCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/reviews-working",
    tag: TAG,
    summary: "Reseñas para moderar, las más nuevas primero",
    description: "La lista de /admin/reviews con sus filtros.",
    access: "admin",
    query: reviewListQuery,
    response: pageSchema(adminReviewRowSchema),
  }),
  approve: defineCall({
    method: "PUT",
    path: "/api/reviews/{id}/approve",
    tag: TAG,
    summary: "Aprobar una reseña pendiente",
    description: "Una reseña ya aprobada se rechaza con 409, como en la pantalla.",
    access: "admin",
    params: id,
    response: adminReviewSchema,
    errors: [404, 409],
  }),
  update: defineCall({
    method: "PUT",
    path: "/api/reviews/{id}",
    tag: TAG,
    summary: "Corregir la calificación y el comentario de una reseña",
    access: "admin",
    params: id,
    body: z.object({
      rating: z.number().int().describe("De 1 a 5."),
      comment: z.string().max(REVIEW_COMMENT_MAX * 2),
    }),
    response: adminReviewSchema,
    errors: [404],
  }),
  respond: defineCall({
    method: "PUT",
    path: "/api/reviews/{id}/response",
    tag: TAG,
    summary: "Responder una reseña (la respuesta de la tienda)",
    access: "admin",
    params: id,
    body: z.object({ response: z.string().max(4000) }),
    response: adminReviewSchema,
    errors: [404],
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/reviews/{id}",
    tag: TAG,
    summary: "Eliminar una reseña",
    access: "admin",
    params: id,
    status: 204,
    errors: [404],
  }),
};
