import type { OrderStatus } from "#db/types";
import {
  changeOrderStatus,
  deleteOrder,
  recordCashPayment,
} from "~/models/orders/lifecycle.server";
import { formatMoney, parseMoney } from "~/utils/money";
import { ORDER_NOT_FOUND, orderRefusalMessage, type OrderRefusal } from "~/models/orders/refusals";
import {
  extendTransferDeadline,
  TRANSFER_DEADLINE_MESSAGES,
} from "~/models/orders/transfer-deadlines.server";
import { formatDateTime } from "~/utils/dates";
import { invariantResponse } from "~/utils/invariant";
import { redirectWithToast } from "~/web/toast.server";
import { parseDeadlineExtension, type OrderAction } from "./forms.server";
import { issueInvoiceForOrder } from "~/models/invoicing/documents.server";
import { invoiceBuyerRules, setInvoiceBuyer } from "~/models/invoicing/buyer.server";

/*
 * The order action's intents (route.tsx), posted by this page, the list's inline selector and
 * the proof queue (each sends `redirectTo` to come back to itself). The lifecycle module
 * decides; this file only words the outcome as the §8 toasts, a refusal in the lifecycle's
 * words (orderRefusalMessage).
 */
const SUCCESS_TITLES: Partial<Record<OrderStatus, string>> = {
  cancelled: "Pedido cancelado",
  denied: "Pedido denegado",
};
const FAILURE_TITLES: Partial<Record<OrderStatus, string>> = {
  cancelled: "No se pudo cancelar el pedido",
  denied: "No se pudo denegar el pedido",
};

type IntentContext = {
  request: Request;
  orderId: string;
  actor: { userId: number; role: "customer" | "admin" };
  /** Where the admin continues: the page that posted. */
  back: string;
  /** This order's own page. */
  here: string;
};

type Intent<Name extends OrderAction["intent"]> = Extract<OrderAction, { intent: Name }>;

/** A status change (backoffice.md §4). */
export async function changeStatus(context: IntentContext, input: Intent<"status">) {
  const { request, orderId, actor, back } = context;
  const result = await changeOrderStatus({
    orderId,
    to: input.to,
    actor,
    // The queue's deny asks one reason: it is the customer's message and the internal note.
    note: input.note?.trim() ? input.note : input.customerReason,
    trackingNumber: input.trackingNumber,
    customerReason: input.customerReason,
    expectedStatus: input.expectedStatus,
  });
  if (!result.ok) return refused(context, result, FAILURE_TITLES[input.to]);
  return redirectWithToast(request, back, {
    title: SUCCESS_TITLES[input.to] ?? "Estado actualizado",
  });
}

/** Decision 166: 'Cobrado': the cash received, and who collected it. */
export async function recordCash(context: IntentContext, input: Intent<"record-cash">) {
  const { request, orderId, actor, back } = context;
  const amount = parseMoney(input.amount.trim());
  if (amount === null || amount <= 0) {
    return redirectWithToast(request, back, {
      type: "error",
      title: "No se pudo registrar el cobro",
      description: "Escribe el monto cobrado en lempiras, por ejemplo 1250.00.",
    });
  }
  const result = await recordCashPayment({
    orderId,
    actor,
    amount,
    collectedBy: input.collectedBy,
  });
  if (!result.ok) {
    if (result.error === "notes_required") {
      return redirectWithToast(request, back, {
        type: "error",
        title: "No se pudo registrar el cobro",
        description: "Escribe quién cobró (el repartidor o quien atendió en la tienda).",
      });
    }
    return refused(context, result, "No se pudo registrar el cobro");
  }
  return redirectWithToast(request, back, {
    title: "Cobro registrado",
    description: `Pedido ${result.orderNumber}: ${formatMoney(amount)}.`,
  });
}

/** Decision 166: 'Rechazado en la entrega': the customer refused the box at the door. */
export async function refusedDelivery(context: IntentContext, input: Intent<"refused-delivery">) {
  const { request, orderId, actor, back } = context;
  const detail = input.note?.trim();
  const result = await changeOrderStatus({
    orderId,
    to: "cancelled",
    actor,
    note: detail ? `Rechazado en la entrega: ${detail}` : "Rechazado en la entrega",
    expectedStatus: input.expectedStatus,
  });
  if (!result.ok) return refused(context, result, "No se pudo cancelar el pedido");
  return redirectWithToast(request, back, {
    title: "Pedido cancelado",
    description: "Rechazado en la entrega: su stock volvió al inventario.",
  });
}

/** 'Eliminar Pedido': the order goes for good (backoffice.md §4). */
export async function removeOrder(context: IntentContext, input: Intent<"delete">) {
  const { request, orderId, actor, back, here } = context;
  const result = await deleteOrder({
    orderId,
    actor,
    note: input.note,
    expectedStatus: input.expectedStatus,
  });
  if (!result.ok) return refused(context, result, "No se pudo eliminar el pedido");
  // The order's own page is gone; its list is where the admin continues.
  const afterDelete = back.startsWith(here) ? "/admin/orders" : back;
  return redirectWithToast(request, afterDelete, { title: "Pedido eliminado" });
}

function refused(context: IntentContext, refusal: OrderRefusal, title: string | undefined) {
  invariantResponse(refusal.error !== "not_found", ORDER_NOT_FOUND, { status: 404 });
  const reason = orderRefusalMessage(refusal);
  // backoffice.md §8: any other status change reads 'Error al actualizar el estado del
  // pedido' / 'No se pudo actualizar el estado del pedido', then the lifecycle's reason.
  return redirectWithToast(context.request, context.back, {
    type: "error",
    title: title ?? "Error al actualizar el estado del pedido",
    description: title ? reason : `No se pudo actualizar el estado del pedido. ${reason}`,
  });
}

/** Issue 12: one order's transfer deadline, moved later by an admin. */
export async function extendDeadline(context: IntentContext, input: Intent<"extend-deadline">) {
  const { request, orderId, actor, back } = context;
  const failed = (description: string) =>
    redirectWithToast(request, back, {
      type: "error",
      title: "No se pudo extender el plazo",
      description,
    });
  const extension = parseDeadlineExtension(input);
  if ("error" in extension) return failed(extension.error);
  const result = await extendTransferDeadline({ orderId, actor, ...extension });
  if (!result.ok) {
    invariantResponse(result.error !== "notFound", ORDER_NOT_FOUND, { status: 404 });
    return failed(TRANSFER_DEADLINE_MESSAGES[result.error]);
  }
  return redirectWithToast(request, back, {
    title: "Plazo de pago extendido",
    description: `Paga antes del ${formatDateTime(result.dueAt)}`,
  });
}

/** Decision 171: 'Emitir factura', for an order paid before the shop invoiced. */
export async function issueInvoice(context: IntentContext) {
  const { request, orderId, back } = context;
  const issued = await issueInvoiceForOrder(orderId);
  invariantResponse(issued.ok || issued.reason !== "not_found", ORDER_NOT_FOUND, { status: 404 });
  return redirectWithToast(
    request,
    back,
    issued.ok
      ? { title: "Factura emitida", description: `Factura No. ${issued.number}.` }
      : { type: "error", title: "No se pudo emitir la factura", description: issued.message },
  );
}

/** Decision 171: "Factura a nombre de", until the invoice is issued. */
export async function setOrderInvoiceBuyer(context: IntentContext, input: Intent<"invoice-buyer">) {
  const { request, orderId, back } = context;
  const failed = (description: string) =>
    redirectWithToast(request, back, {
      type: "error",
      title: "No se guardaron los datos de la factura",
      description,
    });
  const problems: string[] = [];
  invoiceBuyerRules(input, (_path, message) => problems.push(message));
  if (problems.length > 0) return failed(problems.join(" "));
  const saved = await setInvoiceBuyer(orderId, input);
  if (!saved.ok) return failed(saved.message);
  return redirectWithToast(request, back, { title: "Datos de la factura guardados" });
}
