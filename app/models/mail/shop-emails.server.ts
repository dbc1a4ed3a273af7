import type { Kysely } from "kysely";
import type { Database } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";
import { formatMoney } from "~/utils/money";
import type { EmailContent, ShopIdentity } from "./layout.server";
import { queueEmail, type MailContext } from "./outbox.server";

/*
 * The shop's own e-mails (decision 104), to `orders_email`, or the contact e-mail when it is
 * empty: a new order (when notifyNewOrders is on), a receipt to review, and a product whose
 * stock has just crossed down to stockThreshold (when notifyLowStock is on; once per crossing,
 * see `takeStock`). The builders are pure; the queue functions run inside the transaction of
 * the change they announce.
 */

/** Where the shop's e-mails go: the orders' address, else the contact address. */
export function shopInbox(settings: Pick<StoreSettings, "orders_email" | "contactEmail">) {
  return settings.orders_email.trim() || settings.contactEmail;
}

const WHY_SHOP = (shop: ShopIdentity) =>
  `Aviso automático de ${shop.name}. Se envía a la dirección de «Correo para pedidos» de los ajustes, o a la de contacto si está vacía.`;

export type ShopOrderFacts = {
  id: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  total: number;
  /** A receipt came with the order (it waits in the proof queue). */
  hasProof: boolean;
  items: ReadonlyArray<{ name: string; size: string; quantity: number; unitPrice: number }>;
};

export function newOrderEmail(input: { order: ShopOrderFacts; shop: ShopIdentity }): EmailContent {
  const { order, shop } = input;
  const total = formatMoney(order.total);
  return {
    subject: `Pedido nuevo ${order.orderNumber}: ${total}`,
    preheader: `${order.customerName} hizo un pedido de ${total}.`,
    blocks: [
      { kind: "heading", text: `Pedido nuevo ${order.orderNumber}` },
      {
        kind: "facts",
        rows: [
          ["Pedido", order.orderNumber],
          ["Cliente", order.customerName],
          ["Correo", order.customerEmail],
          ...(order.customerPhone ? [["Teléfono", order.customerPhone] as const] : []),
          ["Total", total],
          [
            "Comprobante",
            order.hasProof ? "Adjunto, por revisar" : "Aún no: el cliente transferirá después",
          ],
        ],
      },
      {
        kind: "lines",
        items: order.items.map((item) => ({
          name: item.name,
          detail: `${item.size} · ${item.quantity} × ${formatMoney(item.unitPrice)}`,
          amount: formatMoney(item.unitPrice * item.quantity),
        })),
        totals: [["Total", total]],
      },
      { kind: "button", label: "Ver el pedido", url: `${shop.url}/admin/orders/${order.id}` },
      { kind: "note", text: WHY_SHOP(shop) },
    ],
  };
}

export function proofReceivedEmail(input: {
  order: Pick<ShopOrderFacts, "id" | "orderNumber" | "customerName" | "total">;
  /** Sent from the order page or /track-order after the order (decision 096). */
  late: boolean;
  shop: ShopIdentity;
}): EmailContent {
  const { order, shop } = input;
  return {
    subject: `Comprobante por revisar: ${order.orderNumber}`,
    preheader: `${order.customerName} envió el comprobante de ${formatMoney(order.total)}.`,
    blocks: [
      { kind: "heading", text: "Comprobante de pago por revisar" },
      {
        kind: "paragraph",
        text: input.late
          ? `${order.customerName} envió el comprobante de su transferencia después de hacer el pedido ${order.orderNumber}. Revísalo para aprobar o denegar el pago.`
          : `${order.customerName} adjuntó el comprobante de su transferencia al pedido ${order.orderNumber}. Revísalo para aprobar o denegar el pago.`,
      },
      {
        kind: "facts",
        rows: [
          ["Pedido", order.orderNumber],
          ["Cliente", order.customerName],
          ["Total", formatMoney(order.total)],
        ],
      },
      {
        kind: "button",
        label: "Revisar el comprobante",
        url: `${shop.url}/admin/orders/${order.id}`,
      },
      { kind: "note", text: WHY_SHOP(shop) },
    ],
  };
}

export function lowStockEmail(input: {
  product: { id: number; name: string; stock: number };
  threshold: number;
  shop: ShopIdentity;
}): EmailContent {
  const { product, threshold, shop } = input;
  const units = product.stock === 1 ? "1 unidad" : `${product.stock} unidades`;
  return {
    subject: `Inventario bajo: ${product.name} (${units})`,
    preheader: `Quedan ${units} de ${product.name}.`,
    blocks: [
      { kind: "heading", text: "Inventario bajo" },
      {
        kind: "paragraph",
        text: `Quedan ${units} de ${product.name}: llegó al umbral de inventario bajo (${threshold}). No volveremos a avisar de este producto hasta que su inventario suba del umbral y vuelva a bajar.`,
      },
      {
        kind: "facts",
        rows: [
          ["Producto", product.name],
          ["Inventario", units],
        ],
      },
      {
        kind: "button",
        label: "Ver el producto",
        url: `${shop.url}/admin/products/${product.id}`,
      },
      { kind: "note", text: WHY_SHOP(shop) },
    ],
  };
}

type Executor = Kysely<Database>;

/** The new order's e-mail to the shop, or (new-order e-mails off) its receipt's alone. */
export async function queueNewOrderEmails(
  trx: Executor,
  context: MailContext,
  order: ShopOrderFacts,
) {
  const to = shopInbox(context.settings);
  if (context.settings.notifyNewOrders) {
    await queueEmail(trx, context, {
      to,
      kind: "shop_new_order",
      content: newOrderEmail({ order, shop: context.shop }),
      orderId: order.id,
      // Decision 167: an order taken without the customer's e-mail answers the shop.
      replyTo: order.customerEmail || undefined,
    });
  } else if (order.hasProof) {
    await queueProofEmail(trx, context, order, { late: false });
  }
}

async function queueProofEmail(
  trx: Executor,
  context: MailContext,
  order: Pick<ShopOrderFacts, "id" | "orderNumber" | "customerName" | "customerEmail" | "total">,
  { late }: { late: boolean },
) {
  await queueEmail(trx, context, {
    to: shopInbox(context.settings),
    kind: "shop_proof_received",
    content: proofReceivedEmail({ order, late, shop: context.shop }),
    orderId: order.id,
    replyTo: order.customerEmail,
  });
}

/** A receipt sent after the order (decision 096): the shop hears of it in the same transaction. */
export async function queueLateProofEmail(trx: Executor, context: MailContext, orderId: string) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "orderNumber", "customerName", "customerEmail", "total"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  await queueProofEmail(trx, context, order, { late: true });
}

/**
 * The low-stock e-mail of a product whose stock went from above the threshold to at or under
 * it in this change (`before` and `after` from the one UPDATE that took the units).
 */
export async function queueLowStockEmail(
  trx: Executor,
  context: MailContext,
  product: { id: number; name: string; before: number; after: number },
) {
  const threshold = context.settings.stockThreshold;
  if (!context.settings.notifyLowStock) return;
  if (!(product.before > threshold && product.after <= threshold)) return;
  await queueEmail(trx, context, {
    to: shopInbox(context.settings),
    kind: "shop_low_stock",
    content: lowStockEmail({
      product: { id: product.id, name: product.name, stock: product.after },
      threshold,
      shop: context.shop,
    }),
  });
}
