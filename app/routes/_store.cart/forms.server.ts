import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { QUANTITY_AT_LEAST_ONE } from "~/models/cart/cart";
import { QuantitySchema } from "~/models/cart/quantity.server";

/*
 * The cart's writes validate on the server only (decision 054): the schema and its parsing live
 * here, not in the route module, so zod and conform's zod adapter never reach the browser.
 */

const LineId = z.coerce.number().int().positive().max(MAX_ID);
const RedirectTo = z.string().optional();

/** Every cart write posts to /cart: the cart page, the drawer, the catalogue cards (D2 intents). */
const CartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: z.coerce.number().int().positive().max(MAX_ID),
    size: z.string().trim().min(1).optional(),
    quantity: QuantitySchema.min(1, QUANTITY_AT_LEAST_ONE).default(1),
    redirectTo: RedirectTo,
  }),
  z.object({
    intent: z.literal("update"),
    lineId: LineId,
    quantity: QuantitySchema.min(0, "La cantidad no puede ser negativa"),
    redirectTo: RedirectTo,
  }),
  z.object({ intent: z.literal("remove"), lineId: LineId, redirectTo: RedirectTo }),
  z.object({ intent: z.literal("clear"), redirectTo: RedirectTo }),
]);

export function parseCartAction(formData: FormData) {
  return parseWithZod(formData, { schema: CartActionSchema });
}
