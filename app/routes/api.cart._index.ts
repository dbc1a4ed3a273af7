import { apiCall, apiRoute } from "~/web/api/calls.server";
import { cartCalls, cartProblem, pricedCartFor } from "~/web/api/calls/cart.server";
import { addToCart, clearCart } from "~/models/cart/cart.server";

export const { loader, action } = apiRoute({
  GET: apiCall(cartCalls.get, async ({ request, caller, shopper }) =>
    pricedCartFor(request, caller, await shopper()),
  ),
  POST: apiCall(cartCalls.add, async ({ request, caller, body, knownShopper }) => {
    // D10: a visitor's cart lives on a guest id, created with their first line.
    const owner = await knownShopper();
    const result = await addToCart({ shopper: owner, ...body });
    if (!result.ok) throw cartProblem(result, "add");
    return pricedCartFor(request, caller, owner);
  }),
  DELETE: apiCall(cartCalls.clear, async ({ request, caller, shopper }) => {
    const owner = await shopper();
    await clearCart(owner);
    return pricedCartFor(request, caller, owner);
  }),
});
