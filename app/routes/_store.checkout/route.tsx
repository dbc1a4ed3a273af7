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
import { getCheckoutSummary } from "~/models/checkout/checkout.server";
import { deliveryWindowsByDepartment, totalsByZone } from "~/models/checkout/delivery-estimate";
import type { CouponNotice } from "~/models/promotions/coupons";
import { submitCheckout } from "~/web/checkout.server";
import { getShopper } from "~/web/shopper.server";
import { redirectWithToast } from "~/web/toast.server";
import { getAttachedProof } from "~/models/checkout/proofs.server";
import { CheckoutForm } from "./checkout-form";
import { liveCheckoutDraft } from "~/models/checkout/checkout-draft.server";
import { cashChoice } from "~/models/checkout/payment-methods";
import { verificationRequestToast } from "~/models/customers/email-verification";
import {
  mustVerifyEmail,
  verificationMailAvailable,
} from "~/models/customers/email-verification.server";
import {
  EMAIL_VERIFICATION_MESSAGES,
  VerifyEmailNotice as VerifyEmailNoticeOnServer,
} from "./verify-email-notice-render.server";
import { keptAsServed, ShownLaterBoundary, shownLater } from "~/utils/shown-later";
import { SummaryLines as SummaryLinesOnServer, slowLinkHint } from "./checkout-parts-render.server";

export const meta: MetaFunction = () => [{ title: "Finalizar Compra | Perfumería de Lujo" }];

// D10: guests may check out; the signed-in user's details prefill the form.
/*
 * Decision 106's notice shows only to an account whose e-mail is not verified yet: its code
 * loads for a page that shows it (decision 112); the server renders it at once.
 */
const VerifyEmailNotice = shownLater(VerifyEmailNoticeOnServer, () =>
  import("~/components/auth/verify-email-notice").then((module) => module.VerifyEmailNotice),
);

/* Only read: the browser keeps the server's HTML of the lines (decision 159). */
const SummaryLines = keptAsServed(SummaryLinesOnServer, () =>
  import("./summary-lines").then((module) => module.SummaryLines),
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
  const cash = cashChoice({
    settings,
    account: user ? { emailVerifiedAt: user.emailVerifiedAt, phone: user.phone } : null,
    total: priced.byMethod.standard.total,
  });
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
    // Decision 161: each zone's totals when shipping costs more outside the fast cities.
    zoned: totalsByZone({
      lines: cart.lines,
      couponDiscount: coupon?.status === "applied" ? coupon.discount : 0,
      settings,
    }),
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
    // Decision 166: cash on delivery (where the shop offers it) and paying at the shop.
    payment: {
      cash,
      storeHoldDays: payLater === "open" ? settings.store_payment_hold_days : null,
    },
    cashDepartments: cash?.offered ? cash.departments : null,
    cashSurcharge: cash?.surcharge,
    // Decision 158: when each way arrives, by department.
    delivery: deliveryWindowsByDepartment(settings),
    // The pay-later line's own button, unless decision 106's banner already offers the e-mail.
    offerVerification: payLater === "unverified" && !verifyEmail && verificationMailAvailable(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { outcome, session, headers } = await submitCheckout(request, context.clientIp ?? null);
  const answer = <Result,>(status: number, result: Result, coupon: CouponNotice | null = null) =>
    json({ result, coupon }, { status, headers });
  const proofErrors = (error: string | null) => (error ? { paymentProof: [error] } : undefined);
  switch (outcome.code) {
    case "verification_requested":
      return redirectWithToast(request, "/checkout", verificationRequestToast(outcome.sent), {
        session,
      });
    case "invalid":
      return answer(400, outcome.form.reply({ fieldErrors: proofErrors(outcome.proofError) }));
    case "coupon": {
      const result = outcome.form.reply({ fieldErrors: proofErrors(outcome.proofError) ?? {} });
      return answer(outcome.notice.ok ? 200 : 400, result, outcome.notice);
    }
    case "proof":
      return answer(400, outcome.form.reply({ fieldErrors: proofErrors(outcome.proofError) }));
    case "verify_email": {
      const formErrors = [EMAIL_VERIFICATION_MESSAGES.checkoutRefused];
      return answer(403, outcome.form.reply({ formErrors }));
    }
    case "refused": {
      const { refusal } = outcome;
      const result = outcome.form.reply({
        formErrors: [placeOrderMessage(refusal)],
        fieldErrors: refusal.error === "proof" ? { paymentProof: [CHECKOUT_MESSAGES.proof] } : {},
      });
      // Decision 132: over a limit is a 429 that says when to come back, shown in the form.
      if (refusal.error === "too_many_orders" || refusal.error === "too_many_unpaid") {
        headers.set("Retry-After", String(refusal.retryAfterSeconds));
        return answer(429, result);
      }
      const status =
        refusal.error === "insufficient_stock" ? 409 : refusal.error === "pay_later" ? 403 : 400;
      return answer(status, result);
    }
    case "placed":
      // §4, §8: the success toast with the order number, over the page that says what comes next.
      return redirectWithToast(
        request,
        `/order-success?order=${encodeURIComponent(outcome.orderId)}`,
        {
          title: CHECKOUT_MESSAGES.created,
          description: CHECKOUT_MESSAGES.createdDetail(outcome.orderNumber),
        },
        { session },
      );
  }
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
      summaryLines={<SummaryLines lines={data.lines} />}
      slowLinkHint={typeof document === "undefined" ? slowLinkHint(data.payLater) : ""}
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
