import crypto from "node:crypto";
import { apiCall, apiRoute } from "~/web/api/calls.server";
import { placeOrder } from "~/models/checkout/checkout.server";
import { EMAIL_VERIFICATION_MESSAGES } from "~/models/customers/email-verification";
import { mustVerifyEmail } from "~/models/customers/email-verification.server";
import { listAdminOrders } from "~/models/orders/admin.server";
import { ordersCalls, placeOrderProblem, proofIdOf } from "~/web/api/calls/orders.server";
import { getSettings } from "~/models/settings/settings.server";
import { PlaceOrderSchema } from "~/models/checkout/checkout-form.server";
import { apiError, apiJson, checkedByForm } from "~/web/api/problem.server";

/** An empty field is a missing one, as the checkout form's parser reads it. */
function withoutEmpty(fields: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
}

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
    const { checkoutKey, paymentProof, ...fields } = body.order;
    const form = checkedByForm(
      PlaceOrderSchema,
      {
        ...withoutEmpty(fields),
        intent: "place-order",
        checkoutKey: checkoutKey ?? crypto.randomUUID(),
        paymentProof: proofIdOf(paymentProof),
      },
      { prefix: "order" },
    );
    // Decision 106: an account whose e-mail is not verified may not order yet.
    if (mustVerifyEmail(caller.user, await getSettings())) {
      throw apiError(403, EMAIL_VERIFICATION_MESSAGES.checkoutRefused, {
        code: "email_not_verified",
      });
    }
    const placed = await placeOrder({
      ...form,
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
