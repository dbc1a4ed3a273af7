import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Page } from "~/components/page";
import { getUser } from "~/utils/auth.server";
import { db } from "~/utils/db.server";
import { getSession } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Confirmación de pedido | Perfumería de Lujo" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [user, session] = await Promise.all([getUser(request), getSession(request)]);
  const order = await db
    .selectFrom("orders")
    .select(["orderNumber", "userId", "sessionId", "status"])
    .where("id", "=", params.orderId ?? "")
    .executeTakeFirst();
  // D10/D15: the id alone shows nothing; only the signed-in owner or the guest session that placed it.
  const owns =
    order &&
    ((user && order.userId === user.id) ||
      (!order.userId && order.sessionId && order.sessionId === session.get("guestId")));
  if (!order || !owns) throw json({ message: "Pedido no encontrado" }, { status: 404 });
  return json({ orderNumber: order.orderNumber, status: order.status });
}

// The full confirmation (items, totals, ISV 15%) comes with the buying issue.
export default function OrderConfirmationRoute() {
  const { orderNumber } = useLoaderData<typeof loader>();
  return <Page title="¡Pedido confirmado!" intro={`Pedido ${orderNumber}`} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title="Pedido no encontrado">
        <Link to="/" className="underline">
          Volver al inicio
        </Link>
      </Page>
    );
  }
  throw error;
}
