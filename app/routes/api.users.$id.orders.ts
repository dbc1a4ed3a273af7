import { apiCall, apiRoute } from "~/web/api/calls.server";
import { listPage } from "~/web/api/lists.server";
import { countUserOrders, listUserOrders } from "~/models/customers/admin.server";
import {
  accountCalls,
  adminUserOr404,
  toUserOrder,
  userIdParam,
} from "~/web/api/calls/customers.server";

/** The profile view's orders (listUserOrders), paged. */
export const { loader, action } = apiRoute({
  GET: apiCall(accountCalls.userOrders, async ({ params, query }) => {
    const { id } = await adminUserOr404(userIdParam(params));
    const page = await listPage(
      query,
      () => countUserOrders(id),
      ({ limit, offset }) => listUserOrders(id, limit, offset),
    );
    return { ...page, items: page.items.map(toUserOrder) };
  }),
});
