import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CHECKOUT_MESSAGES, DEPARTMENTS, SHIPPING_METHODS } from "~/models/checkout/checkout";
import { CouponIntentSchema } from "~/models/promotions/coupon-form.server";
import { formatPhone, PHONE_PATTERN } from "~/utils/phone";

/*
 * The checkout form's rules (storefront.md §5), on the server only (decision 054): zod and
 * conform's zod adapter would add a fifth to the page's JavaScript. The form renders the
 * action's conform reply (components/forms/server-form.ts).
 */

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
