import crypto from "node:crypto";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { CHECKOUT_TEXT, payLaterAccess } from "~/models/checkout/checkout";
import { CHECKOUT_MESSAGES, placeOrderMessage } from "~/models/checkout/checkout-messages.server";
import { getCheckoutSummary, placeOrder } from "~/models/checkout/checkout.server";
import type { CouponNotice } from "~/models/promotions/coupons";
import { guardAction } from "~/web/guard-action.server";
import { handleCouponIntent } from "~/web/coupon.server";
import { commitSession } from "~/web/session.server";
import { getShopper } from "~/web/shopper.server";
import { redirectWithToast } from "~/web/toast.server";
import { getAttachedProof, PROOF_MESSAGES, storeProof } from "~/models/checkout/proofs.server";
import { readCheckoutForm } from "~/web/uploads.server";
import { CheckoutForm } from "./checkout-form";
import { parseCheckout } from "~/models/checkout/checkout-form.server";
import { checkoutDraftFrom, liveCheckoutDraft } from "~/models/checkout/checkout-draft.server";
import { verificationRequestToast } from "~/models/customers/email-verification";
import {
  mustVerifyEmail,
  requestVerificationEmail,
  verificationMailAvailable,
} from "~/models/customers/email-verification.server";
import { requireUser } from "~/web/auth.server";
import {
  EMAIL_VERIFICATION_MESSAGES,
  VerifyEmailNotice as VerifyEmailNoticeOnServer,
} from "./verify-email-notice-render.server";
import { getSettings } from "~/models/settings/settings.server";
import { ShownLaterBoundary, shownLater } from "~/utils/shown-later";

export const meta: MetaFunction = () => [{ title: "Finalizar Compra | Perfumería de Lujo" }];

// D10: guests may check out; the signed-in user's details prefill the form.
/*
 * Decision 106's notice shows only to an account whose e-mail is not verified yet: its code
 * loads for a page that shows it (decision 112); the server renders it at once.
 */
const VerifyEmailNotice = shownLater(VerifyEmailNoticeOnServer, () =>
  import("~/components/auth/verify-email-notice").then((module) => module.VerifyEmailNotice),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, shopper, session } = await getShopper(request);
  const { cart, coupon, priced, settings } = await getCheckoutSummary(
    shopper,
    session.get("appliedCoupon"),
  );
  const verifyEmail = mustVerifyEmail(user, settings);
  // Decision 128: 'Transferiré después' for verified accounts; the others are told why.
  const payLater = payLaterAccess(user);
  return json({
    lines: cart.lines.map((line) => ({
      id: line.id,
      name: line.name,
      brandName: line.brandName,
      imageKey: line.imageKey,
      size: line.size,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      available: line.available,
    })),
    coupon,
    totals: priced.byMethod,
    taxPercentage: priced.taxPercentage,
    store: {
      address: settings.store_address,
      hours: settings.store_hours,
      phone: settings.store_phone,
      bankName: settings.bank_name,
      bankAccount: settings.bank_account_number,
      bankHolder: settings.bank_account_holder,
    },
    prefill: {
      email: user?.email ?? "",
      firstName: user?.firstName ?? "",
      lastName: user?.lastName ?? "",
      phone: user?.phone ?? "",
      address: user?.favoriteAddress1 ?? "",
    },
    // Decision 094: a proof uploaded within the day is still attached; it is not sent again.
    attachedProof: await getAttachedProof(shopper),
    // Decision 095: what the shopper typed before a closed tab or a dropped connection.
    draft: liveCheckoutDraft(session.get("checkoutDraft")),
    // A fresh key per page: the same form posted twice creates one order.
    checkoutKey: crypto.randomUUID(),
    // Decision 106: an unverified account is told before it fills the form.
    verifyEmail: verifyEmail ? EMAIL_VERIFICATION_MESSAGES.checkoutRefused : null,
    payLater,
    // The pay-later line's own button, unless decision 106's banner already offers the e-mail.
    offerVerification: payLater === "unverified" && !verifyEmail && verificationMailAvailable(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  // Everyone checking out gets a guest id: it owns the uploaded proof and a guest's order (D10).
  const { user, session, shopper, isNewGuest } = await getShopper(request, { createGuest: true });
  const { formData, proof } = await readCheckoutForm(request, {
    clientIp: context.clientIp ?? "unknown",
  });
  // The received proof is stored (or refused) before anything else can fail: storeProof
  // removes its temporary file either way.
  let proofError: string | null = null;
  if (proof.status === "too_large") proofError = PROOF_MESSAGES.tooLarge;
  if (proof.status === "too_many") proofError = PROOF_MESSAGES.tooMany;
  if (proof.status === "received") {
    const stored = await storeProof(proof, shopper);
    if (stored.ok) formData.set("paymentProof", stored.id);
    else proofError = stored.message;
  }
  const headers = new Headers();
  const commit = async () => headers.set("Set-Cookie", await commitSession(request, session));
  if (isNewGuest) await commit();

  // Every checkout post keeps what was typed (decision 095), so it works without JavaScript.
  session.set("checkoutDraft", checkoutDraftFrom(formData));
  await commit();
  if (formData.get("intent") === "send-verification") {
    // Decision 128: the pay-later line's button, inside the form so that the draft just saved
    // is what the e-mail's link brings back to; the same e-mail and limits as /verify-email.
    const account = user ?? (await requireUser(request));
    const sent = await requestVerificationEmail(account, {
      clientIp: context.clientIp ?? "unknown",
    });
    if (sent === "sent") session.set("verifyReturnTo", "/checkout");
    return redirectWithToast(request, "/checkout", verificationRequestToast(sent), { session });
  }
  const submission = parseCheckout(formData);
  // Decision 096: a receipt is not asked for (nor its refusal shown) when paying later.
  if (formData.get("paymentTiming") === "later") proofError = null;
  if (submission.status !== "success") {
    const fieldErrors = proofError ? { paymentProof: [proofError] } : undefined;
    return json(
      { result: submission.reply({ fieldErrors }), coupon: null },
      { status: 400, headers },
    );
  }
  const value = submission.value;

  if (value.intent === "apply-coupon" || value.intent === "remove-coupon") {
    // The whole form came along (without JS it is one form): keep what was typed.
    const result = submission.reply({
      fieldErrors: proofError ? { paymentProof: [proofError] } : {},
    });
    const coupon: CouponNotice = await handleCouponIntent(session, shopper, value);
    await commit();
    return json({ result, coupon }, { status: coupon.ok ? 200 : 400, headers });
  }

  if (proofError) {
    const result = submission.reply({ fieldErrors: { paymentProof: [proofError] } });
    return json({ result, coupon: null }, { status: 400, headers });
  }
  // Decision 106: enforced here, whatever the page showed.
  if (mustVerifyEmail(user, await getSettings())) {
    const result = submission.reply({ formErrors: [EMAIL_VERIFICATION_MESSAGES.checkoutRefused] });
    return json({ result, coupon: null }, { status: 403, headers });
  }
  const placed = await placeOrder({
    ...value,
    shopper,
    couponCode: session.get("appliedCoupon") ?? null,
    clientIp: context.clientIp ?? null,
  });
  if (!placed.ok) {
    if (placed.error === "coupon") {
      session.unset("appliedCoupon");
      await commit();
    }
    const result = submission.reply({
      formErrors: [placeOrderMessage(placed)],
      fieldErrors: placed.error === "proof" ? { paymentProof: [CHECKOUT_MESSAGES.proof] } : {},
    });
    // Decision 132: over a limit is a 429 that says when to come back, shown in the form.
    if (placed.error === "too_many_orders" || placed.error === "too_many_unpaid") {
      headers.set("Retry-After", String(placed.retryAfterSeconds));
      return json({ result, coupon: null }, { status: 429, headers });
    }
    const status =
      placed.error === "insufficient_stock" ? 409 : placed.error === "pay_later" ? 403 : 400;
    return json({ result, coupon: null }, { status, headers });
  }
  session.unset("appliedCoupon");
  session.unset("checkoutDraft");
  // §4, §8: the success toast with the order number, over the page that says what comes next.
  return redirectWithToast(
    request,
    `/order-success?order=${encodeURIComponent(placed.orderId)}`,
    {
      title: CHECKOUT_MESSAGES.created,
      description: CHECKOUT_MESSAGES.createdDetail(placed.orderNumber),
    },
    { session },
  );
}

export default function CheckoutRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.lines.length === 0) {
    return (
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">No hay productos para procesar</h1>
        <p className="text-fg-muted mt-2">{CHECKOUT_TEXT.emptyCart}</p>
        <Link to="/catalog" className={`${buttonClasses("primary")} mt-6`}>
          Ir al Catálogo
        </Link>
      </main>
    );
  }
  return (
    <CheckoutForm
      data={data}
      result={actionData && "result" in actionData ? actionData.result : undefined}
      couponNotice={actionData && "coupon" in actionData ? actionData.coupon : null}
      notice={
        data.verifyEmail ? (
          <ShownLaterBoundary>
            <VerifyEmailNotice message={data.verifyEmail} />
          </ShownLaterBoundary>
        ) : null
      }
    />
  );
}
