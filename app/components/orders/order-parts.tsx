import { Link } from "@remix-run/react";
import type { OrderStatus, PaymentMethod, ShippingMethod } from "#db/types";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Page } from "~/components/page";
import { ProductImage } from "~/components/product-image";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import {
  ORDER_STATUS_BADGES,
  ORDER_STATUS_LABELS,
  orderStatusMessage,
  paymentMethodLabel,
  SHIPPING_METHOD_LABELS,
} from "~/models/order-status";
import { taxPercentageOf } from "~/models/pricing";
import { formatMoney } from "~/utils/money";

/*
 * Pieces shared by /orders, /order-confirmation and /order-success: a status badge with its
 * icon, the item lines, the totals (ISV), the shipping and payment facts.
 */

const STATUS_ICONS: Record<OrderStatus, string> = {
  pending: "M12 7v5l3 2 M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18",
  paid: "M5 12l4 4 10-10",
  processing: "M4 7l8-4 8 4v10l-8 4-8-4z M4 7l8 4 8-4 M12 11v10",
  shipped:
    "M3 7h11v9H3z M14 10h4l3 3v3h-7 M7 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3 M17 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3",
  delivered: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M8 12l3 3 5-6",
  cancelled: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M9 9l6 6 M15 9l-6 6",
  denied: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18 M6 6l12 12",
};

export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  return (
    <Badge variant={ORDER_STATUS_BADGES[status]} className="gap-1">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={STATUS_ICONS[status]} />
      </svg>
      {label ?? ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function OrderStatusNote({
  status,
  paymentMethod,
}: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
}) {
  return <p className="text-fg-muted text-sm">{orderStatusMessage(status, paymentMethod)}</p>;
}

type Item = {
  id: number;
  productName: string;
  productImage: string | null;
  size: string;
  quantity: number;
  price: number;
};

export function OrderItems({ items, compact = false }: { items: Item[]; compact?: boolean }) {
  return (
    <ul className="divide-border divide-y">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 py-3">
          {/* Decorative: the name beside it says what the product is. */}
          <div aria-hidden="true" className={`${compact ? "size-12" : "size-16"} shrink-0`}>
            <ProductImage
              imageKey={item.productImage}
              alt=""
              sizes="64px"
              className="size-full rounded-md object-cover"
            />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{item.productName}</p>
            <p className="text-fg-muted text-sm">
              {item.size} · Cantidad: {item.quantity} · {formatMoney(item.price)} c/u
            </p>
          </div>
          <p className="font-medium tabular-nums">{formatMoney(item.price * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({
  order,
}: {
  order: {
    subtotal: number;
    shippingCost: number;
    tax: number;
    couponDiscount: number;
    couponCode: string | null;
    total: number;
  };
}) {
  const taxPercentage = taxPercentageOf(order);
  const rows: Array<[string, string]> = [
    ["Subtotal", formatMoney(order.subtotal)],
    ["Envío", order.shippingCost === 0 ? "Gratis" : formatMoney(order.shippingCost)],
    [taxPercentage === null ? "ISV" : `ISV ${taxPercentage}%`, formatMoney(order.tax)],
  ];
  if (order.couponDiscount > 0) {
    rows.push([
      order.couponCode ? `Descuento (${order.couponCode})` : "Descuento",
      `−${formatMoney(order.couponDiscount)}`,
    ]);
  }
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-fg-muted">{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="border-border flex justify-between gap-4 border-t pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatMoney(order.total)}</dd>
      </div>
    </dl>
  );
}

export function OrderShipping({
  order,
}: {
  order: {
    shippingMethod: ShippingMethod;
    paymentMethod: PaymentMethod;
    shippingAddress: string | null;
    shippingCity: string | null;
    shippingZone: string | null;
    customerEmail: string;
    customerPhone: string | null;
    trackingNumber: string | null;
  };
}) {
  const rows: Array<[string, string | null]> = [
    ["Método de envío", SHIPPING_METHOD_LABELS[order.shippingMethod]],
    ["Dirección", order.shippingAddress],
    ["Ciudad", order.shippingCity],
    ["Departamento", order.shippingZone],
    ["Correo electrónico", order.customerEmail],
    ["Teléfono", order.customerPhone],
    ["Método de pago", paymentMethodLabel(order.paymentMethod)],
    ["Número de guía", order.trackingNumber],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-fg-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The error boundary of the order pages: 'Pedido no encontrado' for a 404 (D15). */
export function OrderNotFoundBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <Page title="Pedido no encontrado">
            <Link to="/" className={buttonClasses("secondary")}>
              Volver al inicio
            </Link>
          </Page>
        ),
      }}
    />
  );
}
