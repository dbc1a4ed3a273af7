import { z } from "zod";
import { EmailSchema } from "~/utils/schemas";

/** backoffice.md §5: the tracking form (shared by the browser and the server). */
export const TrackOrderSchema = z.object({
  orderNumber: z
    .string({ required_error: "El número de pedido es requerido" })
    .trim()
    .min(1, "El número de pedido es requerido")
    .max(20, "Número de pedido inválido")
    .transform((value) => value.toUpperCase()),
  email: EmailSchema,
});
