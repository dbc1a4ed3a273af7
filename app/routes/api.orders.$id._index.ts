import { apiCall, apiRoute } from "~/web/api/calls.server";
import { deleteOrder } from "~/models/orders/lifecycle.server";
import { ordersCalls, throughLifecycle, toOrder } from "~/web/api/calls/orders.server";
import { getTransferState } from "~/models/orders/late-proof.server";
import { getOrderForAdmin, getOrderForOwner } from "~/models/orders/orders.server";
import { orderConfirmationTitle } from "~/models/orders/status";
import { getSettings } from "~/models/settings/settings.server";
import { apiError } from "~/web/api/problem.server";
import { orderInvoicing } from "~/models/invoicing/documents.server";

export const { loader, action } = apiRoute({
  /* The confirmation page's loader: its owner's (D10, D15), or any for an admin. */
  GET: apiCall(ordersCalls.one, async ({ params, caller, shopper }) => {
    const orderId = params.id ?? "";
    const order = caller.isAdmin
      ? await getOrderForAdmin(orderId)
      : await getOrderForOwner({ orderId, ...(await shopper()) });
    // As the page: a visitor is asked to sign in first, whatever the id.
    if (!order && !caller.user) throw apiError(401, "Inicia sesión para continuar.");
    if (!order) throw apiError(404, "Pedido no encontrado");
    const [transfer, settings, invoicing] = await Promise.all([
      getTransferState(order.id),
      getSettings(),
      orderInvoicing(order.id),
    ]);
    return {
      order: toOrder(order),
      transfer,
      title: orderConfirmationTitle(order.status, order.paymentMethod, transfer.kind),
      bank: {
        bankName: settings.bank_name,
        bankAccount: settings.bank_account_number,
        bankHolder: settings.bank_account_holder,
      },
      invoicing: invoicing!,
    };
  }),

  /* 'Eliminar' of /admin/orders/:orderId. */
  DELETE: apiCall(ordersCalls.remove, ({ params, body, user }) =>
    throughLifecycle(
      () =>
        deleteOrder({
          orderId: params.id ?? "",
          actor: { userId: user.id, role: user.role },
          note: body.notes,
          expectedStatus: body.expectedStatus,
        }),
      "notes",
    ),
  ),
});
