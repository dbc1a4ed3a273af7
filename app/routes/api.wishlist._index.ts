import { apiCall, apiRoute } from "~/models/api/calls.server";
import { pageOfList } from "~/models/api/lists.server";
import { toWishlistItem, wishlistCalls } from "~/models/catalog/wishlist-api.server";
import { listWishlist } from "~/models/catalog/wishlist.server";

export const { loader, action } = apiRoute({
  GET: apiCall(wishlistCalls.list, async ({ user, query }) =>
    pageOfList(query, (await listWishlist(user.id)).map(toWishlistItem)),
  ),
});
