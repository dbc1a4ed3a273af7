import type { TransferState } from "~/models/orders/late-proof";
import { Link } from "@remix-run/react";
import type { OrderStatus, PaymentMethod, ShippingMethod } from "#db/types";
import { ProductImage } from "~/components/product-image";
import {
  orderStatusMessage,
  paymentMethodLabel,
  SHIPPING_METHOD_LABELS,
} from "~/models/orders/status";
import { taxPercentageOf } from "~/models/checkout/pricing";
import { writeReviewHref } from "~/models/reviews/reviews";
import { formatMoney } from "~/utils/money";
import { Unbroken } from "~/components/ui/unbroken";

/*
 * Pieces shared by /orders, /order-confirmation and /order-success: the status badge, the item
 * lines, the totals (ISV), the shipping and payment facts.
 */

// The badge has its own module so the admin orders list loads it without the rest of these.
export { OrderStatusBadge } from "./order-status-badge";

export function OrderStatusNote({
  status,
  paymentMethod,
  transfer,
}: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  transfer?: TransferState["kind"];
}) {
  return (
    <p className="text-fg-muted text-sm">{orderStatusMessage(status, paymentMethod, transfer)}</p>
  );
}

type Item = {
  id: number;
  /** The product's page while it exists (a deleted product keeps its line, not its page). */
  slug?: string | null;
  productName: string;
  productImage: string | null;
  size: string;
  quantity: number;
  price: number;
};

/** `reviewable`: a delivered order of the customer's, each product linking to its review form. */
export function OrderItems({
  items,
  compact = false,
  reviewable = false,
}: {
  items: Item[];
  compact?: boolean;
  reviewable?: boolean;
}) {
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
            {reviewable && item.slug ? <WriteReviewLink item={item} slug={item.slug} /> : null}
          </div>
          <p className="font-medium tabular-nums">{formatMoney(item.price * item.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

/** 'Escribir reseña' on a delivered product (issue 21); its name says which product. */
export function WriteReviewLink({ item, slug }: { item: { productName: string }; slug: string }) {
  return (
    <Link to={writeReviewHref(slug)} className="text-accent text-sm font-medium underline">
      Escribir reseña<span className="sr-only"> de {item.productName}</span>
    </Link>
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
    /** Cash on delivery's surcharge (decision 166); absent where the page does not read it. */
    paymentSurcharge?: number;
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
  if (order.paymentSurcharge) {
    rows.push(["Recargo por pago contra entrega", formatMoney(order.paymentSurcharge)]);
  }
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-fg-muted">
            <Unbroken>{label}</Unbroken>
          </dt>
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
            <dd className="break-words">
              <Unbroken>{value}</Unbroken>
            </dd>
          </div>
        ))}
    </dl>
  );
}
