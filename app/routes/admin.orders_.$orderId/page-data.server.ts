import { getAdminOrder } from "~/models/orders/admin.server";
import { orderInvoicing } from "~/models/invoicing/documents.server";
import { getPaymentDeadline } from "~/models/orders/transfer-deadlines.server";

/**
 * What the page shows: the order as the back office sees it, its transfer deadline and its
 * invoicing (decision 171).
 */
export async function loadOrderPage(orderId: string) {
  const order = await getAdminOrder(orderId);
  if (!order) return null;
  const [paymentDeadline, invoicing] = await Promise.all([
    getPaymentDeadline(order.id),
    orderInvoicing(order.id),
  ]);
  return { order, paymentDeadline, invoicing: invoicing! };
}
