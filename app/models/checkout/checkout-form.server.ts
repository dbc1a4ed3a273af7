import { CHECKOUT_PAYMENT_METHODS, methodFitsShipping } from "./payment-methods";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod/v4";
import { CHECKOUT_LIMITS, PAYMENT_TIMINGS, SHIPPING_METHODS } from "~/models/checkout/checkout";
import { CHECKOUT_MESSAGES } from "~/models/checkout/checkout-messages.server";
import { DEPARTMENTS } from "~/utils/departments";
import { isPlainAddress, isPlainName } from "~/models/customers/fields";
import { CouponIntentSchema } from "~/models/promotions/coupon-form.server";
import { formatPhone, PHONE_PATTERN } from "~/utils/phone";
import { InvoiceBuyerFields, invoiceBuyerRules } from "~/models/invoicing/buyer.server";

/*
 * The checkout form's rules (storefront.md §5), on the server only (decision 054): zod and
 * conform's zod adapter would add a fifth to the page's JavaScript. The form renders the
 * action's conform reply (components/forms/server-form.ts).
 */

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * Each field's rule, with its Spanish message: the checkout form posts these fields, and the
 * JSON API's `order` carries them (web/api/calls/orders.server.ts), so a rule is written once.
 * The rules across the delivery fields are `deliveryRules`.
 */
export const CheckoutFields = {
  checkoutKey: z
    .string()
    .trim()
    .min(CHECKOUT_LIMITS.checkoutKey.min)
    .max(CHECKOUT_LIMITS.checkoutKey.max),
  email: z
    .string({ error: CHECKOUT_MESSAGES.email })
    .trim()
    .max(CHECKOUT_LIMITS.email, CHECKOUT_MESSAGES.email)
    .email(CHECKOUT_MESSAGES.email)
    .transform((email) => email.toLowerCase()),
  firstName: z
    .string({ error: CHECKOUT_MESSAGES.firstName })
    .trim()
    .min(2, CHECKOUT_MESSAGES.firstName)
    .max(CHECKOUT_LIMITS.name)
    .refine(isPlainName, CHECKOUT_MESSAGES.firstNameInvalid),
  lastName: z
    .string({ error: CHECKOUT_MESSAGES.lastName })
    .trim()
    .min(2, CHECKOUT_MESSAGES.lastName)
    .max(CHECKOUT_LIMITS.name)
    .refine(isPlainName, CHECKOUT_MESSAGES.lastNameInvalid),
  shippingMethod: z.enum(SHIPPING_METHODS).default("standard"),
  phone: z
    .string()
    .trim()
    .max(CHECKOUT_LIMITS.phone, { error: CHECKOUT_MESSAGES.phone, abort: true })
    .optional()
    .transform((value) => (value ? formatPhone(value) : undefined)),
  address: optionalText(CHECKOUT_LIMITS.address),
  referenceAddress: optionalText(CHECKOUT_LIMITS.address),
  city: optionalText(CHECKOUT_LIMITS.city),
  department: optionalText(CHECKOUT_LIMITS.department),
  // Decision 096: 'Transferiré después' places the order without the receipt.
  paymentTiming: z.enum(PAYMENT_TIMINGS).default("now"),
  // Decision 166: the transfer, cash on delivery, or paying at the shop (for store pickup).
  paymentMethod: z
    .enum(CHECKOUT_PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethod })
    .default("bank_transfer"),
  paymentProof: z.string().trim().max(CHECKOUT_LIMITS.paymentProof).optional(),
  // Decision 171: "Factura a nombre de", optional.
  ...InvoiceBuyerFields,
};

type DeliveryValues = {
  shippingMethod: (typeof SHIPPING_METHODS)[number];
  phone?: string;
  address?: string;
  referenceAddress?: string;
  city?: string;
  department?: string;
  paymentTiming: (typeof PAYMENT_TIMINGS)[number];
  paymentMethod: (typeof CHECKOUT_PAYMENT_METHODS)[number];
  paymentProof?: string;
  invoiceRtn?: string;
  invoiceName?: string;
};

/**
 * The rules across the delivery fields (storefront.md §4, §5): the receipt unless it comes
 * later, the phone for a pickup, the address for a delivery. They sit in the half whose fields
 * are all optional, so they run even when the contact half fails.
 */
export function deliveryRules(value: DeliveryValues, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  invoiceBuyerRules(value, issue);
  if (needsReceiptNow(value) && !value.paymentProof) {
    issue("paymentProof", CHECKOUT_MESSAGES.proof);
  }
  if (!methodFitsShipping(value.paymentMethod, value.shippingMethod)) {
    issue(
      "paymentMethod",
      value.paymentMethod === "store_pickup"
        ? CHECKOUT_MESSAGES.storePaymentNeedsPickup
        : CHECKOUT_MESSAGES.cashNeedsDelivery,
    );
  }
  if (value.shippingMethod === "pickup") {
    // §4/§5: pickup hides the address and makes the phone required.
    if (!value.phone || !PHONE_PATTERN.test(value.phone)) {
      issue("phone", CHECKOUT_MESSAGES.pickupPhone);
    }
    return;
  }
  if (value.phone && !PHONE_PATTERN.test(value.phone)) issue("phone", CHECKOUT_MESSAGES.phone);
  const check = (ok: boolean, path: string, message: string) => {
    if (!ok) issue(path, message);
  };
  // Decision 132: the length first, then what the text may hold (one message a field).
  const address = value.address ?? "";
  const reference = value.referenceAddress ?? "";
  const city = value.city ?? "";
  if (address.length < 10) issue("address", CHECKOUT_MESSAGES.address);
  else check(isPlainAddress(address), "address", CHECKOUT_MESSAGES.addressInvalid);
  if (reference.length < 5) issue("referenceAddress", CHECKOUT_MESSAGES.referenceAddress);
  else
    check(isPlainAddress(reference), "referenceAddress", CHECKOUT_MESSAGES.referenceAddressInvalid);
  if (city.length < 2) issue("city", CHECKOUT_MESSAGES.city);
  else check(isPlainName(city), "city", CHECKOUT_MESSAGES.cityInvalid);
  check(
    (DEPARTMENTS as readonly string[]).includes(value.department ?? ""),
    "department",
    CHECKOUT_MESSAGES.department,
  );
}

/** Only a transfer paid before ordering sends its receipt with the order. */
function needsReceiptNow(value: Pick<DeliveryValues, "paymentMethod" | "paymentTiming">) {
  return value.paymentMethod === "bank_transfer" && value.paymentTiming === "now";
}

/** A receipt left in the form after choosing 'later' (or cash, or the shop) does not go. */
export function withoutLateProof<Value extends DeliveryValues>({ paymentProof, ...value }: Value) {
  return {
    ...value,
    paymentProof: needsReceiptNow(value) ? (paymentProof ?? null) : null,
  };
}

const { checkoutKey, email, firstName, lastName, ...delivery } = CheckoutFields;

/**
 * The checkout form's post. An intersection checks both halves, so contact and address errors
 * are reported together.
 */
export const PlaceOrderSchema = z.intersection(
  z.object({ intent: z.literal("place-order"), checkoutKey, email, firstName, lastName }),
  z.object(delivery).superRefine(deliveryRules).transform(withoutLateProof),
);

export type PlaceOrderFields = z.infer<typeof PlaceOrderSchema>;

/** The form's fields, parsed by what the pressed button asked for (the form posts an `intent`). */
export function parseCheckout(formData: FormData) {
  const intent = formData.get("intent") ?? "place-order";
  return parseWithZod(formData, {
    schema:
      intent === "apply-coupon" || intent === "remove-coupon"
        ? CouponIntentSchema
        : PlaceOrderSchema,
  });
}
