import { downloadResponse } from "~/web/download.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  type ExportedOrder,
  ordersForExport,
  parseRange,
} from "~/models/analytics/analytics.server";
import {
  ORDER_STATUS_SHORT_LABELS,
  paymentMethodLabel,
  SHIPPING_METHOD_LABELS,
} from "~/models/orders/status";
import { SOLD_STATUSES } from "~/models/analytics/sales.server";
import { requireAdmin } from "~/web/auth.server";
import { csvLempiras, toCsv } from "~/utils/csv";

/*
 * GET /admin/analytics/export?from=&to=: the orders placed in the range as a CSV file that
 * Excel opens with its accents (decision 066). Every status is listed, with a column that
 * says whether the order counts as a sale (decision 048), so the sums can be checked in Excel.
 */

const HEADER = [
  "Pedido",
  "Fecha",
  "Estado",
  "Venta",
  "Cliente",
  "Correo",
  "Teléfono",
  "Ciudad",
  "Departamento",
  "Método de pago",
  "Método de envío",
  "Unidades",
  "Subtotal (L)",
  "Envío (L)",
  "ISV (L)",
  "Descuento (L)",
  "Total (L)",
  "Cupón",
] as const;

const HONDURAS_OFFSET_MS = 6 * 60 * 60 * 1000; // UTC−6 all year (D6)

/** "2026-11-24 15:04", Honduras time: a date and time Excel reads as such. */
function localDateTime(iso: string) {
  return new Date(Date.parse(iso) - HONDURAS_OFFSET_MS)
    .toISOString()
    .slice(0, 16)
    .replace("T", " ");
}

const isSale = (status: ExportedOrder["status"]) =>
  (SOLD_STATUSES as readonly string[]).includes(status);

function row(order: ExportedOrder) {
  return [
    order.orderNumber,
    localDateTime(order.createdAt),
    ORDER_STATUS_SHORT_LABELS[order.status],
    isSale(order.status) ? "Sí" : "No",
    order.customerName,
    order.customerEmail,
    order.customerPhone,
    order.shippingCity,
    order.shippingZone,
    paymentMethodLabel(order.paymentMethod, "admin"),
    SHIPPING_METHOD_LABELS[order.shippingMethod],
    Number(order.units ?? 0),
    csvLempiras(order.subtotal),
    csvLempiras(order.shippingCost),
    csvLempiras(order.tax),
    csvLempiras(order.couponDiscount),
    csvLempiras(order.total),
    order.couponCode,
  ];
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { range, error } = parseRange(new URL(request.url).searchParams);
  if (error) {
    throw new Response(error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const orders = await ordersForExport(range);
  return downloadResponse(toCsv(HEADER, orders.map(row)), {
    filename: `pedidos-${range.from}-a-${range.to}.csv`,
    contentType: "text/csv; charset=utf-8",
  });
}
