import { apiCall, apiRoute } from "~/web/api/calls.server";
import { toWishlistItem, wishlistCalls } from "~/web/api/calls/catalog-wishlist.server";
import {
  addToWishlist,
  listWishlist,
  removeFromWishlist,
  WISHLIST_MESSAGES,
} from "~/models/catalog/wishlist.server";
import { invariantResponse } from "~/utils/invariant";

export const { loader, action } = apiRoute({
  POST: apiCall(wishlistCalls.add, async ({ user, params }) => {
    const productId = Number(params.productId);
    const added = await addToWishlist({ userId: user.id, productId });
    invariantResponse(added, WISHLIST_MESSAGES.unavailable, { status: 404 });
    const entry = (await listWishlist(user.id)).find((item) => item.id === productId);
    invariantResponse(entry, WISHLIST_MESSAGES.unavailable, { status: 404 });
    return toWishlistItem(entry);
  }),
  DELETE: apiCall(wishlistCalls.remove, async ({ user, params }) => {
    await removeFromWishlist({ userId: user.id, productId: Number(params.productId) });
    return null;
  }),
});
