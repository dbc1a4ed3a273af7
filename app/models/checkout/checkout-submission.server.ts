import type { KnownShopper } from "~/models/auth/shopper";
import type { VerificationRequest } from "~/models/customers/email-verification";
import {
  mustVerifyEmail,
  requestVerificationEmail,
} from "~/models/customers/email-verification.server";
import { decideCouponIntent } from "~/models/promotions/coupon-form.server";
import type { CouponNotice } from "~/models/promotions/coupons";
import { getSettings } from "~/models/settings/settings.server";
import type { PlaceOrderRefusal } from "./checkout";
import { parseCheckout } from "./checkout-form.server";
import { placeOrder } from "./checkout.server";
import { PROOF_MESSAGES, storeProof, type ReceivedProof } from "./proofs.server";

type CheckoutForm = ReturnType<typeof parseCheckout>;

/**
 * What one post of the checkout form came to (issue 38: the route maps each code to its answer,
 * the web layer keeps the session). `form` is the parsed post, for the reply that shows the
 * errors beside what was typed; `proofError` the receipt's refusal, shown on its field.
 */
export type CheckoutOutcome =
  /** 'Enviar correo de verificación' pressed without an account: sign in first */
  | { ok: false; code: "sign_in_first" }
  /** Decision 128: the pay-later line's verification e-mail, asked for */
  | { ok: true; code: "verification_requested"; sent: VerificationRequest }
  | { ok: false; code: "invalid"; form: CheckoutForm; proofError: string | null }
  /** The code box pressed inside the form: the notice, and the code to keep (null: forget it) */
  | {
      ok: true;
      code: "coupon";
      form: CheckoutForm;
      proofError: string | null;
      notice: CouponNotice;
      appliedCoupon?: string | null;
    }
  | { ok: false; code: "proof"; form: CheckoutForm; proofError: string }
  /** Decision 106: an account whose e-mail is not verified yet may not order */
  | { ok: false; code: "verify_email"; form: CheckoutForm }
  | { ok: false; code: "refused"; form: CheckoutForm; refusal: PlaceOrderRefusal }
  | { ok: true; code: "placed"; orderId: string; orderNumber: string };

/**
 * One post of the checkout form (storefront.md §5, D10): the received receipt is stored (or
 * refused) before anything else can fail, since storeProof removes its temporary file either
 * way; then what the pressed button asked for: the verification e-mail (decision 128), the code
 * box (D20), or the order, checked (decision 096: no receipt asked for when paying later;
 * decision 106: enforced here, whatever the page showed) and placed.
 */
export async function checkout(input: {
  shopper: KnownShopper;
  user: { id: number; emailVerifiedAt: string | null } | null;
  formData: FormData;
  proof: ReceivedProof;
  couponCode: string | null;
  clientIp: string | null;
}): Promise<CheckoutOutcome> {
  const { shopper, user, formData, proof } = input;
  let proofError: string | null = null;
  if (proof.status === "too_large") proofError = PROOF_MESSAGES.tooLarge;
  if (proof.status === "too_many") proofError = PROOF_MESSAGES.tooMany;
  if (proof.status === "received") {
    const stored = await storeProof(proof, shopper);
    if (stored.ok) formData.set("paymentProof", stored.id);
    else proofError = stored.message;
  }
  if (formData.get("intent") === "send-verification") {
    // The pay-later line's button, inside the form so that the draft the web layer saved is
    // what the e-mail's link brings back to; the same e-mail and limits as /verify-email.
    if (!user) return { ok: false, code: "sign_in_first" };
    const sent = await requestVerificationEmail(user, { clientIp: input.clientIp ?? "unknown" });
    return { ok: true, code: "verification_requested", sent };
  }
  const form = parseCheckout(formData);
  if (formData.get("paymentTiming") === "later") proofError = null;
  if (form.status !== "success") return { ok: false, code: "invalid", form, proofError };
  const value = form.value;
  if (value.intent === "apply-coupon" || value.intent === "remove-coupon") {
    // The whole form came along (without JS it is one form): its reply keeps what was typed.
    const { notice, appliedCoupon } = await decideCouponIntent(shopper, value);
    return { ok: true, code: "coupon", form, proofError, notice, appliedCoupon };
  }
  if (proofError) return { ok: false, code: "proof", form, proofError };
  if (mustVerifyEmail(user, await getSettings())) return { ok: false, code: "verify_email", form };
  const placed = await placeOrder({
    ...value,
    shopper,
    couponCode: input.couponCode,
    clientIp: input.clientIp,
  });
  if (!placed.ok) return { ok: false, code: "refused", form, refusal: placed };
  return { ok: true, code: "placed", orderId: placed.orderId, orderNumber: placed.orderNumber };
}
