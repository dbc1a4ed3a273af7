import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { toOrderSummaries } from "~/components/orders/order-summary-list";
import { ordersCalls } from "~/web/api/calls/orders.server";
import { listOrdersForUser } from "~/models/orders/orders.server";

/** /profile/orders' list: each order with its first 3 items and '+N más'. */
export const { loader, action } = apiRoute({
  GET: apiCall(ordersCalls.myOrders, async ({ query, user }) =>
    pageOfList(query, toOrderSummaries(await listOrdersForUser(user.id))),
  ),
});
