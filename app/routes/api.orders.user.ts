import { apiCall, apiRoute } from "~/web/api/calls.server";
import { pageOfList } from "~/web/api/lists.server";
import { ordersCalls, toOrder } from "~/web/api/calls/orders.server";
import { getTransferState } from "~/models/orders/late-proof.server";
import { listOrdersForUser } from "~/models/orders/orders.server";

/** /orders: the customer's orders whole, each with where its payment stands (decision 096). */
export const { loader, action } = apiRoute({
  GET: apiCall(ordersCalls.userOrders, async ({ query, user }) => {
    const page = pageOfList(query, await listOrdersForUser(user.id));
    const items = await Promise.all(
      page.items.map(async (order) => ({
        ...toOrder(order),
        transfer: await getTransferState(order.id),
      })),
    );
    return { ...page, items };
  }),
});
