import { MAX_ID } from "~/utils/invariant";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";

/*
 * What the hearts on every page and /wishlist's buttons post, checked on the server only
 * (decision 091): as a module-level schema in the route file, zod went to the page.
 */

const WishlistSchema = z.object({
  intent: z.enum(["add", "remove"]),
  productId: z.coerce.number().int().positive().max(MAX_ID),
  redirectTo: z.string().optional(),
});

export function parseWishlistAction(formData: FormData) {
  return parseWithZod(formData, { schema: WishlistSchema });
}
