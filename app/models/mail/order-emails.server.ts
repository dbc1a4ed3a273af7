import type { Kysely } from "kysely";
import type { Database, ShippingMethod } from "#db/types";
import type { StoreSettings } from "~/models/settings/settings";
import {
  customerNotice,
  type CustomerNoticeEvent,
  type NoticeFacts,
} from "~/models/orders/notices";
import { SHIPPING_METHOD_LABELS } from "~/models/orders/status";
import { writeReviewHref } from "~/models/reviews/reviews";
import { formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { EmailBlock, EmailContent, ShopIdentity } from "./layout.server";
import { LINK_PLACEHOLDER, type MailLink } from "./links.server";
import { queueEmail, type MailContext } from "./outbox.server";

/*
 * The customer's e-mails about their order (decision 104), guests too, at the e-mail the
 * checkout took: the order received (what to pay, where, until when, and where to send the
 * receipt), then one e-mail per status the customer hears of in the app, with the app's words
 * (orders/notices.ts): the title is the subject and heading, the message the first paragraph.
 * The builders are pure; the queue functions run inside the transaction of the change.
 */

/** What the order's e-mails say about the order itself. */
export type OrderMailFacts = {
  id: string;
  orderNumber: string;
  customerName: string;
  /** An account's order is followed on its page; a guest's at /track-order (D32). */
  hasAccount: boolean;
};

export type OrderReceivedFacts = OrderMailFacts & {
  /**
   * Decision 132: the e-mail goes to the address of a verified account. When it does not (a
   * guest, an unverified account, another address typed), the e-mail repeats none of the text
   * the shopper typed (name, address): only the order's number, lines and totals, and the
   * shop's own words, so the shop's e-mail cannot carry a stranger's message.
   */
  toVerifiedAddress: boolean;
  shippingMethod: ShippingMethod;
  shippingAddress: string;
  items: ReadonlyArray<{ name: string; size: string; quantity: number; unitPrice: number }>;
  subtotal: number;
  shippingCost: number;
  tax: number;
  couponDiscount: number;
  couponCode: string | null;
  total: number;
  /**
   * A transfer still to be paid (until `dueAt`), a receipt that came with the order, cash paid
   * at the door, or paid at the shop's counter (held until `dueAt`), decision 166.
   */
  payment:
    | { kind: "awaiting"; dueAt: string }
    | { kind: "in_review" }
    | { kind: "cash" }
    | { kind: "at_shop"; dueAt: string };
  /** Cash on delivery's surcharge, its own line (decision 166). */
  paymentSurcharge?: number;
};

type Bank = Pick<StoreSettings, "bank_name" | "bank_account_number" | "bank_account_holder">;

/**
 * 'Ver mi pedido': the order's own link (decision 151), made when the e-mail is sent, opens it on
 * any device without signing in. A guest also reads how to find it with the tracking form.
 */
function followBlocks(order: OrderMailFacts, label: string): EmailBlock[] {
  const button: EmailBlock = { kind: "button", label, url: LINK_PLACEHOLDER };
  if (order.hasAccount) return [button];
  return [
    button,
    {
      kind: "paragraph",
      text: `Busca tu pedido con su número, ${order.orderNumber}, y este correo.`,
    },
  ];
}

const WHY = (shop: ShopIdentity) =>
  `Recibes este correo porque hiciste un pedido en ${shop.name} con esta dirección. Si tienes dudas, responde a este correo.`;

function itemsBlock(order: OrderReceivedFacts): EmailBlock {
  const totals: Array<readonly [string, string]> = [
    ["Subtotal", formatMoney(order.subtotal)],
    ["Envío", order.shippingCost === 0 ? "Gratis" : formatMoney(order.shippingCost)],
    ["ISV", formatMoney(order.tax)],
  ];
  if (order.couponDiscount > 0) {
    const label = order.couponCode ? `Descuento (${order.couponCode})` : "Descuento";
    totals.push([label, `−${formatMoney(order.couponDiscount)}`]);
  }
  if (order.paymentSurcharge) {
    totals.push(["Recargo por pago contra entrega", formatMoney(order.paymentSurcharge)]);
  }
  totals.push(["Total", formatMoney(order.total)]);
  return {
    kind: "lines",
    items: order.items.map((item) => ({
      name: item.name,
      detail: `${item.size} · ${item.quantity} × ${formatMoney(item.unitPrice)}`,
      amount: formatMoney(item.unitPrice * item.quantity),
    })),
    totals,
  };
}

/** The order received: its number, lines and totals, and how to pay it. */
export function orderReceivedEmail(input: {
  order: OrderReceivedFacts;
  bank: Bank;
  shop: ShopIdentity;
}): EmailContent {
  const { order, bank, shop } = input;
  const total = formatMoney(order.total);
  // Decision 132: a pickup's address is the shop's own; a delivery's is what was typed.
  const echo = order.toVerifiedAddress;
  const addressRow: ReadonlyArray<readonly [string, string]> =
    echo || order.shippingMethod === "pickup" ? [["Dirección", order.shippingAddress]] : [];
  const payment: EmailBlock[] =
    order.payment.kind === "cash"
      ? [
          { kind: "heading", text: "Cómo pagar" },
          {
            kind: "paragraph",
            text: `Pago Contra Entrega: pagas ${total} en efectivo al repartidor cuando recibas tu pedido. Ten el monto exacto a mano si puedes.`,
          },
          ...followBlocks(order, "Ver mi pedido"),
        ]
      : order.payment.kind === "at_shop"
        ? [
            { kind: "heading", text: "Cómo pagar" },
            {
              kind: "paragraph",
              text: `Pago en Tienda: pagas ${total} al recoger tu pedido. Lo guardamos hasta el ${formatDateTime(order.payment.dueAt)}; después se cancela.`,
            },
            ...followBlocks(order, "Ver mi pedido"),
          ]
        : order.payment.kind === "awaiting"
          ? [
              { kind: "heading", text: "Cómo pagar" },
              {
                kind: "paragraph",
                // The date ends in "a. m." / "p. m.": it stays inside the sentence.
                text: `Antes del ${formatDateTime(order.payment.dueAt)} transfiere ${total} a esta cuenta; si no recibimos el pago a tiempo, el pedido se cancela.`,
              },
              {
                kind: "facts",
                rows: [
                  ["Banco", bank.bank_name],
                  ["Número de cuenta", bank.bank_account_number],
                  ["Titular", bank.bank_account_holder],
                  ["Monto", total],
                  ["Referencia", order.orderNumber],
                  ["Pagar antes del", formatDateTime(order.payment.dueAt)],
                ],
              },
              {
                kind: "paragraph",
                text: "Después de transferir, sube la foto o captura del comprobante con este enlace, que es solo tuyo (no lo compartas):",
              },
              // Decision 130: the order's signed link, made when the e-mail is sent.
              { kind: "button", label: "Subir comprobante", url: LINK_PLACEHOLDER },
              ...followBlocks(order, "Ver mi pedido"),
            ]
          : [
              {
                kind: "paragraph",
                text: "Recibimos tu comprobante de pago y lo estamos revisando. Te escribiremos en cuanto lo aprobemos.",
              },
              ...followBlocks(order, "Ver mi pedido"),
            ];
  return {
    subject: `Recibimos tu pedido ${order.orderNumber}`,
    preheader:
      order.payment.kind === "awaiting"
        ? `Transfiere ${total} antes del ${formatDateTime(order.payment.dueAt)} para confirmarlo.`
        : order.payment.kind === "cash"
          ? `Pagas ${total} en efectivo al recibirlo.`
          : order.payment.kind === "at_shop"
            ? `Pagas ${total} al recogerlo en la tienda.`
            : "Estamos revisando tu comprobante de pago.",
    blocks: [
      {
        kind: "heading",
        text: echo ? `¡Gracias por tu pedido, ${order.customerName}!` : "¡Gracias por tu pedido!",
      },
      {
        kind: "facts",
        rows: [
          ["Pedido", order.orderNumber],
          ["Entrega", SHIPPING_METHOD_LABELS[order.shippingMethod]],
          ...addressRow,
        ],
      },
      itemsBlock(order),
      ...payment,
      { kind: "note", text: WHY(shop) },
    ],
  };
}

/** The order events the customer hears of by e-mail as well as in the app. */
export const EMAILED_EVENTS = new Set<CustomerNoticeEvent>([
  "order_approved",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_expired",
  "order_denied",
  "order_deleted",
]);

/**
 * A status e-mail: the in-app notice's title as subject and heading, its message as the first
 * paragraph, then what the status adds (the guide number, the products to review, the link).
 */
export function orderStatusEmail(input: {
  event: CustomerNoticeEvent;
  facts: NoticeFacts;
  order: OrderMailFacts;
  /** Delivered: the products bought, each with its page, to review them. */
  products?: ReadonlyArray<{ name: string; slug: string }>;
  shop: ShopIdentity;
}): EmailContent {
  const { event, facts, order, shop } = input;
  const notice = customerNotice(event, facts);
  const blocks: EmailBlock[] = [
    { kind: "heading", text: notice.title },
    { kind: "paragraph", text: notice.message },
  ];
  if (event === "order_shipped" && facts.trackingNumber) {
    blocks.push({ kind: "facts", rows: [["Número de guía", facts.trackingNumber]] });
  }
  if (event === "order_delivered" && input.products && input.products.length > 0) {
    blocks.push({
      kind: "paragraph",
      text: "¿Qué te pareció? Tu reseña ayuda a otros clientes a elegir su perfume:",
    });
    for (const product of input.products) {
      blocks.push({
        kind: "button",
        label: `Opinar sobre ${product.name}`,
        url: `${shop.url}${writeReviewHref(product.slug)}`,
      });
    }
  }
  // Decision 171: the invoice or credit note the change issued goes with the e-mail, as a PDF.
  if (facts.document) {
    const what = facts.document.kind === "invoice" ? "tu factura" : "la nota de crédito";
    blocks.push({
      kind: "paragraph",
      text: `Adjuntamos ${what} No. ${facts.document.number} en PDF.`,
    });
  }
  // A deleted order has no page left; its number stays in the text.
  if (event !== "order_deleted") blocks.push(...followBlocks(order, "Ver mi pedido"));
  blocks.push({ kind: "note", text: WHY(shop) });
  return {
    subject: `${notice.title} (${order.orderNumber})`,
    preheader: notice.message,
    blocks,
  };
}

/**
 * Queues the status e-mail of `event` to the order's e-mail, in the lifecycle's transaction.
 * Reads what the e-mail needs over that transaction (before a deletion removes the rows).
 */
export async function queueOrderStatusEmail(
  trx: Kysely<Database>,
  context: MailContext,
  input: { orderId: string; event: CustomerNoticeEvent; facts: NoticeFacts },
) {
  const { orderId, event, facts } = input;
  if (!EMAILED_EVENTS.has(event)) return;
  const order = await trx
    .selectFrom("orders")
    .select(["id", "orderNumber", "customerName", "customerEmail", "userId"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  // Decision 167: an order taken without an e-mail (or a deleted account's) has none to write to.
  if (!order.customerEmail) return;
  const products =
    event === "order_delivered"
      ? await trx
          .selectFrom("orderItems as i")
          .innerJoin("products as p", "p.id", "i.productId")
          .select(["p.name", "p.slug"])
          .where("i.orderId", "=", orderId)
          .where("p.isActive", "=", 1)
          .groupBy(["p.id", "p.name", "p.slug"])
          .orderBy("p.name")
          .execute()
      : [];
  const content = orderStatusEmail({
    event,
    facts,
    order: { ...order, hasAccount: order.userId !== null },
    products,
    shop: context.shop,
  });
  const deleted = event === "order_deleted";
  await queueEmail(trx, context, {
    to: order.customerEmail,
    kind: event,
    content,
    orderId: deleted ? null : orderId,
    // A deleted order has no page left: its e-mail has no link.
    link: deleted ? undefined : orderLink(context.shop, orderId),
    attachment: facts.document
      ? { kind: "fiscal_document", documentId: facts.document.id }
      : undefined,
  });
}

/** The order's own link (decisions 130, 151): it opens the order and takes its receipt. */
function orderLink(shop: ShopIdentity, orderId: string): MailLink {
  return { kind: "order", orderId, url: `${shop.url}/track-order` };
}

/** The order received, to the e-mail the checkout took, in the order's transaction. */
export async function queueOrderReceivedEmail(
  trx: Kysely<Database>,
  context: MailContext,
  input: { to: string; order: OrderReceivedFacts },
) {
  const { settings, shop } = context;
  await queueEmail(trx, context, {
    to: input.to,
    kind: "order_received",
    content: orderReceivedEmail({ order: input.order, bank: settings, shop }),
    orderId: input.order.id,
    link: orderLink(shop, input.order.id),
  });
}

/**
 * Decision 130: a receipt arrived for the order (sent after it, or a replacement). Its e-mail
 * hears of it, so a receipt its owner did not send does not go unnoticed, with the link that
 * changes it while it is in review. Nothing the sender typed is in it.
 */
export function proofArrivedEmail(input: {
  orderNumber: string;
  shop: ShopIdentity;
}): EmailContent {
  const { orderNumber, shop } = input;
  return {
    subject: `Recibimos un comprobante para tu pedido ${orderNumber}`,
    preheader: "Lo estamos revisando; te escribiremos en cuanto lo aprobemos.",
    blocks: [
      { kind: "heading", text: "Recibimos un comprobante de pago" },
      {
        kind: "paragraph",
        text: `Recibimos un comprobante de transferencia para tu pedido ${orderNumber} y lo estamos revisando. Te escribiremos en cuanto lo aprobemos.`,
      },
      {
        kind: "paragraph",
        text: "¿No lo enviaste tú, o te equivocaste de foto? Mientras lo revisamos puedes cambiarlo con este enlace, que es solo tuyo:",
      },
      { kind: "button", label: "Cambiar comprobante", url: LINK_PLACEHOLDER },
      { kind: "note", text: WHY(shop) },
    ],
  };
}

export async function queueProofArrivedEmail(
  trx: Kysely<Database>,
  context: MailContext,
  orderId: string,
) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "orderNumber", "customerEmail"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (!order.customerEmail) return;
  await queueEmail(trx, context, {
    to: order.customerEmail,
    kind: "order_proof_received",
    content: proofArrivedEmail({ orderNumber: order.orderNumber, shop: context.shop }),
    orderId: order.id,
    link: orderLink(context.shop, order.id),
  });
}
