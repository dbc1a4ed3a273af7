import { apiCall, apiRoute } from "~/web/api/calls.server";
import { recordCashPayment } from "~/models/orders/lifecycle.server";
import { ordersCalls, throughLifecycle } from "~/web/api/calls/orders.server";

/* Decision 166: the order page's 'Cobrado', through the one lifecycle module. */
export const { loader, action } = apiRoute({
  POST: apiCall(ordersCalls.cash, ({ params, body, user }) =>
    throughLifecycle(() =>
      recordCashPayment({
        orderId: params.id ?? "",
        actor: { userId: user.id, role: user.role },
        amount: body.amount,
        collectedBy: body.collectedBy,
      }),
    ),
  ),
});
