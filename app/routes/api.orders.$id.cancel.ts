import { apiCall, apiRoute } from "~/web/api/calls.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { ordersCalls, throughLifecycle } from "~/web/api/calls/orders.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(ordersCalls.cancel, ({ params, body, user }) =>
    throughLifecycle(
      () =>
        changeOrderStatus({
          orderId: params.id ?? "",
          to: "cancelled",
          actor: { userId: user.id, role: user.role },
          note: body.notes,
          expectedStatus: body.expectedStatus,
        }),
      "notes",
    ),
  ),
});
