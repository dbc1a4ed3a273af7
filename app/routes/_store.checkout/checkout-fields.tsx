import { Link } from "@remix-run/react";
import { controlProps, fieldProps, type ServerField } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { PAY_LATER_TEXT } from "~/models/checkout/checkout";
import { Field, Label } from "~/components/ui/input";
import { InvoiceBuyerFields } from "~/components/orders/invoice-buyer-fields";
import type { DeliveryZone } from "~/models/checkout/pricing";
import { DEPARTMENTS, type Department } from "~/utils/departments";
import { PHONE_MAX_LENGTH } from "~/utils/phone";
import { formatMoney } from "~/utils/money";
import type { CashChoice } from "~/models/checkout/payment-methods";

/*
 * The checkout's fields for who buys and where it goes, and the shop's address for a pickup:
 * plain inputs of the checkout's form, which the form reads and sends itself. The page keeps the
 * server's HTML of them until the server answers about them (decision 159); the phone's
 * formatting and the chosen department are read by the form's own listeners (checkout-form.tsx).
 */

type ContactFieldName = "firstName" | "lastName" | "email" | "phone" | "invoiceRtn" | "invoiceName";

export function ContactFields({
  field,
}: {
  field: (name: ContactFieldName) => ServerField;
  /**
   * The server's last reply about the form: the kept HTML (decision 159) compares its props as
   * JSON, where `field` is nothing, so a new reply is what draws the fields anew with its errors.
   */
  reply: unknown;
}) {
  const rtn = field("invoiceRtn");
  const invoiceName = field("invoiceName");
  return (
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
      />
      {/* Decision 171: optional, closed unless it holds something; the browser opens it. */}
      <details
        className="group/invoice sm:col-span-2"
        open={Boolean(
          rtn.initialValue || invoiceName.initialValue || rtn.errors || invoiceName.errors,
        )}
      >
        <summary className="w-fit cursor-pointer py-3 text-sm font-medium underline underline-offset-4">
          Factura a nombre de (opcional)
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <p className="text-fg-muted text-sm sm:col-span-2">
            Para una factura con RTN. Sin estos datos, la factura dice Consumidor Final.
          </p>
          <InvoiceBuyerFields rtn={rtn} name={invoiceName} />
        </div>
      </details>
    </div>
  );
}

export function AddressFields({
  fields,
  zones,
  cashDepartments,
}: {
  fields: Record<"address" | "referenceAddress" | "city" | "department", ServerField>;
  /** Decision 161: each department's zone, when shipping costs more outside the fast cities. */
  zones: Record<Department, DeliveryZone> | null;
  /** Decision 166: where cash on delivery goes, when the shop offers it to this shopper. */
  cashDepartments: string[] | null;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        className="sm:col-span-2"
        label="Dirección"
        type="text"
        {...fieldProps(fields.address)}
        autoComplete="street-address"
        placeholder="Colonia, calle, número de casa"
      />
      <Field
        className="sm:col-span-2"
        label="Punto de referencia"
        type="text"
        {...fieldProps(fields.referenceAddress)}
        placeholder="Frente a..., contiguo a..."
      />
      <Field
        label="Ciudad"
        type="text"
        {...fieldProps(fields.city)}
        autoComplete="address-level2"
      />
      <div className="space-y-1.5">
        <Label htmlFor={fields.department.id}>Departamento</Label>
        <select
          {...controlProps(fields.department)}
          className="border-border-strong bg-surface text-fg aria-invalid:border-danger block h-11 w-full rounded-md border px-3 text-base"
        >
          {/* Each option names its zone: the page shows that zone's shipping (order-summary.tsx). */}
          <option value="" data-zone={zones ? "main" : undefined}>
            Selecciona un departamento
          </option>
          {DEPARTMENTS.map((name) => (
            <option
              key={name}
              value={name}
              data-zone={zones?.[name]}
              data-cod={cashDepartments?.includes(name) ? "" : undefined}
            >
              {name}
            </option>
          ))}
        </select>
        {fields.department.errors ? (
          <p id={fields.department.errorId} className="text-danger text-sm">
            {fields.department.errors[0]}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function PickupStore({
  address,
  hours,
  phone,
}: {
  address: string;
  hours: string;
  phone: string;
}) {
  return (
    <>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-medium">Dirección</dt>
          <dd className="text-fg-muted">{address}</dd>
        </div>
        <div>
          <dt className="font-medium">Horario</dt>
          <dd className="text-fg-muted">{hours}</dd>
        </div>
        <div>
          <dt className="font-medium">Teléfono</dt>
          <dd className="text-fg-muted">{phone}</dd>
        </div>
      </dl>
      <p className="text-fg-muted mt-3 text-sm">
        Te avisaremos cuando tu pedido esté listo para recoger.
      </p>
    </>
  );
}

/**
 * Decision 166: how the shopper pays: the transfer, cash on delivery where the shop offers it
 * (shown for a delivery to one of its departments: the department's option says `data-cod`),
 * and paying at the shop for store pickup. The page's stylesheet shows what fits the shipping
 * and the department, with and without JavaScript; the server decides again.
 */
export function PaymentChoice({
  cash,
  storeHoldDays,
  chosen,
}: {
  cash: CashChoice | null;
  /** The days the shop holds a pickup paid there; null when this shopper may not. */
  storeHoldDays: number | null;
  chosen: unknown;
}) {
  if (!cash && storeHoldDays === null) return null;
  const options = [
    {
      value: "bank_transfer",
      label: "Transferencia Bancaria",
      detail: "Transfiere el total a la cuenta de la tienda y sube el comprobante.",
      className: "",
    },
    ...(cash?.offered
      ? [
          {
            value: "cash_on_delivery",
            label: "Pago Contra Entrega",
            detail:
              cash.surcharge > 0
                ? `Pagas en efectivo al recibir tu pedido. Recargo de ${formatMoney(cash.surcharge)}.`
                : "Pagas en efectivo al recibir tu pedido.",
            className: "pay-cash",
          },
        ]
      : []),
    ...(storeHoldDays !== null
      ? [
          {
            value: "store_pickup",
            label: "Pago en Tienda",
            detail: `Pagas al recoger tu pedido: lo guardamos ${storeHoldDays} ${storeHoldDays === 1 ? "día" : "días"}.`,
            className: "pay-store",
          },
        ]
      : []),
  ];
  const checked = options.some((option) => option.value === chosen) ? chosen : "bank_transfer";
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-medium">¿Cómo pagas?</legend>
      <div className="grid gap-2">
        {options.map(({ value, label, detail, className }) => (
          <label
            key={value}
            className={`border-border has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${className}`}
          >
            <input
              type="radio"
              id={`paymentMethod-${value}`}
              name="paymentMethod"
              value={value}
              defaultChecked={checked === value}
              className="mt-0.5 size-4"
            />
            <span>
              <span className="block font-medium">{label}</span>
              <span className="text-fg-muted block">{detail}</span>
            </span>
          </label>
        ))}
      </div>
      {cash && !cash.offered && cash.reason ? (
        <p className="pay-cash-reason text-fg-muted mt-2 text-sm">{cash.reason}</p>
      ) : null}
      {cash?.offered ? (
        <p className="pay-cash-department text-fg-muted mt-2 text-sm">{cash.departmentNote}</p>
      ) : null}
    </fieldset>
  );
}

/**
 * Decision 128's choice, for an account that may pay later. `paymentTiming-later` checked hides
 * the receipt (CSS `:has()`), and the form's listener lets an upload under way go.
 */
export function PayLaterChoice({ timing }: { timing: "now" | "later" }) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-medium">¿Cuándo transfieres?</legend>
      <div className="grid gap-2">
        {(
          [
            ["now", "Ya transferí: subo el comprobante ahora"],
            ["later", "Transferiré después: subiré el comprobante desde mi pedido antes del plazo"],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="border-border has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm"
          >
            <input
              type="radio"
              id={`paymentTiming-${value}`}
              name="paymentTiming"
              value={value}
              defaultChecked={timing === value}
              className="mt-0.5 size-4"
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Decision 128: instead of the choice, one line for a guest (pay now; sign in for more), and for
 * an unverified account the line with its button, a submit of this same form (so the draft is
 * saved, without JavaScript too) that asks for the verification e-mail.
 */
export function PayLaterClosed({
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
        {PAY_LATER_TEXT.guestLine}{" "}
        <Link to="/login?redirectTo=%2Fcheckout" className="text-accent font-medium underline">
          {PAY_LATER_TEXT.signIn}
        </Link>
      </p>
    );
  }
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-fg-muted min-w-0 flex-1">{PAY_LATER_TEXT.unverifiedLine}</p>
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
          {sending ? "Enviando..." : PAY_LATER_TEXT.sendVerification}
        </Button>
      ) : null}
    </div>
  );
}
