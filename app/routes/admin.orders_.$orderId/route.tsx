import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { OrderStatus } from "#db/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  OrderItems,
  OrderShipping,
  OrderStatusBadge,
  OrderTotals,
} from "~/components/orders/order-parts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { WhatsappLink } from "~/components/whatsapp-link";
import { ProofReuseWarning } from "~/components/orders/proof-reuse-warning";
import { ProofViewer } from "~/components/orders/proof-viewer";
import { getAdminOrder } from "~/models/orders/admin.server";
import { statusNotice } from "~/models/orders/notices";
import {
  changeOrderStatus,
  deleteOrder,
  OrderTransitionError,
} from "~/models/orders/lifecycle.server";
import {
  canDeleteOrder,
  canTransition,
  ORDER_ACTION_LIMITS,
  ORDER_STATUSES,
} from "~/models/orders/status";
import {
  ExtendDeadlineError,
  extendTransferDeadline,
  getPaymentDeadline,
} from "~/models/orders/transfer-deadlines.server";
import { guardAction } from "~/web/guard-action.server";
import {
  OrderActionSchema,
  parseDeadlineExtension,
} from "~/routes/admin.orders_.$orderId/forms.server";
import { requireAdmin } from "~/web/auth.server";
import { safeRedirect } from "~/web/redirect.server";
import { formatDateTime, isoToHondurasLocal } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";

const DENIED = "No tienes permisos para acceder a esta sección.";

/*
 * One action for every status change of an order, posted by this page, the list's inline
 * selector and the proof queue (each sends `redirectTo` to come back to itself). The lifecycle
 * module decides; this route only words the outcome as the §8 toasts.
 */
const SUCCESS_TITLES: Partial<Record<OrderStatus, string>> = {
  cancelled: "Pedido cancelado",
  denied: "Pedido denegado",
};
const FAILURE_TITLES: Partial<Record<OrderStatus, string>> = {
  cancelled: "No se pudo cancelar el pedido",
  denied: "No se pudo denegar el pedido",
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Pedido ${data?.order.orderNumber ?? ""} | Panel Administrativo` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, DENIED);
  const order = await getAdminOrder(params.orderId ?? "");
  invariantResponse(order, "Pedido no encontrado", { status: 404 });
  return json({ order, paymentDeadline: await getPaymentDeadline(order.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request, DENIED);
  const orderId = params.orderId ?? "";
  const here = `/admin/orders/${encodeURIComponent(orderId)}`;
  const parsed = OrderActionSchema.safeParse(Object.fromEntries(await request.formData()));
  invariantResponse(parsed.success, "Solicitud inválida", { status: 400 });
  const input = parsed.data;
  const back = safeRedirect(input.redirectTo, here);
  const actor = { userId: admin.id, role: admin.role };
  if (input.intent === "extend-deadline") {
    return extendDeadline(request, { orderId, actor, back, input });
  }
  try {
    if (input.intent === "delete") {
      await deleteOrder({ orderId, actor, note: input.note, expectedStatus: input.expectedStatus });
      // The order's own page is gone; its list is where the admin continues.
      const afterDelete = back.startsWith(here) ? "/admin/orders" : back;
      return redirectWithToast(request, afterDelete, { title: "Pedido eliminado" });
    }
    await changeOrderStatus({
      orderId,
      to: input.to,
      actor,
      // The queue's deny asks one reason: it is the customer's message and the internal note.
      note: input.note?.trim() ? input.note : input.customerReason,
      trackingNumber: input.trackingNumber,
      customerReason: input.customerReason,
      expectedStatus: input.expectedStatus,
    });
    return redirectWithToast(request, back, {
      title: SUCCESS_TITLES[input.to] ?? "Estado actualizado",
    });
  } catch (error) {
    if (!(error instanceof OrderTransitionError)) throw error;
    invariantResponse(error.code !== "not_found", "Pedido no encontrado", { status: 404 });
    const title =
      input.intent === "delete" ? "No se pudo eliminar el pedido" : FAILURE_TITLES[input.to];
    // backoffice.md §8: any other status change reads 'Error al actualizar el estado del
    // pedido' / 'No se pudo actualizar el estado del pedido', then the lifecycle's reason.
    return redirectWithToast(request, back, {
      type: "error",
      title: title ?? "Error al actualizar el estado del pedido",
      description: title
        ? error.message
        : `No se pudo actualizar el estado del pedido. ${error.message}`,
    });
  }
}

/** Issue 12: one order's transfer deadline, moved later by an admin. */
async function extendDeadline(
  request: Request,
  options: {
    orderId: string;
    actor: { userId: number; role: "customer" | "admin" };
    back: string;
    input: { hours?: string; until?: string };
  },
) {
  const failed = (description: string) =>
    redirectWithToast(request, options.back, {
      type: "error",
      title: "No se pudo extender el plazo",
      description,
    });
  const extension = parseDeadlineExtension(options.input);
  if ("error" in extension) return failed(extension.error);
  try {
    const { dueAt } = await extendTransferDeadline({
      orderId: options.orderId,
      actor: options.actor,
      ...extension,
    });
    return redirectWithToast(request, options.back, {
      title: "Plazo de pago extendido",
      description: `Paga antes del ${formatDateTime(dueAt)}`,
    });
  } catch (error) {
    if (!(error instanceof ExtendDeadlineError)) throw error;
    invariantResponse(error.code !== "notFound", "Pedido no encontrado", { status: 404 });
    return failed(error.message);
  }
}

export default function AdminOrderRoute() {
  const { order, paymentDeadline } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/orders" className="text-fg-muted text-sm underline">
          Pedidos
        </Link>
        <h1 className="text-2xl font-semibold">Pedido {order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
        {order.isGuest ? <Badge>Invitado</Badge> : null}
      </div>
      <p className="text-fg-muted text-sm">Realizado el {formatDateTime(order.createdAt)}</p>

      {/* The decision first (issue 21): the receipt beside the action it decides, in one
          screen at 1366×768; the customer and the products below. */}
      <div
        className={order.proof ? "grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]" : ""}
      >
        {order.proof ? (
          <section
            aria-labelledby="order-proof"
            className="border-border bg-surface rounded-xl border p-4"
          >
            <h2 id="order-proof" className="mb-3 font-semibold">
              Comprobante de pago
            </h2>
            <ProofViewer
              src={order.proof.url}
              alt={`Comprobante del pedido ${order.orderNumber}`}
              thumbnailClassName="border-border max-h-[26rem] w-full rounded-lg border object-contain"
            />
          </section>
        ) : null}
        <div className="min-w-0 space-y-4">
          {order.proof ? <ProofReuseWarning reusedIn={order.proof.reusedIn} /> : null}
          <StatusActions order={order} />
          {paymentDeadline ? <DeadlineForm deadline={paymentDeadline} /> : null}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="border-border bg-surface rounded-xl border p-5">
          <h2 className="mb-3 font-semibold">Cliente</h2>
          <p className="font-medium">{order.customerName}</p>
          {order.accountEmail && order.accountEmail !== order.customerEmail ? (
            <p className="text-fg-muted text-sm">Cuenta: {order.accountEmail}</p>
          ) : null}
          <div className="mt-3">
            <OrderShipping order={order} />
          </div>
          <NotifyOnWhatsapp order={order} deadline={paymentDeadline} />
        </section>
        <section className="border-border bg-surface rounded-xl border p-5">
          <h2 className="mb-3 font-semibold">Productos</h2>
          <OrderItems items={order.items} />
          <div className="mt-3">
            <OrderTotals order={order} />
          </div>
        </section>
      </div>

      <section className="border-border bg-surface rounded-xl border p-5">
        <h2 id="order-history" className="mb-3 font-semibold">
          Historial
        </h2>
        <ol aria-labelledby="order-history" className="space-y-2 text-sm">
          {order.history.map((entry, index) => (
            <li key={index}>
              <time dateTime={entry.at} className="text-fg-muted">
                {formatDateTime(entry.at)}
              </time>{" "}
              — {entry.label}
              {entry.by ? <span className="text-fg-muted">, por {entry.by}</span> : null}
              {entry.note ? <span className="block pl-4">Notas: {entry.note}</span> : null}
            </li>
          ))}
        </ol>
        {order.adminNotes ? (
          <>
            <h3 className="mt-4 font-medium">Notas del administrador</h3>
            <p className="text-sm whitespace-pre-wrap">{order.adminNotes}</p>
          </>
        ) : null}
      </section>
    </div>
  );
}

/**
 * Decision 101: a message to the customer's phone saying where the order stands, in the words of
 * their notifications (notices.ts); the admin sends it from the shop's WhatsApp.
 */
function NotifyOnWhatsapp({
  order,
  deadline,
}: {
  order: {
    status: OrderStatus;
    orderNumber: string;
    trackingNumber: string | null;
    customerName: string;
    customerPhone: string | null;
  };
  deadline: string | null;
}) {
  const { orderNumber, trackingNumber } = order;
  const notice = statusNotice(order.status, {
    orderNumber,
    trackingNumber,
    points: 0,
    dueAt: deadline ?? undefined,
  });
  return (
    <WhatsappLink
      phone={order.customerPhone}
      text={`Hola, ${order.customerName}. ${notice.message}`}
      className={`${buttonClasses("secondary", "sm", { wrap: true })} mt-4`}
    >
      Avisar por WhatsApp
    </WhatsappLink>
  );
}

type ActionOrder = { id: string; status: OrderStatus; trackingNumber: string | null };

/**
 * The moves backoffice.md §4 allows from the order's status, each a form of its own, in the
 * lifecycle's order (ORDER_STATUSES). The forward moves are the main actions; cancel, deny and
 * delete wait in 'Más acciones' (a <details>, so it opens without JS), apart from them.
 */
function StatusActions({ order }: { order: ActionOrder }) {
  const can = (to: OrderStatus) => canTransition(order.status, to);
  const forward = ORDER_STATUSES.filter((to) => to in FORWARD_LABELS && can(to));
  const closing = (["cancelled", "denied"] as const).filter(can);
  const deletable = canDeleteOrder(order.status);
  return (
    <section
      aria-labelledby="order-actions"
      className="border-border bg-surface space-y-4 rounded-xl border p-5"
    >
      <h2 id="order-actions" className="font-semibold">
        Acciones
      </h2>
      {forward.length > 0 ? (
        <div className="flex flex-wrap items-end gap-3">
          {forward.map((to) =>
            to === "shipped" ? (
              <Form method="post" key={to} className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="expectedStatus" value={order.status} />
                <label className="text-sm">
                  Número de guía (opcional)
                  <input
                    name="trackingNumber"
                    defaultValue={order.trackingNumber ?? ""}
                    maxLength={ORDER_ACTION_LIMITS.trackingNumber}
                    className="border-border bg-surface block rounded-md border px-3 py-2"
                  />
                </label>
                <Button type="submit" name="to" value="shipped">
                  {FORWARD_LABELS.shipped}
                </Button>
              </Form>
            ) : (
              <Form method="post" key={to}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="expectedStatus" value={order.status} />
                <Button type="submit" name="to" value={to}>
                  {FORWARD_LABELS[to as keyof typeof FORWARD_LABELS]}
                </Button>
              </Form>
            ),
          )}
        </div>
      ) : (
        <p className="text-fg-muted text-sm">Este pedido ya no avanza.</p>
      )}
      {closing.length > 0 || deletable ? (
        <details className="border-border group rounded-lg border">
          <summary className="hover:bg-surface-muted cursor-pointer rounded-lg px-4 py-2 text-sm font-medium">
            Más acciones
          </summary>
          <div className="grid gap-4 p-4 pt-2 md:grid-cols-2">
            {closing.map((to) => (
              <NotesForm key={to} order={order} to={to} label={CLOSING_LABELS[to]} />
            ))}
            {deletable ? <NotesForm order={order} to="deleted" label="Eliminar Pedido" /> : null}
          </div>
        </details>
      ) : null}
    </section>
  );
}

const FORWARD_LABELS = {
  paid: "Aprobar Pago",
  processing: "En Proceso",
  shipped: "Marcar como Enviado",
  delivered: "Entregado",
} as const satisfies Partial<Record<OrderStatus, string>>;

const CLOSING_LABELS = { cancelled: "Cancelar Pedido", denied: "Denegar Pedido" } as const;

/**
 * An unpaid transfer's deadline (issue 12): shown, and moved later by "+N horas" or a new date
 * in Honduras time.
 */
function DeadlineForm({ deadline }: { deadline: string }) {
  return (
    <section
      aria-labelledby="payment-deadline"
      className="border-border bg-surface space-y-3 rounded-xl border p-5"
    >
      <h2 id="payment-deadline" className="font-semibold">
        Plazo de pago
      </h2>
      <p className="text-sm">
        Paga antes del <time dateTime={deadline}>{formatDateTime(deadline)}</time>. Sin comprobante,
        el pedido se cancela automáticamente al vencer.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="extend-deadline" />
        <label className="text-sm">
          Sumar horas
          <input
            type="number"
            name="hours"
            min={1}
            max={ORDER_ACTION_LIMITS.extensionHours}
            step={1}
            className="border-border bg-surface block w-28 rounded-md border px-3 py-2"
          />
        </label>
        <label className="text-sm">
          o nueva fecha límite
          <input
            type="datetime-local"
            name="until"
            min={isoToHondurasLocal(deadline)}
            className="border-border bg-surface block rounded-md border px-3 py-2"
          />
        </label>
        <Button type="submit">Extender plazo</Button>
      </Form>
    </section>
  );
}

/** Cancel, deny and delete demand notes (backoffice.md §4); the server says so if they are empty. */
function NotesForm({
  order,
  to,
  label,
}: {
  order: ActionOrder;
  to: "cancelled" | "denied" | "deleted";
  label: string;
}) {
  const id = `notes-${to}`;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={to === "deleted" ? "delete" : "status"} />
      {to === "deleted" ? null : <input type="hidden" name="to" value={to} />}
      <input type="hidden" name="expectedStatus" value={order.status} />
      <label htmlFor={id} className="block text-sm font-medium">
        Notas para {label.toLowerCase()}
      </label>
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={ORDER_ACTION_LIMITS.note}
        className="border-border bg-surface block w-full rounded-md border px-3 py-2 text-sm"
      />
      <Button type="submit" variant="danger">
        {label}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
