import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { EmailSchema } from "~/models/customers/field-schemas.server";
import { ORDER_NUMBER_MAX_LENGTH } from "~/models/orders/number";

/*
 * backoffice.md §5: the tracking form, checked on the server only (decision 091); the page
 * renders the reply with useServerForm, so zod never reaches it.
 */

const NUMBER_REQUIRED = "El número de pedido es requerido";

export const TrackOrderSchema = z.object({
  orderNumber: z
    .string({ error: NUMBER_REQUIRED })
    .trim()
    .min(1, NUMBER_REQUIRED)
    .max(ORDER_NUMBER_MAX_LENGTH, "Número de pedido inválido")
    .transform((value) => value.toUpperCase()),
  email: EmailSchema,
});

export function parseTrackOrder(formData: FormData) {
  return parseWithZod(formData, { schema: TrackOrderSchema });
}
