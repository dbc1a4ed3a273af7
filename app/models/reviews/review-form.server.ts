import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { REVIEW_COMMENT_MAX } from "~/models/reviews/reviews";

/*
 * What the review detail's action accepts (the /admin/reviews/{id} screen, and PUT /api/reviews/{id} and /response), backoffice.md §5:
 * the rating 1–5 and a comment non-empty after trimming; a response non-empty after trimming.
 * Server only, so zod stays out of the admin pages' JS (decision 054); the forms render the reply.
 */

export const REVIEW_RATING_MESSAGE = "La calificación debe ser de 1 a 5 estrellas.";
export const REVIEW_COMMENT_MESSAGE = "El comentario es obligatorio.";
export const REVIEW_RESPONSE_MESSAGE = "La respuesta no puede estar vacía.";

/** The update form's fields, also the body of PUT /api/reviews/{id} (decision 136). */
export const ReviewUpdateSchema = z.object({
  // A number: conform turns the posted text into one, a JSON body sends one.
  rating: z
    .number({ error: REVIEW_RATING_MESSAGE })
    .int(REVIEW_RATING_MESSAGE)
    .min(1, REVIEW_RATING_MESSAGE)
    .max(5, REVIEW_RATING_MESSAGE),
  comment: z
    .string({ error: REVIEW_COMMENT_MESSAGE })
    .trim()
    .min(1, REVIEW_COMMENT_MESSAGE)
    .max(
      REVIEW_COMMENT_MAX,
      `El comentario no puede tener más de ${REVIEW_COMMENT_MAX} caracteres.`,
    ),
});

/** The response form's field, also the body of PUT /api/reviews/{id}/response. */
export const ReviewResponseSchema = z.object({
  response: z
    .string({ error: REVIEW_RESPONSE_MESSAGE })
    .trim()
    .min(1, REVIEW_RESPONSE_MESSAGE)
    .max(2000, "La respuesta no puede tener más de 2000 caracteres."),
});

export const ReviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  ReviewUpdateSchema.extend({ intent: z.literal("update") }),
  ReviewResponseSchema.extend({ intent: z.literal("respond") }),
]);

export function parseReviewAction(formData: FormData) {
  return parseWithZod(formData, { schema: ReviewActionSchema });
}
