import { apiCall, apiRoute } from "~/web/api/calls.server";
import {
  cartCalls,
  cartProblem,
  pricedCartFor,
  productLine,
  productLines,
} from "~/web/api/calls/cart.server";
import { removeCartLine, updateCartLine } from "~/models/cart/cart.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(cartCalls.update, async ({ request, caller, params, body, shopper }) => {
    const owner = await shopper();
    const line = await productLine(owner, Number(params.productId), body.size);
    const result = await updateCartLine({
      shopper: owner,
      lineId: line.id,
      quantity: body.quantity,
    });
    if (!result.ok) throw cartProblem(result, "update");
    return pricedCartFor(request, caller, owner);
  }),
  DELETE: apiCall(cartCalls.remove, async ({ request, caller, params, query, shopper }) => {
    const owner = await shopper();
    const lines = await productLines(owner, Number(params.productId), query.size);
    for (const line of lines) await removeCartLine({ shopper: owner, lineId: line.id });
    return pricedCartFor(request, caller, owner);
  }),
});
