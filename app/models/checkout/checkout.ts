/**
 * The checkout's constants and messages (storefront.md §5), client-safe; the form's schema is
 * server-only (routes/_store.checkout/forms.server.ts, decision 054).
 */
import type { ShippingMethod } from "#db/types";
import {
  couponRefusalMessage,
  type CouponIntent,
  type CouponRefusal,
} from "~/models/promotions/coupons";

/** storefront.md §5: the 18 departments of Honduras. */
export const DEPARTMENTS = [
  "Atlántida",
  "Choluteca",
  "Colón",
  "Comayagua",
  "Copán",
  "Cortés",
  "El Paraíso",
  "Francisco Morazán",
  "Gracias a Dios",
  "Intibucá",
  "Islas de la Bahía",
  "La Paz",
  "Lempira",
  "Ocotepeque",
  "Olancho",
  "Santa Bárbara",
  "Valle",
  "Yoro",
] as const;

export const SHIPPING_METHODS = [
  "standard",
  "express",
  "pickup",
] as const satisfies readonly ShippingMethod[];

export const SHIPPING_LABELS: Record<ShippingMethod, { name: string; estimate: string }> = {
  standard: { name: "Envío estándar", estimate: "3-5 días hábiles" },
  express: { name: "Envío express", estimate: "1-2 días hábiles" },
  pickup: { name: "Recoger en tienda", estimate: "En nuestra tienda, sin costo" },
};

/** The delivery estimate an order is given, in days from its creation. */
export const DELIVERY_DAYS: Record<ShippingMethod, number> = { standard: 5, express: 2, pickup: 1 };

export const CHECKOUT_MESSAGES = {
  email: "Email inválido",
  firstName: "Nombre debe tener al menos 2 caracteres",
  lastName: "Apellido debe tener al menos 2 caracteres",
  proof: "Comprobante de pago es requerido",
  delivery:
    "Para recoger en tienda el teléfono es obligatorio (formato: +504 0000-0000). Para envío a domicilio todos los campos de dirección son requeridos.",
  address: "La dirección debe tener al menos 10 caracteres",
  referenceAddress: "La referencia debe tener al menos 5 caracteres",
  city: "La ciudad debe tener al menos 2 caracteres",
  department: "Selecciona uno de los 18 departamentos",
  phone: "Formato inválido. Ejemplo: +504 0000-0000",
  emptyCart: "Tu carrito está vacío",
  orderFailedTitle: "Error al procesar pedido",
  orderFailed:
    "No se pudo procesar tu pedido. Por favor, verifica tu información e inténtalo de nuevo.",
  created: "¡Pedido creado exitosamente!",
  /** 'Confirmar Pedido' while the proof is on its way (decision 094). */
  waitingForProof: "Esperando el comprobante…",
} as const;

export type CheckoutIntent = "place-order" | CouponIntent["intent"] | "upload-proof";

/** Why placeOrder refused an order (nothing was written); `placeOrderMessage` words it. */
export type PlaceOrderRefusal =
  | { error: "empty_cart" | "proof" | "duplicate_key" }
  | { error: "unavailable"; product: string; size: string }
  | { error: "insufficient_stock"; product: string; stock: number; quantity: number }
  | { error: "coupon"; coupon: CouponRefusal };

export function placeOrderMessage(refusal: PlaceOrderRefusal): string {
  switch (refusal.error) {
    case "empty_cart":
      return CHECKOUT_MESSAGES.emptyCart;
    case "proof":
      return CHECKOUT_MESSAGES.proof;
    case "duplicate_key":
      return CHECKOUT_MESSAGES.orderFailed;
    case "unavailable":
      return `${refusal.product} (${refusal.size}) ya no está disponible. Quítalo del carrito para continuar.`;
    case "insufficient_stock":
      // §8 reads 'unidades disponibles' as "Stock insuficiente".
      return refusal.stock === 0
        ? `${refusal.product} está agotado: no hay unidades disponibles.`
        : `No hay suficientes unidades disponibles de ${refusal.product} (stock: ${refusal.stock}, en tu carrito: ${refusal.quantity}).`;
    case "coupon":
      return couponRefusalMessage(refusal.coupon);
  }
}

/** D8: where a stored proof is shown (owner and admins only). */
export function paymentProofUrl(id: string) {
  return `/resources/payment-proofs/${encodeURIComponent(id)}`;
}

export const PROOF_ID_PATTERN = /^[0-9a-f]{32}$/;

/** What /resources/checkout-proof answers: the stored proof's id, or why it was refused. */
export type ProofUploadAnswer = { id: string; error: null } | { id: null; error: string | null };

/** Where the checkout's proof is uploaded with JavaScript (routes/resources.checkout-proof.tsx). */
export const PROOF_UPLOAD_URL = "/resources/checkout-proof";
