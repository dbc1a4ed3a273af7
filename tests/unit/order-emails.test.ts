import { describe, expect, it } from "vitest";
import { LINK_PLACEHOLDER } from "~/models/mail/links.server";
import {
  orderReceivedEmail,
  orderStatusEmail,
  type OrderReceivedFacts,
} from "~/models/mail/order-emails.server";
import { lowStockEmail, shopInbox } from "~/models/mail/shop-emails.server";
import { shopIdentity } from "~/models/mail/outbox.server";
import { customerNotice } from "~/models/orders/notices";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { formatDateTime } from "~/utils/dates";

/* Decision 104: the content of the order's and the shop's e-mails, as blocks. */

const shop = shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn");
const order: OrderReceivedFacts = {
  id: "0b6c3c1e-0000-4000-8000-000000000001",
  orderNumber: "PH-261126-4821",
  customerName: "Ana López",
  hasAccount: true,
  toVerifiedAddress: true,
  shippingMethod: "express",
  shippingAddress: "Colonia Palmira, Tegucigalpa, Francisco Morazán",
  items: [{ name: "Aqua", size: "100ml", quantity: 2, unitPrice: 120_000 }],
  subtotal: 240_000,
  shippingCost: 0,
  tax: 36_000,
  couponDiscount: 10_000,
  couponCode: "BIENVENIDA",
  total: 266_000,
  payment: { kind: "awaiting", dueAt: "2026-11-29T18:00:00.000Z" },
};

const text = (blocks: readonly { kind: string }[]) => JSON.stringify(blocks);

describe("the order's e-mails", () => {
  it("open the order with its own link (decision 151); a guest also reads how to type it", () => {
    const button = { kind: "button", label: "Ver mi pedido", url: LINK_PLACEHOLDER };
    const account = orderReceivedEmail({ order, bank: DEFAULT_SETTINGS, shop });
    expect(account.blocks).toContainEqual(button);
    expect(text(account.blocks)).not.toContain("/order-confirmation/");
    const guest = orderStatusEmail({
      event: "order_shipped",
      facts: { orderNumber: order.orderNumber, trackingNumber: null, points: 0 },
      order: { ...order, hasAccount: false },
      shop,
    });
    expect(guest.blocks).toContainEqual(button);
    expect(guest.blocks).toContainEqual({
      kind: "paragraph",
      text: `Busca tu pedido con su número, ${order.orderNumber}, y este correo.`,
    });
  });

  it("ask for the transfer until its deadline, or say the receipt is in review", () => {
    const awaiting = orderReceivedEmail({ order, bank: DEFAULT_SETTINGS, shop });
    const deadline = formatDateTime("2026-11-29T18:00:00.000Z");
    expect(awaiting.preheader).toBe(
      `Transfiere L\u00a02,660.00 antes del ${deadline} para confirmarlo.`,
    );
    const lines = awaiting.blocks.find((block) => block.kind === "lines");
    expect(lines).toMatchObject({
      items: [{ name: "Aqua", detail: "100ml · 2 × L\u00a01,200.00", amount: "L\u00a02,400.00" }],
      totals: [
        ["Subtotal", "L\u00a02,400.00"],
        ["Envío", "Gratis"],
        ["ISV", "L\u00a0360.00"],
        ["Descuento (BIENVENIDA)", "−L\u00a0100.00"],
        ["Total", "L\u00a02,660.00"],
      ],
    });
    expect(text(awaiting.blocks)).toContain("Pagar antes del");

    const inReview = orderReceivedEmail({
      order: { ...order, payment: { kind: "in_review" } },
      bank: DEFAULT_SETTINGS,
      shop,
    });
    expect(text(inReview.blocks)).not.toContain(DEFAULT_SETTINGS.bank_account_number);
    expect(inReview.blocks).toContainEqual({
      kind: "button",
      label: "Ver mi pedido",
      url: LINK_PLACEHOLDER,
    });
  });

  it("repeat the typed name and address only to a verified account's address (decision 132)", () => {
    const verified = text(orderReceivedEmail({ order, bank: DEFAULT_SETTINGS, shop }).blocks);
    expect(verified).toContain("¡Gracias por tu pedido, Ana López!");
    expect(verified).toContain(order.shippingAddress);

    const stranger = { ...order, toVerifiedAddress: false, hasAccount: false };
    const email = orderReceivedEmail({ order: stranger, bank: DEFAULT_SETTINGS, shop });
    expect(email.blocks[0]).toEqual({ kind: "heading", text: "¡Gracias por tu pedido!" });
    const blocks = text(email.blocks);
    expect(blocks).not.toContain("Ana");
    expect(blocks).not.toContain("Palmira");
    // The summary stays: number, lines, totals, and how to pay.
    expect(blocks).toContain(order.orderNumber);
    expect(blocks).toContain("Aqua");
    expect(blocks).toContain("L\u00a02,660.00");
    // A pickup's address is the shop's own, and is told.
    const pickup = orderReceivedEmail({
      order: { ...stranger, shippingMethod: "pickup", shippingAddress: "Recoger en tienda: X" },
      bank: DEFAULT_SETTINGS,
      shop,
    });
    expect(text(pickup.blocks)).toContain("Recoger en tienda: X");
  });

  it("word a status with the notification's title and message", () => {
    const facts = { orderNumber: order.orderNumber, trackingNumber: null, points: 0 };
    const email = orderStatusEmail({ event: "order_shipped", facts, order, shop });
    const notice = customerNotice("order_shipped", facts);
    expect(email.subject).toBe(`${notice.title} (${order.orderNumber})`);
    expect(email.blocks.slice(0, 2)).toEqual([
      { kind: "heading", text: notice.title },
      { kind: "paragraph", text: notice.message },
    ]);
    // Shipped without a guide number: no empty "Número de guía" row.
    expect(email.blocks.some((block) => block.kind === "facts")).toBe(false);
  });

  it("store the expired notice as a cancellation", () => {
    const notice = customerNotice("order_expired", {
      orderNumber: order.orderNumber,
      trackingNumber: null,
      points: 0,
      dueAt: "2026-11-29T18:00:00.000Z",
    });
    expect(notice.type).toBe("order_cancelled");
    expect(notice.message).toContain(formatDateTime("2026-11-29T18:00:00.000Z"));
  });
});

describe("the shop's e-mails", () => {
  it("go to orders_email, or to the contact e-mail when it is empty", () => {
    expect(shopInbox({ orders_email: " ", contactEmail: "contacto@perfumeria.hn" })).toBe(
      "contacto@perfumeria.hn",
    );
    expect(
      shopInbox({ orders_email: "pedidos@perfumeria.hn", contactEmail: "contacto@perfumeria.hn" }),
    ).toBe("pedidos@perfumeria.hn");
  });

  it("count the units left of a low-stock product", () => {
    const email = lowStockEmail({ product: { id: 7, name: "Oud", stock: 1 }, threshold: 5, shop });
    expect(email.subject).toBe("Inventario bajo: Oud (1 unidad)");
    expect(email.blocks).toContainEqual({
      kind: "button",
      label: "Ver el producto",
      url: "https://perfumeria.hn/admin/products/7",
    });
  });
});
