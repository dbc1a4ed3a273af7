/**
 * The checkout's constants and messages (storefront.md §5), client-safe; the form's schema is
 * server-only (checkout-form.server.ts, decision 054).
 */
import type { ShippingMethod } from "#db/types";
import type { CouponIntent, CouponRefusal } from "~/models/promotions/coupons";
import { ADDRESS_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/models/customers/fields";

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

/**
 * What the checkout page itself writes (storefront.md §5). The fields' and the order's refusals
 * are the action's (CHECKOUT_MESSAGES in checkout-messages.server.ts): they reach the page in
 * its reply, so their wording never travels in the page's JavaScript.
 */
export const CHECKOUT_TEXT = {
  emptyCart: "Tu carrito está vacío",
  orderFailedTitle: "Error al procesar pedido",
  fieldsTitle: "Revisa estos datos para confirmar tu pedido",
  /** 'Confirmar Pedido' while the proof is on its way (decision 094). */
  waitingForProof: "Esperando el comprobante…",
} as const;

/**
 * Decision 128: what the checkout says where 'Transferiré después' would be, to those who may not
 * choose it. Apart from CHECKOUT_TEXT: only the kept part that says it reads it (decision 159).
 */
export const PAY_LATER_TEXT = {
  /** For a guest, in one line. */
  guestLine:
    "Como invitado pagas ahora, con el comprobante: 'Transferiré después' es para clientes con sesión iniciada y correo verificado.",
  signIn: "Iniciar sesión",
  /** For an account whose e-mail is not verified yet, with the button below. */
  unverifiedLine:
    "Para elegir 'Transferiré después', verifica tu correo electrónico: te enviamos el enlace y vuelves aquí con tus datos.",
  sendVerification: "Enviar correo de verificación",
} as const;

/**
 * The longest each checkout field may be, and the checkout key's span: the form's schema and
 * the body of POST /api/orders both read these, so a limit is written once (decision 136).
 */
export const CHECKOUT_LIMITS = {
  email: EMAIL_MAX_LENGTH,
  name: NAME_MAX_LENGTH,
  address: ADDRESS_MAX_LENGTH,
  city: 100,
  department: 50,
  /** The phone as typed (spaces, dashes, +504), before it is formatted and checked. */
  phone: 30,
  paymentProof: 64,
  /** POST /api/orders names the uploaded receipt by its id or by its URL. */
  paymentProofReference: 200,
  checkoutKey: { min: 8, max: 64 },
} as const;

/**
 * When the shopper pays (decision 096): with the order ('now', the receipt goes with it) or
 * after it ('later': the order waits for the transfer until its deadline).
 */
export const PAYMENT_TIMINGS = ["now", "later"] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];

/**
 * Decision 128: who may choose 'later'. Only a signed-in customer whose e-mail is verified: an
 * order without a receipt holds stock for days and sends the shop's bank account to the address
 * typed, so it must belong to an address that proved it is reachable. `placeOrder` decides it
 * again for every order without a receipt; the page only hides the option and says why.
 */
export type PayLaterAccess = "open" | "guest" | "unverified";

export function payLaterAccess(user: { emailVerifiedAt: string | null } | null): PayLaterAccess {
  if (!user) return "guest";
  return user.emailVerifiedAt === null ? "unverified" : "open";
}

/**
 * Decision 095: the fields the checkout keeps as the shopper's draft (in their session) so they
 * come back after a closed tab or a dropped connection. Not the receipt, the coupon or the key.
 */
export const CHECKOUT_DRAFT_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "shippingMethod",
  "address",
  "referenceAddress",
  "city",
  "department",
  "paymentTiming",
  "paymentMethod",
] as const;

/** Where the checkout page sends its draft while the shopper types (JavaScript only). */
export const CHECKOUT_DRAFT_URL = "/resources/checkout-draft";

export type CheckoutIntent = "place-order" | "send-verification" | CouponIntent["intent"];

/**
 * Decision 132 (issue 37): how many orders one client address, one e-mail and one phone may
 * place in an hour (every order, paid now or later), and what one customer may hold unpaid
 * (an order placed with 'Transferiré después' keeps its units until its transfer deadline).
 */
export const ORDER_LIMITS = {
  windowMs: 60 * 60 * 1000,
  /** per client address: generous, since many phones share one address (carrier NAT) */
  perClientIp: 20,
  /** per e-mail and per phone: room for a family, or the shop ordering for its callers */
  perEmail: 10,
  perPhone: 10,
  /** unpaid pay-later orders one customer (account, or guest session) may have at once */
  unpaidOrders: 2,
  /** units of one perfume (any sizes) in one unpaid order */
  unpaidUnitsPerProduct: 3,
} as const;

/** Why placeOrder refused an order (nothing was written); `placeOrderMessage` (server) words it. */
export type PlaceOrderRefusal =
  | { error: "empty_cart" | "proof" | "duplicate_key" | "cart_changed" }
  | { error: "unavailable"; product: string; size: string }
  | { error: "insufficient_stock"; product: string; stock: number; quantity: number }
  | { error: "coupon"; coupon: CouponRefusal }
  /** Decision 132: over an hourly limit (address, e-mail or phone); `Retry-After` seconds. */
  | { error: "too_many_orders"; retryAfterSeconds: number }
  /** Decision 132: the customer already has `limit` orders waiting for their transfer. */
  | { error: "too_many_unpaid"; limit: number; retryAfterSeconds: number }
  /** Decision 132: more units of one perfume than an unpaid order may hold. */
  | { error: "unpaid_quantity"; product: string; limit: number; quantity: number }
  | { error: "pay_later"; access: Exclude<PayLaterAccess, "open"> }
  /** Decision 166: the chosen payment method does not fit this order (`message` says why). */
  | { error: "payment_method"; message: string };

/** D8: where a stored proof is shown (owner and admins only). */
export function paymentProofUrl(id: string) {
  return `/resources/payment-proofs/${encodeURIComponent(id)}`;
}

export const PROOF_ID_PATTERN = /^[0-9a-f]{32}$/;

/** What /resources/checkout-proof answers: the stored proof's id, or why it was refused. */
export type ProofUploadAnswer = { id: string; error: null } | { id: null; error: string | null };

/** Where the checkout's proof is uploaded with JavaScript (routes/resources.checkout-proof.tsx). */
export const PROOF_UPLOAD_URL = "/resources/checkout-proof";
