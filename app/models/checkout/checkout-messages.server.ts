import { CHECKOUT_TEXT, type PlaceOrderRefusal } from "~/models/checkout/checkout";
import { FIELD_MESSAGES } from "~/models/customers/fields";
import { couponRefusalMessage } from "~/models/promotions/coupons";

/**
 * The checkout's messages (storefront.md §5): the page's own (CHECKOUT_TEXT), and the refusals
 * the action answers with, which only the server words.
 */
export const CHECKOUT_MESSAGES = {
  ...CHECKOUT_TEXT,
  email: "Email inválido",
  firstName: "Nombre debe tener al menos 2 caracteres",
  lastName: "Apellido debe tener al menos 2 caracteres",
  // §5's words first; the way out that pay later opened (decision 096) after them.
  proof:
    "Comprobante de pago es requerido. Sube la foto de la transferencia o elige 'Transferiré después'.",
  pickupPhone:
    "Para recoger en tienda el teléfono es obligatorio (formato: +504 0000-0000). Para envío a domicilio todos los campos de dirección son requeridos.",
  address: "La dirección debe tener al menos 10 caracteres",
  referenceAddress: "La referencia debe tener al menos 5 caracteres",
  city: "La ciudad debe tener al menos 2 caracteres",
  department: "Selecciona uno de los 18 departamentos",
  phone: "Formato inválido. Ejemplo: +504 0000-0000",
  orderFailed:
    "No se pudo procesar tu pedido. Por favor, verifica tu información e inténtalo de nuevo.",
  created: "¡Pedido creado exitosamente!",
  /** The toast's second line (§8: the order number, and the team will contact the buyer). */
  createdDetail: (orderNumber: string) =>
    `Tu número de pedido es ${orderNumber}. Nuestro equipo te contactará para confirmar el pago y el envío.`,
  /** Decision 128: 'Transferiré después' asked for by a guest, or by an unverified account. */
  payLaterGuest:
    "'Transferiré después' es solo para clientes con sesión iniciada y correo verificado. Sube el comprobante de tu transferencia para confirmar el pedido.",
  payLaterUnverified:
    "Verifica tu correo electrónico para elegir 'Transferiré después', o sube el comprobante de tu transferencia para confirmar el pedido.",
  cartChanged:
    "Tu carrito cambió: los productos enviados no coinciden con los de tu carrito. Revísalo y vuelve a confirmar el pedido.",
  // Decision 132: what a name, a city, an address and a reference may hold (no link, no markup).
  firstNameInvalid: FIELD_MESSAGES.nameInvalid,
  lastNameInvalid: FIELD_MESSAGES.lastNameInvalid,
  addressInvalid: FIELD_MESSAGES.addressInvalid,
  referenceAddressInvalid:
    "El punto de referencia solo puede llevar letras, números, espacios y los signos . , ' - # / º (sin enlaces ni etiquetas)",
  paymentMethod: "Elige cómo pagas tu pedido.",
  cashNeedsDelivery:
    "El pago contra entrega es para pedidos a domicilio: al recoger en tienda, elige transferencia o pago en tienda.",
  storePaymentNeedsPickup:
    "El pago en tienda es para pedidos que recoges en la tienda: elige «Recoger en tienda» o paga por transferencia.",
  cityInvalid:
    "La ciudad solo puede llevar letras, espacios y los signos . ' - (sin enlaces ni etiquetas)",
} as const;

/** Decision 132: "en 12 minutos", "en 2 horas": when an hourly or unpaid limit lets go. */
function within(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  return `en ${Math.ceil(minutes / 60)} horas`;
}

export function placeOrderMessage(refusal: PlaceOrderRefusal): string {
  switch (refusal.error) {
    case "empty_cart":
      return CHECKOUT_MESSAGES.emptyCart;
    case "proof":
      return CHECKOUT_MESSAGES.proof;
    case "duplicate_key":
      return CHECKOUT_MESSAGES.orderFailed;
    case "cart_changed":
      return CHECKOUT_MESSAGES.cartChanged;
    case "unavailable":
      return `${refusal.product} (${refusal.size}) ya no está disponible. Quítalo del carrito para continuar.`;
    case "insufficient_stock":
      // §8 reads 'unidades disponibles' as "Stock insuficiente".
      return refusal.stock === 0
        ? `${refusal.product} está agotado: no hay unidades disponibles.`
        : `No hay suficientes unidades disponibles de ${refusal.product} (stock: ${refusal.stock}, en tu carrito: ${refusal.quantity}).`;
    case "coupon":
      return couponRefusalMessage(refusal.coupon);
    case "too_many_orders":
      return `Se hicieron demasiados pedidos en la última hora desde esta conexión, este correo o este teléfono. Intenta de nuevo ${within(refusal.retryAfterSeconds)}.`;
    case "too_many_unpaid":
      return `Ya tienes ${refusal.limit} pedidos esperando tu transferencia. Paga o envía el comprobante de uno de ellos, o sube ahora el comprobante de este pedido; si no, intenta de nuevo ${within(refusal.retryAfterSeconds)}.`;
    case "unpaid_quantity":
      return `Un pedido sin pagar puede llevar como máximo ${refusal.limit} unidades de cada perfume (${refusal.product}: ${refusal.quantity} en tu carrito). Reduce la cantidad o sube ahora el comprobante de pago.`;
    case "payment_method":
      return refusal.message;
    case "pay_later":
      return refusal.access === "guest"
        ? CHECKOUT_MESSAGES.payLaterGuest
        : CHECKOUT_MESSAGES.payLaterUnverified;
  }
}
