import crypto from "node:crypto";
import { apiCall, apiRoute } from "~/web/api/calls.server";
import { placeOrder } from "~/models/checkout/checkout.server";
import { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";
import { mustVerifyEmail } from "~/models/customers/email-verification.server";
import { listAdminOrders } from "~/models/orders/admin.server";
import { ordersCalls, placeOrderProblem } from "~/web/api/calls/orders.server";
import { getSettings } from "~/models/settings/settings.server";
import { apiError, apiJson } from "~/web/api/problem.server";

export const { loader, action } = apiRoute({
  GET: apiCall(ordersCalls.adminList, async ({ query }) => {
    const list = await listAdminOrders({
      q: query.q,
      status: query.status,
      page: query.page,
      pageSize: query.limit,
    });
    const { orders: items, page, pageCount, total } = list;
    return { items, page, pageCount, total, limit: query.limit };
  }),

  /* /checkout's action without the form: its rules, its placeOrder, its messages. */
  POST: apiCall(ordersCalls.place, async ({ body, caller, clientIp, knownShopper }) => {
    // Decision 106: an account whose e-mail is not verified may not order yet.
    if (mustVerifyEmail(caller.user, await getSettings())) {
      throw apiError(403, EMAIL_VERIFICATION_MESSAGES.checkoutRefused, {
        code: "email_not_verified",
      });
    }
    const placed = await placeOrder({
      ...body.order,
      checkoutKey: body.order.checkoutKey ?? crypto.randomUUID(),
      shopper: await knownShopper(),
      couponCode: body.couponCode || null,
      expectedItems: body.items ?? undefined,
      clientIp,
    });
    if (!placed.ok) throw placeOrderProblem(placed);
    const { orderId: id, orderNumber } = placed;
    return apiJson(
      { id, orderNumber },
      { status: 201, headers: { Location: `/api/orders/${encodeURIComponent(id)}` } },
    );
  }),
});
