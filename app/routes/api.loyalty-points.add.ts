import { apiCall, apiRoute } from "~/web/api/calls.server";
import { accountCalls } from "~/web/api/calls/customers.server";
import { CUSTOMER_NOT_FOUND } from "~/models/loyalty/admin-points-form.server";
import { getLoyaltyCustomer } from "~/models/loyalty/admin.server";
import { addAdminPoints } from "~/models/loyalty/loyalty.server";
import { invariantResponse } from "~/utils/invariant";

/** /admin/loyalty's action: one ledger entry (addAdminPoints) and the customer's notification. */
export const { loader, action } = apiRoute({
  POST: apiCall(accountCalls.addPoints, async ({ body: { userId, points, description } }) => {
    const customer = await getLoyaltyCustomer(userId);
    invariantResponse(customer, CUSTOMER_NOT_FOUND, { status: 404 });
    const totals = await addAdminPoints({ userId, points, description });
    const after = await getLoyaltyCustomer(userId);
    return {
      userId,
      points,
      balance: totals.balance,
      pointsEarned: totals.pointsEarned,
      pointsRedeemed: totals.pointsRedeemed,
      loyaltyTier: after?.loyaltyTier ?? customer.loyaltyTier,
    };
  }),
});
