import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderSummaryList, toOrderSummaries } from "~/components/orders/order-summary-list";
import { listOrdersForUser } from "~/models/orders/orders.server";
import { requireUser } from "~/web/auth.server";

// /profile/orders (backoffice.md §2): the customer's orders, the first 3 items and '+N más'.

export const meta: MetaFunction = () => [{ title: "Mis pedidos | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ orders: toOrderSummaries(await listOrdersForUser(user.id)) });
}

export default function ProfileOrdersRoute() {
  const { orders } = useLoaderData<typeof loader>();
  return <OrderSummaryList orders={orders} />;
}
