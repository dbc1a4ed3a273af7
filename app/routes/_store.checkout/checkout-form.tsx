import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { controlProps, useServerForm } from "~/components/forms/server-form";
import { TransferDetails } from "~/components/orders/transfer-details";
import {
  CHECKOUT_DRAFT_FIELDS,
  CHECKOUT_DRAFT_URL,
  CHECKOUT_TEXT,
  SHIPPING_LABELS,
  SHIPPING_METHODS,
} from "~/models/checkout/checkout";
import { isDepartment } from "~/utils/departments";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatMoney } from "~/utils/money";
import { formatPhone } from "~/utils/phone";

import { usePendingFormData } from "~/hooks/use-is-pending";
import type { CouponIntentSchema } from "~/models/promotions/coupon-form.server";
import type { CouponNotice } from "~/models/promotions/coupons";
import type { PlaceOrderSchema } from "~/models/checkout/checkout-form.server";
import { keptAsServed, ShownLaterBoundary, shownLater } from "~/utils/shown-later";
import * as FieldsOnServer from "./checkout-fields-render.server";
import { ErrorSummary as ErrorSummaryOnServer } from "./checkout-parts-render.server";
import { OrderSummary, pricedBlocks, shownFor, type CheckoutData } from "./order-summary";
import { ProofUpload } from "~/components/proof-upload/proof-upload";

/*
 * Who buys, where it goes, and the shop's address: plain fields the form reads and sends, kept as
 * the server sent them until it answers about them (decision 159).
 */
const loadFields = () => import("./checkout-fields");
const ContactFields = keptAsServed(FieldsOnServer.ContactFields, () =>
  loadFields().then((module) => module.ContactFields),
);
const AddressFields = keptAsServed(FieldsOnServer.AddressFields, () =>
  loadFields().then((module) => module.AddressFields),
);
const PayLaterChoice = keptAsServed(FieldsOnServer.PayLaterChoice, () =>
  loadFields().then((module) => module.PayLaterChoice),
);
const PayLaterClosed = keptAsServed(FieldsOnServer.PayLaterClosed, () =>
  loadFields().then((module) => module.PayLaterClosed),
);
const PickupStore = keptAsServed(FieldsOnServer.PickupStore, () =>
  loadFields().then((module) => module.PickupStore),
);
const PaymentChoice = keptAsServed(FieldsOnServer.PaymentChoice, () =>
  loadFields().then((module) => module.PaymentChoice),
);

/* Shown after a refused post only: its code loads then (decision 112), and it takes the focus. */
const ErrorSummary = shownLater(ErrorSummaryOnServer, () =>
  import("./error-summary").then((module) => module.ErrorSummary),
);

/** The value of the page's select `id` as the shopper left it, or null. */
function selectedValue(id: string) {
  const select = document.getElementById(id);
  return select instanceof HTMLSelectElement ? select.value : null;
}

function Card({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`border-border bg-surface rounded-xl border p-5 sm:p-6 ${className ?? ""}`}>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The form's own listeners. The kept fields (checkout-fields.tsx) have no handlers: the phone
 * takes its '+504 0000-0000' shape as it is typed, a department chosen tells the delivery
 * windows which zone to name, and 'Transferiré después' lets an upload under way go. And
 * decision 095's draft follows the typing (each field's change, and when the page is hidden,
 * which is the last moment a closing tab gives); without JavaScript each post saves it.
 */
function useFormListeners(
  formId: string,
  onDepartment: (department: string) => void,
  onPayLater: (later: boolean) => void,
) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: number | undefined;
    let sent = "";
    const send = () => {
      window.clearTimeout(timer);
      const all = new FormData(form);
      const body = new URLSearchParams();
      for (const name of CHECKOUT_DRAFT_FIELDS) {
        const value = all.get(name);
        if (typeof value === "string") body.set(name, value);
      }
      const text = body.toString();
      if (text === sent) return;
      sent = text;
      void fetch(CHECKOUT_DRAFT_URL, { method: "POST", body, keepalive: true }).catch(() => {
        sent = "";
      });
    };
    const onEvent = (event: Event) => {
      const field = event.target;
      if (field instanceof HTMLInputElement && field.type === "file") return;
      if (field instanceof HTMLInputElement && field.name === "phone") {
        field.value = formatPhone(field.value);
      }
      if (field instanceof HTMLSelectElement && field.name === "department") {
        onDepartment(field.value);
      }
      if (field instanceof HTMLInputElement && field.name === "paymentTiming") {
        onPayLater(field.value === "later");
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(send, 800);
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") send();
    };
    form.addEventListener("input", onEvent);
    form.addEventListener("change", onEvent);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.clearTimeout(timer);
      form.removeEventListener("input", onEvent);
      form.removeEventListener("change", onEvent);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [formId, onDepartment, onPayLater]);
}

/**
 * The whole checkout is one multipart form (it works without JS: the proof file and the fields
 * post together). Pickup hides the address and shows the store card with CSS `:has()`, so the
 * switch needs no script either. The server validates (forms.server.ts, decision 054) and this
 * renders its conform reply.
 */
/** The "pay later" radio; the receipt block hides with CSS when it is checked. */
const LATER_ID = "paymentTiming-later";

export function CheckoutForm({
  data,
  result,
  couponNotice,
  notice = null,
  summaryLines,
  slowLinkHint,
}: {
  data: CheckoutData;
  /** The summary's lines, kept as the server sent them (decision 159). */
  summaryLines: ReactNode;
  /**
   * Issue 39: what the receipt says without JavaScript (its `<noscript>`), from the server only:
   * the browser never shows it, so it never downloads it ('' there).
   */
  slowLinkHint: string;
  result: SubmissionResult<string[]> | undefined;
  couponNotice: CouponNotice | null;
  /** Above the form, outside it (its own form may post elsewhere): decision 106's banner. */
  notice?: ReactNode;
}) {
  const pendingForm = usePendingFormData();
  const placing = pendingForm?.get("intent") === "place-order";
  // 'Confirmar Pedido' waits while the proof is being shrunk and sent (decision 094).
  const [waitingForProof, setWaitingForProof] = useState(false);
  const { form, field } = useServerForm<typeof PlaceOrderSchema | typeof CouponIntentSchema>({
    id: "checkout",
    lastResult: result,
    defaultValue: {
      ...data.prefill,
      shippingMethod: "standard",
      paymentTiming: "now",
      ...data.draft,
      checkoutKey: data.checkoutKey,
      paymentProof: data.attachedProof ?? "",
    },
  });
  const proof = field("paymentProof");
  const shippingMethod = field("shippingMethod");
  const department = field("department");
  // Always one of the methods: the summary and the transfer total show the checked one's.
  const checked =
    SHIPPING_METHODS.find((method) => method === shippingMethod.initialValue) ?? "standard";
  // Decision 128: 'later' only where it is offered (a draft may hold it from before).
  const timing =
    data.payLater === "open" && field("paymentTiming").initialValue === "later" ? "later" : "now";
  // Paying later needs no receipt: an upload still under way then holds nothing back. Read from
  // the page when it hydrates (what was chosen before the JavaScript arrived); it only decides
  // the buttons' `disabled` while a receipt uploads, so hydration renders the same.
  const [payLater, setPayLater] = useState(() => {
    if (typeof document === "undefined") return timing === "later";
    const later = document.getElementById(LATER_ID);
    return later instanceof HTMLInputElement ? later.checked : timing === "later";
  });
  const holdForProof = waitingForProof && !payLater;
  // Decision 158: the department the delivery windows name: the draft's as the server rendered
  // it; once hydrated (so the text matches the server's) what the select holds, a choice made
  // before the JavaScript arrived included; then each change.
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<string | null>(null);
  useFormListeners(form.id, setPicked, setPayLater);
  const chosenDepartment =
    picked ?? (hydrated ? selectedValue(department.id) : null) ?? department.initialValue ?? "";
  // Each way's totals, once per zone where shipping costs more outside the fast cities.
  const blocks = pricedBlocks(data);
  // After useServerForm's own effect (which focuses the first invalid field), so this one wins:
  // the summary, read whole, with a link to each field (error-summary.tsx names them).
  const fieldErrors = result?.error ?? {};
  const summaryShown = Object.values(fieldErrors).some((errors) => errors?.length);
  useEffect(() => {
    if (result?.status === "error" && summaryShown) document.getElementById(form.errorId)?.focus();
  }, [result, summaryShown, form.errorId]);

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
      <Link
        to="/cart"
        className="text-fg-muted hover:text-fg text-sm underline-offset-4 hover:underline"
      >
        ← Volver al carrito
      </Link>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Finalizar Compra</h1>
      {notice ? <div className="mt-4">{notice}</div> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...form.props}
        className="group mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
      >
        {/* Enter in a field places the order (the first submit button is the default one). */}
        <button
          type="submit"
          name="intent"
          value="place-order"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          disabled={holdForProof}
        />
        <input type="hidden" {...controlProps(field("checkoutKey"))} />
        <div className="space-y-6">
          {summaryShown ? (
            <ShownLaterBoundary>
              <ErrorSummary
                id={form.errorId}
                title={
                  form.errors?.length ? CHECKOUT_TEXT.orderFailedTitle : CHECKOUT_TEXT.fieldsTitle
                }
                formId={form.id}
                formErrors={form.errors}
                fieldErrors={fieldErrors}
              />
            </ShownLaterBoundary>
          ) : null}
          <Card title="Información de contacto">
            <ContactFields field={field} reply={result} />
          </Card>

          <Card title="Método de envío">
            <fieldset aria-describedby={shippingMethod.errors ? shippingMethod.errorId : undefined}>
              <legend className="sr-only">Método de envío</legend>
              <div className="grid gap-3">
                {SHIPPING_METHODS.map((method) => (
                  <label
                    key={method}
                    className="border-border has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer items-center gap-3 rounded-lg border p-3"
                  >
                    <input
                      type="radio"
                      id={`shippingMethod-${method}`}
                      name={shippingMethod.name}
                      value={method}
                      defaultChecked={checked === method}
                      className="size-4"
                    />
                    <span className="flex-1">
                      <span className="block font-medium">{SHIPPING_LABELS[method].name}</span>
                      <span className="text-fg-muted block text-sm">
                        {SHIPPING_LABELS[method].estimate}
                      </span>
                      {method !== "pickup" && isDepartment(chosenDepartment) ? (
                        <span className="block text-sm">
                          {`A ${chosenDepartment}: ${data.delivery[chosenDepartment][method].days}, ${data.delivery[chosenDepartment][method].arrives}`}
                        </span>
                      ) : null}
                    </span>
                    {blocks
                      .filter((block) => block.method === method)
                      .map(({ key, totals, zone }) => (
                        <span key={key} className="text-sm font-medium" data-shipping-zone={zone}>
                          {totals.shippingCost === 0 ? "Gratis" : formatMoney(totals.shippingCost)}
                        </span>
                      ))}
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>

          <Card
            title="Dirección de envío"
            className="group-has-[#shippingMethod-pickup:checked]:hidden"
          >
            <AddressFields
              zones={data.zoned?.zones ?? null}
              cashDepartments={data.cashDepartments}
              fields={{
                address: field("address"),
                referenceAddress: field("referenceAddress"),
                city: field("city"),
                department: field("department"),
              }}
            />
          </Card>

          <Card
            title="Recoger en tienda"
            className="hidden group-has-[#shippingMethod-pickup:checked]:block"
          >
            <PickupStore
              address={data.store.address}
              hours={data.store.hours}
              phone={data.store.phone}
            />
          </Card>

          <Card title="Información de pago">
            <PaymentChoice {...data.payment} chosen={field("paymentMethod").initialValue} />
            {/* Decision 166: the transfer's details and receipt, unless cash or the shop pays. */}
            <div className="pay-transfer">
              <p className="text-sm">
                Paga con una transferencia bancaria por el total exacto de tu pedido.
              </p>
              <div className="my-4">
                <TransferDetails
                  bank={data.store}
                  totals={blocks.map(({ method, totals, zone }) => ({
                    amount: totals.total,
                    className: shownFor[method],
                    zone,
                  }))}
                />
              </div>
              {data.payLater === "open" ? (
                <PayLaterChoice timing={timing} />
              ) : (
                <PayLaterClosed
                  access={data.payLater}
                  offerVerification={data.offerVerification}
                  sending={pendingForm?.get("intent") === "send-verification"}
                />
              )}
              {/* 'Transferiré después' hides the receipt (CSS `:has()`, so without JS too). */}
              <div className="group-has-[#paymentTiming-later:checked]:hidden">
                <ProofUpload
                  name={proof.name}
                  inputId="proofFile"
                  initialId={typeof proof.initialValue === "string" ? proof.initialValue : ""}
                  error={proof.errors?.[0]}
                  errorId={proof.errorId}
                  onWaitingChange={setWaitingForProof}
                  slowLinkHint={slowLinkHint}
                />
              </div>
            </div>
          </Card>
        </div>
        <OrderSummary
          data={data}
          codeField={field("code")}
          couponNotice={couponNotice}
          placing={placing}
          waitingForProof={holdForProof}
          lines={summaryLines}
        />
      </Form>
    </main>
  );
}
