import { getAdminOrder } from "~/models/orders/admin.server";
import { getPaymentDeadline } from "~/models/orders/transfer-deadlines.server";

/** What the page shows: the order as the back office sees it and its transfer deadline. */
export async function loadOrderPage(orderId: string) {
  const order = await getAdminOrder(orderId);
  if (!order) return null;
  return { order, paymentDeadline: await getPaymentDeadline(order.id) };
}
