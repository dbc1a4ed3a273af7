import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { QUANTITY_AT_LEAST_ONE } from "~/models/cart/cart";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_REQUIRED as REQUIRED,
  REVIEW_TITLE_MAX,
} from "~/models/reviews/reviews";
import { QuantitySchema } from "~/models/cart/quantity.server";

/*
 * The product page's two forms validate on the server only (decision 054, as in the back
 * office): zod and conform's zod adapter, here beside the schemas, would double the page's
 * own JavaScript.
 */

const AddToCartSchema = z.object({
  productId: z.coerce.number().int().positive().max(MAX_ID),
  size: z.string({ error: "Elige un tamaño" }).trim().min(1, "Elige un tamaño"),
  quantity: QuantitySchema.min(1, QUANTITY_AT_LEAST_ONE),
});

export const ReviewSchema = z.object({
  intent: z.literal("review"),
  rating: z.coerce.number({ error: REQUIRED }).int(REQUIRED).min(1, REQUIRED).max(5, REQUIRED),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX, `El título admite hasta ${REVIEW_TITLE_MAX} caracteres`)
    .optional(),
  comment: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(REVIEW_COMMENT_MAX, `La reseña admite hasta ${REVIEW_COMMENT_MAX} caracteres`),
});

export function parseAddToCart(formData: FormData) {
  return parseWithZod(formData, { schema: AddToCartSchema });
}

export function parseReview(formData: FormData) {
  return parseWithZod(formData, { schema: ReviewSchema });
}
