import { apiCall, apiRoute } from "~/web/api/calls.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { ordersCalls, throughLifecycle } from "~/web/api/calls/orders.server";

/* The status form of /admin/orders/:orderId, through the one lifecycle module. */
export const { loader, action } = apiRoute({
  PUT: apiCall(ordersCalls.status, ({ params, body, user }) =>
    throughLifecycle(() =>
      changeOrderStatus({
        orderId: params.id ?? "",
        to: body.status,
        actor: { userId: user.id, role: user.role },
        // As the screen: a deny with only the customer's reason keeps it as the note too.
        note: body.note?.trim() ? body.note : body.customerReason,
        trackingNumber: body.trackingNumber,
        customerReason: body.customerReason,
        expectedStatus: body.expectedStatus,
      }),
    ),
  ),
});
