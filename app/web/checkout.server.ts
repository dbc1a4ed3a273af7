import { checkoutDraftFrom } from "~/models/checkout/checkout-draft.server";
import { checkout } from "~/models/checkout/checkout-submission.server";
import { signInFirst } from "./auth.server";
import { keepAppliedCoupon } from "./coupon.server";
import { guardAction } from "./guard-action.server";
import { commitSession } from "./session.server";
import { getShopper } from "./shopper.server";
import { readCheckoutForm } from "./uploads.server";

/**
 * A post of the checkout form, read from its request and done by the model (`checkout`), with
 * the session kept in step: everyone checking out gets a guest id (it owns the uploaded proof
 * and a guest's order, D10), every post keeps what was typed as the draft (decision 095, so it
 * works without JavaScript), and the applied code follows the outcome. `headers` carries the
 * session's cookie for an answer that is not a redirect; a redirect commits `session` itself
 * (redirectWithToast).
 */
export async function submitCheckout(request: Request, clientIp: string | null) {
  await guardAction(request);
  const { user, session, shopper } = await getShopper(request, { createGuest: true });
  const { formData, proof } = await readCheckoutForm(request, {
    clientIp: clientIp ?? "unknown",
    // Issue 39 (1b): a post cut off while its photo travels (a weak signal, no JavaScript)
    // keeps what was typed above the photo: the page opened again shows it.
    onIncomplete: async (received) => {
      const draft = checkoutDraftFrom(received);
      if (Object.keys(draft.fields).length === 0) return;
      session.set("checkoutDraft", draft);
      await commitSession(request, session);
    },
  });
  const headers = new Headers();
  const commit = async () => headers.set("Set-Cookie", await commitSession(request, session));
  // One commit carries a new guest's id and the draft together (it was written twice).
  session.set("checkoutDraft", checkoutDraftFrom(formData));
  await commit();
  const couponCode = session.get("appliedCoupon") ?? null;
  const outcome = await checkout({ shopper, user, formData, proof, couponCode, clientIp });
  // 'Enviar correo de verificación' without an account: the sign-in page, as requireUser does.
  if (outcome.code === "sign_in_first") throw signInFirst(request);
  switch (outcome.code) {
    case "verification_requested":
      if (outcome.sent === "sent") session.set("verifyReturnTo", "/checkout");
      break;
    case "coupon":
      keepAppliedCoupon(session, outcome.appliedCoupon);
      await commit();
      break;
    case "refused":
      if (outcome.refusal.error === "coupon") {
        keepAppliedCoupon(session, null);
        await commit();
      }
      break;
    case "placed":
      session.unset("appliedCoupon");
      session.unset("checkoutDraft");
      break;
  }
  return { outcome, session, headers };
}
