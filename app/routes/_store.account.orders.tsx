import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderSummaryList, toOrderSummaries } from "~/components/orders/order-summary-list";
import { listOrdersForUser } from "~/models/orders/orders.server";
import { requireUserOrUnauthorized } from "~/web/auth.server";

// /account/orders, the Pedidos tab: the same short list as /profile/orders.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserOrUnauthorized(request);
  return json({ orders: toOrderSummaries(await listOrdersForUser(user.id)) });
}

export default function AccountOrdersTab() {
  const { orders } = useLoaderData<typeof loader>();
  return <OrderSummaryList orders={orders} />;
}
