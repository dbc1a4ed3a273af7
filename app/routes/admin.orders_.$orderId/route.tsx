import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderStatusBadge } from "~/components/orders/order-parts";
import { Badge } from "~/components/ui/badge";
import { ProofReuseWarning } from "~/components/orders/proof-reuse-warning";
import { ORDER_NOT_FOUND } from "~/models/orders/refusals";
import { guardAction } from "~/web/guard-action.server";
import { OrderActionSchema } from "~/routes/admin.orders_.$orderId/forms.server";
import { requireAdmin } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { CustomerPanel } from "./customer-panel";
import { DeadlineForm } from "./deadline-form";
import { HistoryPanel } from "./history-panel";
import {
  changeStatus,
  extendDeadline,
  issueInvoice,
  recordCash,
  setOrderInvoiceBuyer,
  refusedDelivery,
  removeOrder,
} from "./intents.server";
import { FiscalPanel } from "./fiscal-panel";
import { LinesPanel } from "./lines-panel";
import { loadOrderPage } from "./page-data.server";
import { ProofPanel } from "./proof-panel";
import { StatusActions } from "./status-panel";
import { Unbroken } from "~/components/ui/unbroken";

const DENIED = "No tienes permisos para acceder a esta sección.";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Pedido ${data?.order.orderNumber ?? ""} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, DENIED);
  const page = await loadOrderPage(params.orderId ?? "");
  invariantResponse(page, ORDER_NOT_FOUND, { status: 404 });
  return json(page);
}

/*
 * One action for every status change of an order, posted by this page, the list's inline
 * selector and the proof queue (each sends `redirectTo` to come back to itself): each intent
 * is in intents.server.ts.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request, DENIED);
  const orderId = params.orderId ?? "";
  const here = `/admin/orders/${encodeURIComponent(orderId)}`;
  const parsed = OrderActionSchema.safeParse(Object.fromEntries(await request.formData()));
  invariantResponse(parsed.success, "Solicitud inválida", { status: 400 });
  const input = parsed.data;
  const actor = { userId: admin.id, role: admin.role };
  const context = { request, orderId, actor, here, back: safeRedirect(input.redirectTo, here) };
  switch (input.intent) {
    case "extend-deadline":
      return extendDeadline(context, input);
    case "delete":
      return removeOrder(context, input);
    case "status":
      return changeStatus(context, input);
    case "record-cash":
      return recordCash(context, input);
    case "refused-delivery":
      return refusedDelivery(context, input);
    case "issue-invoice":
      return issueInvoice(context);
    case "invoice-buyer":
      return setOrderInvoiceBuyer(context, input);
  }
}

export default function AdminOrderRoute() {
  const { order, paymentDeadline, invoicing } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className="text-fg-muted text-sm underline">
          Pedidos
        </Link>
        <h1 className="text-2xl font-semibold">
          Pedido <Unbroken>{order.orderNumber}</Unbroken>
        </h1>
        <OrderStatusBadge status={order.status} />
        {order.isGuest ? <Badge>Invitado</Badge> : null}
      </div>
      <p className="text-fg-muted text-sm">Realizado el {formatDateTime(order.createdAt)}</p>

      {/* The decision first (issue 21): the receipt beside the action it decides, in one
          screen at 1366×768; the customer and the products below. */}
      <div
        className={order.proof ? "grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]" : ""}
      >
        {order.proof ? <ProofPanel orderNumber={order.orderNumber} url={order.proof.url} /> : null}
        <div className="min-w-0 space-y-4">
          {order.proof ? <ProofReuseWarning reusedIn={order.proof.reusedIn} /> : null}
          <StatusActions order={order} />
          {paymentDeadline ? <DeadlineForm deadline={paymentDeadline} /> : null}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CustomerPanel order={order} deadline={paymentDeadline} />
        <LinesPanel order={order} />
      </div>

      <FiscalPanel orderId={order.id} invoicing={invoicing} />

      <HistoryPanel order={order} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
