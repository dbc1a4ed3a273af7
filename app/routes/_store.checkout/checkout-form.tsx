import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { TransferDetails } from "~/components/orders/transfer-details";
import { Button } from "~/components/ui/button";
import { Field, Label } from "~/components/ui/input";
import {
  CHECKOUT_DRAFT_FIELDS,
  CHECKOUT_DRAFT_URL,
  CHECKOUT_FIELDS,
  CHECKOUT_TEXT,
  SHIPPING_LABELS,
  SHIPPING_METHODS,
} from "~/models/checkout/checkout";
import { DEPARTMENTS, isDepartment } from "~/utils/departments";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatMoney } from "~/utils/money";
import { formatPhone, PHONE_MAX_LENGTH } from "~/utils/phone";

import { usePendingFormData } from "~/hooks/use-is-pending";
import type { CouponIntentSchema } from "~/models/promotions/coupon-form.server";
import type { CouponNotice } from "~/models/promotions/coupons";
import type { PlaceOrderSchema } from "~/models/checkout/checkout-form.server";
import { ErrorSummary } from "./error-summary";
import { OrderSummary, shownFor, type CheckoutData } from "./order-summary";
import { ProofUpload } from "~/components/proof-upload/proof-upload";

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
 * Decision 095: with JavaScript the draft follows the typing (each field's change, and when the
 * page is hidden, which is the last moment a closing tab gives); without it, each post saves it.
 */
function useDraftAutosave(formId: string) {
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
    const soon = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === "file") return;
      window.clearTimeout(timer);
      timer = window.setTimeout(send, 800);
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") send();
    };
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.clearTimeout(timer);
      form.removeEventListener("input", soon);
      form.removeEventListener("change", soon);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [formId]);
}

/**
 * Decision 128: instead of the choice, one line for a guest (pay now; sign in for more), and for
 * an unverified account the line with its button, a submit of this same form (so the draft is
 * saved, without JavaScript too) that asks for the verification e-mail.
 */
function PayLaterClosed({
  access,
  offerVerification,
  sending,
}: {
  access: "guest" | "unverified";
  offerVerification: boolean;
  sending: boolean;
}) {
  if (access === "guest") {
    return (
      <p className="text-fg-muted mb-4 text-sm">
        {CHECKOUT_TEXT.payLaterGuestLine}{" "}
        <Link to="/login?redirectTo=%2Fcheckout" className="text-accent font-medium underline">
          {CHECKOUT_TEXT.payLaterSignIn}
        </Link>
      </p>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-fg-muted min-w-0 flex-1">{CHECKOUT_TEXT.payLaterUnverifiedLine}</p>
      {offerVerification ? (
        <Button
          type="submit"
          name="intent"
          value="send-verification"
          formNoValidate
          variant="secondary"
          size="sm"
          disabled={sending}
        >
          {sending ? "Enviando..." : CHECKOUT_TEXT.sendVerification}
        </Button>
      ) : null}
    </div>
  );
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
  useDraftAutosave(form.id);
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
  const chosenDepartment =
    picked ?? (hydrated ? selectedValue(department.id) : null) ?? department.initialValue ?? "";
  const summary = CHECKOUT_FIELDS.flatMap((entry) => {
    const { id, errors } = field(entry.name);
    const message = errors?.[0];
    if (!message) return [];
    return [{ target: "target" in entry ? entry.target : id, label: entry.label, message }];
  });
  // After useServerForm's own effect (which focuses the first invalid field), so this one wins:
  // the summary, read whole, with a link to each field.
  const summaryShown = summary.length > 0 || Boolean(form.errors?.length);
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
          <ErrorSummary
            id={form.errorId}
            title={form.errors?.length ? CHECKOUT_TEXT.orderFailedTitle : CHECKOUT_TEXT.fieldsTitle}
            formErrors={form.errors}
            entries={summary}
          />
          <Card title="Información de contacto">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                {/* person-fields.tsx's labels and autocomplete, over the server's reply. */}
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field
                    label="Nombre"
                    type="text"
                    {...fieldProps(field("firstName"))}
                    autoComplete="given-name"
                  />
                  <Field
                    label="Apellido"
                    type="text"
                    {...fieldProps(field("lastName"))}
                    autoComplete="family-name"
                  />
                </div>
              </div>
              <Field
                label="Correo electrónico"
                type="email"
                {...fieldProps(field("email"))}
                autoComplete="email"
              />
              <Field
                label="Teléfono (obligatorio para recoger en tienda)"
                type="tel"
                {...fieldProps(field("phone"))}
                autoComplete="tel-national"
                placeholder="+504 0000-0000"
                maxLength={PHONE_MAX_LENGTH}
                inputMode="tel"
                onChange={(event) => {
                  event.currentTarget.value = formatPhone(event.currentTarget.value);
                }}
              />
            </div>
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
                    <span className="text-sm font-medium">
                      {data.totals[method].shippingCost === 0
                        ? "Gratis"
                        : formatMoney(data.totals[method].shippingCost)}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>

          <Card
            title="Dirección de envío"
            className="group-has-[#shippingMethod-pickup:checked]:hidden"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                className="sm:col-span-2"
                label="Dirección"
                type="text"
                {...fieldProps(field("address"))}
                autoComplete="street-address"
                placeholder="Colonia, calle, número de casa"
              />
              <Field
                className="sm:col-span-2"
                label="Punto de referencia"
                type="text"
                {...fieldProps(field("referenceAddress"))}
                placeholder="Frente a..., contiguo a..."
              />
              <Field
                label="Ciudad"
                type="text"
                {...fieldProps(field("city"))}
                autoComplete="address-level2"
              />
              <div className="space-y-1.5">
                <Label htmlFor={department.id}>Departamento</Label>
                <select
                  {...controlProps(department)}
                  onChange={(event) => setPicked(event.currentTarget.value)}
                  className="border-border-strong bg-surface text-fg aria-invalid:border-danger block h-11 w-full rounded-md border px-3 text-base"
                >
                  <option value="">Selecciona un departamento</option>
                  {DEPARTMENTS.map((department) => (
                    <option key={department} value={department}>
                      {department}
                    </option>
                  ))}
                </select>
                {department.errors ? (
                  <p id={department.errorId} className="text-danger text-sm">
                    {department.errors[0]}
                  </p>
                ) : null}
              </div>
            </div>
          </Card>

          <Card
            title="Recoger en tienda"
            className="hidden group-has-[#shippingMethod-pickup:checked]:block"
          >
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-medium">Dirección</dt>
                <dd className="text-fg-muted">{data.store.address}</dd>
              </div>
              <div>
                <dt className="font-medium">Horario</dt>
                <dd className="text-fg-muted">{data.store.hours}</dd>
              </div>
              <div>
                <dt className="font-medium">Teléfono</dt>
                <dd className="text-fg-muted">{data.store.phone}</dd>
              </div>
            </dl>
            <p className="text-fg-muted mt-3 text-sm">
              Te avisaremos cuando tu pedido esté listo para recoger.
            </p>
          </Card>

          <Card title="Información de pago">
            <p className="text-sm">
              Paga con una transferencia bancaria por el total exacto de tu pedido.
            </p>
            <div className="my-4">
              <TransferDetails
                bank={data.store}
                totals={SHIPPING_METHODS.map((method) => ({
                  amount: data.totals[method].total,
                  className: shownFor[method],
                }))}
              />
            </div>
            {data.payLater === "open" ? (
              <fieldset className="mb-4">
                <legend className="mb-2 text-sm font-medium">¿Cuándo transfieres?</legend>
                <div className="grid gap-2">
                  {(
                    [
                      ["now", "Ya transferí: subo el comprobante ahora"],
                      [
                        "later",
                        "Transferiré después: subiré el comprobante desde mi pedido antes del plazo",
                      ],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className="border-border has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm"
                    >
                      <input
                        type="radio"
                        id={value === "later" ? LATER_ID : `paymentTiming-${value}`}
                        name="paymentTiming"
                        value={value}
                        defaultChecked={timing === value}
                        onChange={(event) => setPayLater(event.currentTarget.value === "later")}
                        className="mt-0.5 size-4"
                      />
                      <span>{label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
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
