/**
 * The checkout form's rules (storefront.md §5), client-safe: the browser validates with the
 * same schema the server uses.
 */
import { z } from "zod";
import type { ShippingMethod } from "#db/types";
import { formatPhone, PHONE_PATTERN } from "~/utils/phone";
import {
  CouponIntentSchema,
  couponRefusalMessage,
  type CouponIntent,
  type CouponRefusal,
} from "./coupons";

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
} as const;

const optionalText = (max: number) => z.string().trim().max(max).optional();

const ContactSchema = z.object({
  intent: z.literal("place-order"),
  checkoutKey: z.string().trim().min(8).max(64),
  email: z
    .string({ required_error: CHECKOUT_MESSAGES.email })
    .trim()
    .max(254, CHECKOUT_MESSAGES.email)
    .email(CHECKOUT_MESSAGES.email)
    .transform((email) => email.toLowerCase()),
  firstName: z
    .string({ required_error: CHECKOUT_MESSAGES.firstName })
    .trim()
    .min(2, CHECKOUT_MESSAGES.firstName)
    .max(100),
  lastName: z
    .string({ required_error: CHECKOUT_MESSAGES.lastName })
    .trim()
    .min(2, CHECKOUT_MESSAGES.lastName)
    .max(100),
  paymentProof: z
    .string({ required_error: CHECKOUT_MESSAGES.proof })
    .trim()
    .min(1, CHECKOUT_MESSAGES.proof)
    .max(64),
});

const DeliverySchema = z
  .object({
    shippingMethod: z.enum(SHIPPING_METHODS).default("standard"),
    phone: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? formatPhone(value) : undefined)),
    address: optionalText(300),
    referenceAddress: optionalText(300),
    city: optionalText(100),
    department: optionalText(50),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (value.shippingMethod === "pickup") {
      // §4/§5: pickup hides the address and makes the phone required.
      if (!value.phone || !PHONE_PATTERN.test(value.phone)) {
        issue("phone", CHECKOUT_MESSAGES.delivery);
      }
      return;
    }
    if (value.phone && !PHONE_PATTERN.test(value.phone)) issue("phone", CHECKOUT_MESSAGES.phone);
    let missing = false;
    const check = (ok: boolean, path: string, message: string) => {
      if (!ok) {
        missing = true;
        issue(path, message);
      }
    };
    check((value.address ?? "").length >= 10, "address", CHECKOUT_MESSAGES.address);
    check(
      (value.referenceAddress ?? "").length >= 5,
      "referenceAddress",
      CHECKOUT_MESSAGES.referenceAddress,
    );
    check((value.city ?? "").length >= 2, "city", CHECKOUT_MESSAGES.city);
    check(
      (DEPARTMENTS as readonly string[]).includes(value.department ?? ""),
      "department",
      CHECKOUT_MESSAGES.department,
    );
    if (missing) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: CHECKOUT_MESSAGES.delivery });
    }
  });

/** An intersection checks both halves, so contact and address errors are reported together. */
export const PlaceOrderSchema = z.intersection(ContactSchema, DeliverySchema);

export type PlaceOrderFields = z.infer<typeof PlaceOrderSchema>;

export type CheckoutIntent = "place-order" | CouponIntent["intent"] | "upload-proof";

/** The schema for what the pressed button asked for (the form posts an `intent`). */
export function schemaForIntent(intent: FormDataEntryValue | null) {
  return intent === "apply-coupon" || intent === "remove-coupon"
    ? CouponIntentSchema
    : PlaceOrderSchema;
}

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
