import { z } from "zod/v4";
import { deliveryRules } from "~/models/checkout/checkout-form.server";
import { CHECKOUT_LIMITS, SHIPPING_METHODS } from "~/models/checkout/checkout";
import { CHECKOUT_PAYMENT_METHODS } from "~/models/checkout/payment-methods";
import {
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  phoneSchema,
} from "~/models/customers/field-schemas.server";
import { SHOP_ORDER_LIMITS } from "~/models/orders/shop-orders";

/*
 * What the steps of 'Nuevo pedido' post (decision 167), on the server only (decision 054).
 * Nothing here carries a price: the model reads them from the products.
 */

const id = z.coerce.number().int().positive();

/** Step 1: a customer without an account (the phone is how the shop reaches them). */
export const NewCustomerSchema = z.object({
  intent: z.literal("new-customer"),
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  phone: phoneSchema(),
  email: z.preprocess((value) => (value === "" ? undefined : value), EmailSchema.optional()),
});

export const PickCustomerSchema = z.object({ intent: z.literal("pick-customer"), userId: id });

/** Step 2: a product, a size and how many. */
export const AddLineSchema = z.object({
  intent: z.literal("add-line"),
  productId: id,
  size: z.string().trim().min(1).max(20),
  quantity: z.coerce
    .number({ error: `La cantidad va de 1 a ${SHOP_ORDER_LIMITS.quantity}.` })
    .int({ error: `La cantidad va de 1 a ${SHOP_ORDER_LIMITS.quantity}.` })
    .min(1, `La cantidad va de 1 a ${SHOP_ORDER_LIMITS.quantity}.`)
    .max(SHOP_ORDER_LIMITS.quantity, `La cantidad va de 1 a ${SHOP_ORDER_LIMITS.quantity}.`),
});

export const RemoveLineSchema = z.object({
  intent: z.literal("remove-line"),
  index: z.coerce.number().int().min(0).max(SHOP_ORDER_LIMITS.lines),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Step 3: where it goes, the coupon and how it is paid ('quote' prices it, 'place' places it). */
export const ShopOrderSchema = z
  .object({
    intent: z.enum(["quote", "place"]),
    shippingMethod: z.enum(SHIPPING_METHODS).default("standard"),
    address: optionalText(CHECKOUT_LIMITS.address),
    referenceAddress: optionalText(CHECKOUT_LIMITS.address),
    city: optionalText(CHECKOUT_LIMITS.city),
    department: optionalText(CHECKOUT_LIMITS.department),
    couponCode: z
      .string()
      .trim()
      .max(50)
      .optional()
      .transform((value) => value?.toUpperCase() || null),
    paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS, { error: "Elige el método de pago." }),
    paymentNote: z
      .string()
      .trim()
      .max(
        SHOP_ORDER_LIMITS.note,
        `La nota puede tener como máximo ${SHOP_ORDER_LIMITS.note} caracteres.`,
      )
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    // The checkout's address rules; the phone is the customer's, from step 1.
    if (value.shippingMethod !== "pickup") {
      deliveryRules({ ...value, phone: undefined, paymentTiming: "later" }, ctx);
    }
  });

export type ShopOrderFields = z.infer<typeof ShopOrderSchema>;
