import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { POINTS_DESCRIPTION_MAX } from "~/models/loyalty/loyalty";

/** The admin loyalty screen's and POST /api/loyalty-points/add's answer for another account. */
export const CUSTOMER_NOT_FOUND = "Cliente no encontrado";

/** A typo guard, not a business limit: the spec only asks for an integer ≥ 1. */
export const ADMIN_POINTS_MAX = 1_000_000;

/**
 * backoffice.md §5 (loyalty admin). Only the server validates (/admin/loyalty's action, POST
 * /api/loyalty-points/add): the form shows its reply.
 */
export const AdminPointsSchema = z.object({
  userId: z.coerce.number().int().positive().max(MAX_ID),
  points: z
    .string({ error: "Los puntos son requeridos" })
    .trim()
    // zod 4 goes on after a failed check unless told: one message for "-3", not two.
    .regex(/^\d+$/, { error: "Los puntos deben ser un número entero", abort: true })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, "Los puntos deben ser al menos 1")
        .max(
          ADMIN_POINTS_MAX,
          `No puedes agregar más de ${ADMIN_POINTS_MAX.toLocaleString("en-US")} puntos a la vez`,
        ),
    ),
  description: z
    .string({ error: "La descripción es requerida" })
    .trim()
    .min(1, "La descripción es requerida")
    .max(
      POINTS_DESCRIPTION_MAX,
      `La descripción no puede tener más de ${POINTS_DESCRIPTION_MAX} caracteres`,
    ),
});

export function parseAdminPoints(formData: FormData) {
  return parseWithZod(formData, { schema: AdminPointsSchema });
}
