import { z } from "zod/v4";
import { centavos, defineCall } from "~/web/api/calls.server";
import { pageQuery, pageSchema } from "~/web/api/lists.server";
import { productImageUrl } from "~/utils/images";
import type { WishlistEntry } from "~/models/catalog/wishlist.server";

/*
 * The favourites' calls (storefront.md §7), over /wishlist's model (wishlist.server.ts): a
 * signed-in customer's list, newest first, and the hearts' add and remove. Money in centavos.
 */

const TAG = "Favoritos";

export const wishlistItemSchema = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brandName: z.string(),
    price: centavos,
    originalPrice: centavos.nullable(),
    stock: z.number().int(),
    isActive: z.boolean().describe("False si el producto ya no se vende (sigue en la lista)."),
    image: z.string().nullable(),
    addedAt: z.string(),
  })
  .meta({ id: "WishlistItem" });

export function toWishlistItem(entry: WishlistEntry): z.output<typeof wishlistItemSchema> {
  const image = entry.images[0];
  return {
    productId: entry.id,
    name: entry.name,
    slug: entry.slug,
    brandName: entry.brandName,
    price: entry.price,
    originalPrice: entry.originalPrice,
    stock: entry.stock,
    isActive: entry.isActive,
    image: image ? productImageUrl(image) : null,
    addedAt: entry.addedAt,
  };
}

export const wishlistCalls = {
  list: defineCall({
    method: "GET",
    path: "/api/wishlist",
    tag: TAG,
    summary: "Mis favoritos, los más recientes primero",
    access: "customer",
    query: pageQuery,
    response: pageSchema(wishlistItemSchema),
  }),
  add: defineCall({
    method: "POST",
    path: "/api/wishlist/{productId}",
    tag: TAG,
    summary: "Agregar a favoritos",
    description:
      "Idempotente: agregar dos veces deja uno. Solo productos activos. Responde con el favorito.",
    access: "customer",
    params: { productId: "integer" },
    response: wishlistItemSchema,
    status: 201,
    errors: [404],
  }),
  remove: defineCall({
    method: "DELETE",
    path: "/api/wishlist/{productId}",
    tag: TAG,
    summary: "Quitar de favoritos",
    description: "Quitar uno que no está no es un error: el resultado es el mismo.",
    access: "customer",
    params: { productId: "integer" },
    status: 204,
  }),
};
