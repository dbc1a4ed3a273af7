import { apiCall, apiRoute } from "~/web/api/calls.server";
import { changeOrderStatus } from "~/models/orders/lifecycle.server";
import { ordersCalls, throughLifecycle } from "~/web/api/calls/orders.server";

export const { loader, action } = apiRoute({
  PUT: apiCall(ordersCalls.deny, ({ params, body, user }) =>
    throughLifecycle(
      () =>
        changeOrderStatus({
          orderId: params.id ?? "",
          to: "denied",
          actor: { userId: user.id, role: user.role },
          // As the proof queue: a deny with only the customer's reason keeps it as the note.
          note: body.notes?.trim() ? body.notes : body.customerReason,
          customerReason: body.customerReason,
          expectedStatus: body.expectedStatus,
        }),
      "notes",
    ),
  ),
});
