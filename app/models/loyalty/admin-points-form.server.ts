import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { POINTS_DESCRIPTION_MAX } from "~/models/loyalty/loyalty";

/** The admin loyalty screen's and POST /api/loyalty-points/add's answer for another account. */
export const CUSTOMER_NOT_FOUND = "Cliente no encontrado";

/** A typo guard, not a business limit: the spec only asks for an integer ≥ 1. */
export const ADMIN_POINTS_MAX = 1_000_000;

/** The points' rules once read as a number: the form's text after its digits are checked. */
const Points = z
  .number({ error: "Los puntos son requeridos" })
  .int("Los puntos deben ser un número entero")
  .min(1, "Los puntos deben ser al menos 1")
  .max(
    ADMIN_POINTS_MAX,
    `No puedes agregar más de ${ADMIN_POINTS_MAX.toLocaleString("en-US")} puntos a la vez`,
  );

/** The customer and the description: the same field for the form and the JSON body. */
const AdminPointsFields = {
  userId: z.coerce.number({ error: "Elige un cliente." }).int().positive().max(MAX_ID),
  description: z
    .string({ error: "La descripción es requerida" })
    .trim()
    .min(1, "La descripción es requerida")
    .max(
      POINTS_DESCRIPTION_MAX,
      `La descripción no puede tener más de ${POINTS_DESCRIPTION_MAX} caracteres`,
    ),
};

/**
 * backoffice.md §5 (loyalty admin). Only the server validates (/admin/loyalty's action, POST
 * /api/loyalty-points/add): the form shows its reply. The form posts the points as typed text.
 */
export const AdminPointsSchema = z.object({
  ...AdminPointsFields,
  points: z
    .string({ error: "Los puntos son requeridos" })
    .trim()
    // zod 4 goes on after a failed check unless told: one message for "-3", not two.
    .regex(/^\d+$/, { error: "Los puntos deben ser un número entero", abort: true })
    .transform(Number)
    .pipe(Points),
});

/** POST /api/loyalty-points/add's body: the form's fields, the points a JSON number. */
export const AdminPointsBody = z.object({ ...AdminPointsFields, points: Points });

export function parseAdminPoints(formData: FormData) {
  return parseWithZod(formData, { schema: AdminPointsSchema });
}
