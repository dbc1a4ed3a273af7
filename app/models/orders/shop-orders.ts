import type { CouponRefusal } from "~/models/promotions/coupons";
import { couponRefusalMessage } from "~/models/promotions/coupons";

/*
 * Decision 167 (issue 41, point 3): an order the shop takes for a customer (a sale agreed on
 * WhatsApp or by phone). Client-safe: the limits the form shows and the words of each refusal.
 */

export const SHOP_ORDER_LIMITS = {
  /** lines of one order; a shop order is a few perfumes, never a catalogue */
  lines: 50,
  /** units of one line */
  quantity: 99,
  /** the note that says why the payment method was chosen */
  note: 500,
  /** products or customers one search shows */
  results: 8,
} as const;

export type ShopOrderRefusal =
  | { error: "no_lines" | "too_many_lines" | "quantity" | "customer" | "payment_method" }
  | { error: "blocked" }
  | { error: "unavailable"; product: string; size: string }
  | { error: "insufficient_stock"; product: string; stock: number; quantity: number }
  | { error: "coupon"; coupon: CouponRefusal }
  /** Cash on delivery outside the settings' limits: `limit` says which, in Spanish. */
  | { error: "note_required"; limit: string };

export function shopOrderRefusalMessage(refusal: ShopOrderRefusal): string {
  switch (refusal.error) {
    case "no_lines":
      return "Agrega al menos un producto al pedido.";
    case "too_many_lines":
      return `Un pedido puede llevar como máximo ${SHOP_ORDER_LIMITS.lines} líneas.`;
    case "quantity":
      return `La cantidad de cada línea va de 1 a ${SHOP_ORDER_LIMITS.quantity}.`;
    case "customer":
      return "No encontramos la cuenta de ese cliente. Búscalo de nuevo o regístralo como cliente nuevo.";
    case "blocked":
      return "La cuenta de ese cliente está bloqueada.";
    case "payment_method":
      return "Ese método de pago no corresponde al método de envío: 'Pago en Tienda' es para recoger en tienda y 'Pago Contra Entrega' para envíos.";
    case "unavailable":
      return `${refusal.product} (${refusal.size}) no está disponible. Quítalo del pedido para continuar.`;
    case "insufficient_stock":
      return refusal.stock === 0
        ? `${refusal.product} está agotado: no hay unidades disponibles.`
        : `No hay suficientes unidades disponibles de ${refusal.product} (stock: ${refusal.stock}, en el pedido: ${refusal.quantity}).`;
    case "coupon":
      return couponRefusalMessage(refusal.coupon);
    case "note_required":
      return `${refusal.limit} Para tomarlo así, escribe en la nota por qué.`;
  }
}

/** Who the order is for, as the draft keeps it: an account (with what the steps show of it) or a new customer. */
export type ShopOrderDraftCustomer =
  | { userId: number; name: string; email: string; phone: string | null }
  | { firstName: string; lastName: string; phone: string; email: string | null };

/** The order an administrator is taking, kept in their session between the steps. */
export type ShopOrderDraft = {
  /** Random, made with the draft: the same draft placed twice (a double post) is one order. */
  key?: string;
  customer: ShopOrderDraftCustomer | null;
  lines: { productId: number; size: string; quantity: number }[];
};

export const EMPTY_SHOP_ORDER_DRAFT: ShopOrderDraft = { customer: null, lines: [] };

/** The wizard's steps, as `?paso=` names them. */
export const SHOP_ORDER_STEPS = [
  { key: "cliente", label: "1. Cliente" },
  { key: "productos", label: "2. Productos" },
  { key: "envio", label: "3. Envío y pago" },
] as const;

export type ShopOrderStep = (typeof SHOP_ORDER_STEPS)[number]["key"];

export function shopOrderStep(value: string | null): ShopOrderStep {
  return SHOP_ORDER_STEPS.find((step) => step.key === value)?.key ?? "cliente";
}
