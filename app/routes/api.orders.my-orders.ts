import { apiCall, apiRoute } from "~/models/api/calls.server";
import { pageOfList } from "~/models/api/lists.server";
import { toOrderSummaries } from "~/components/orders/order-summary-list";
import { ordersCalls } from "~/models/orders/api.server";
import { listOrdersForUser } from "~/models/orders/orders.server";

/** /profile/orders' list: each order with its first 3 items and '+N más'. */
export const { loader, action } = apiRoute({
  GET: apiCall(ordersCalls.myOrders, async ({ query, user }) =>
    pageOfList(query, toOrderSummaries(await listOrdersForUser(user.id))),
  ),
});
