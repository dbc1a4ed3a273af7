import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { ProofQueue } from "~/components/orders/proof-queue";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FilterForm, filterFieldClass } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { countProofQueue, listAdminOrders, listProofQueue } from "~/models/orders/admin.server";
import {
  canTransition,
  isOrderStatus,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  paymentMethodLabel,
} from "~/models/orders/status";
import type { OrderStatus, PaymentMethod } from "#db/types";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requestedPage } from "~/utils/paging";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [{ title: "Pedidos | Panel Administrativo" }];

const DENIED = "No tienes permisos para acceder a esta sección.";

/** The statuses the inline selector offers: those that need notes go through the detail page. */
const INLINE_STATUSES = ["paid", "processing", "shipped", "delivered"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, DENIED);
  const url = new URL(request.url);
  if (url.searchParams.get("review") === "proofs") {
    return json({ view: "proofs" as const, queue: await listProofQueue() });
  }
  const status = url.searchParams.get("status");
  const method = url.searchParams.get("pago");
  const filters = {
    q: url.searchParams.get("q") ?? "",
    status: isOrderStatus(status) ? status : undefined,
    paymentMethod: PAYMENT_METHODS.find((value) => value === method),
    // The dashboard's 'Entregados sin cobrar' (decision 166).
    unpaid: url.searchParams.get("cobro") === "pendiente",
    page: requestedPage(url.searchParams.get("page")),
  };
  const [list, proofsWaiting] = await Promise.all([listAdminOrders(filters), countProofQueue()]);
  return json({ view: "list" as const, filters, list, proofsWaiting });
}

/** Status changes are posted to /admin/orders/:orderId; nothing is posted here. */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request, DENIED);
  throw new Response("Method Not Allowed", { status: 405 });
}

export default function AdminOrdersRoute() {
  const data = useLoaderData<typeof loader>();
  return data.view === "proofs" ? (
    <ProofQueue queue={data.queue} />
  ) : (
    <OrdersList filters={data.filters} list={data.list} proofsWaiting={data.proofsWaiting} />
  );
}

type ListData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { view: "list" }>;

function OrdersList({ filters, list, proofsWaiting }: Omit<ListData, "view">) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Pedidos</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="?review=proofs" className={buttonClasses("secondary", "sm")}>
            Comprobantes por revisar ({proofsWaiting})
          </Link>
          <Link to="/admin/orders/new" className={buttonClasses("primary", "sm")}>
            Nuevo pedido
          </Link>
        </div>
      </div>
      <FilterForm count={{ total: list.total, one: "pedido", many: "pedidos" }}>
        <label className="text-sm">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Número, correo o nombre del cliente"
            className={`${filterFieldClass} w-72`}
          />
        </label>
        <label className="text-sm">
          Estado
          <select name="status" defaultValue={filters.status ?? ""} className={filterFieldClass}>
            <option value="">Todos los estados</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Pago
          <select
            name="pago"
            defaultValue={filters.paymentMethod ?? ""}
            className={filterFieldClass}
          >
            <option value="">Todos los métodos</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {paymentMethodLabel(method, "admin")}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <DataTable
        headings={[
          "Pedido",
          "Cliente",
          "Productos",
          "Total",
          "Pago",
          "Estado",
          "Fecha",
          "Acciones",
        ]}
        empty={list.orders.length === 0 && "No se encontraron pedidos"}
      >
        {list.orders.map((order) => (
          <tr key={order.id} className="align-top">
            <td className="px-3 py-2">
              <Link to={order.id} className="font-semibold underline">
                <Unbroken>{order.orderNumber}</Unbroken>
              </Link>
              <div className="text-fg-muted">{order.shippingCity}</div>
            </td>
            <td className="px-3 py-2">
              <div>
                {order.customerName} {order.isGuest ? <Badge>Invitado</Badge> : null}
              </div>
              <div className="text-fg-muted">{order.customerEmail}</div>
              <div className="text-fg-muted">{order.customerPhone}</div>
            </td>
            <td className="px-3 py-2">
              {order.firstItems.map((item, index) => (
                <div key={index}>{`${item.quantity} × ${item.productName} (${item.size})`}</div>
              ))}
              {order.moreItems > 0 ? (
                <div className="text-fg-muted">+{order.moreItems} más</div>
              ) : null}
            </td>
            <td className="px-3 py-2 tabular-nums">
              {formatMoney(order.total)}
              <div className="text-fg-muted">Envío {formatMoney(order.shippingCost)}</div>
            </td>
            <td className="px-3 py-2">
              {paymentMethodLabel(order.paymentMethod, "admin")}
              {order.hasProof ? (
                <span className="block" title="Con comprobante">
                  <span aria-hidden="true">🧾</span> Comprobante
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <OrderStatusBadge status={order.status} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(order.createdAt)}</td>
            <td className="px-3 py-2">
              <InlineStatus order={order} redirectTo={here} />
              <Link to={order.id} className="text-sm underline">
                Ver detalle
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

/** The inline selector: the moves that need no notes, posted to the order's one action. */
function InlineStatus({
  order,
  redirectTo,
}: {
  order: { id: string; orderNumber: string; status: OrderStatus; paymentMethod: PaymentMethod };
  redirectTo: string;
}) {
  const options = INLINE_STATUSES.filter((to) =>
    canTransition(order.status, to, order.paymentMethod),
  );
  if (options.length === 0) return null;
  return (
    <Form method="post" action={`/admin/orders/${order.id}`} className="mb-1 flex gap-1">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="expectedStatus" value={order.status} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <select
        name="to"
        aria-label={`Nuevo estado del pedido ${order.orderNumber}`}
        className="border-border bg-surface rounded-md border px-2 py-1 text-sm"
      >
        {options.map((to) => (
          <option key={to} value={to}>
            {ORDER_STATUS_LABELS[to]}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="secondary">
        Cambiar
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
