import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { toWishlistItem, wishlistCalls } from "~/web/api/calls/catalog-wishlist.server";
import { listWishlist } from "~/models/catalog/wishlist.server";

export const { loader, action } = apiRoute({
  GET: apiCall(wishlistCalls.list, async ({ user, query }) =>
    pageOfList(query, (await listWishlist(user.id)).map(toWishlistItem)),
  ),
});
