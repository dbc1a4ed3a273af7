import { Form, Link } from "@remix-run/react";
import { StickyActionBar } from "~/components/admin/sticky-action-bar";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { CHECKOUT_PAYMENT_METHODS } from "~/models/checkout/payment-methods";
import { paymentMethodLabel, SHIPPING_METHOD_LABELS } from "~/models/orders/status";
import { SHOP_ORDER_LIMITS } from "~/models/orders/shop-orders";
import { formatMoney } from "~/utils/money";
import type { ShopOrderSchema } from "./forms.server";
import type { NewOrderAnswer, NewOrderData } from "./route";

const SHIPPING = ["standard", "express", "pickup"] as const;
const controlClass =
  "border-border-strong bg-surface text-fg block w-full rounded-md border px-3 text-base";

/** Step 3: where it goes, the coupon, how it is paid and the priced summary. */
export function ShippingStep({ data, answer }: { data: NewOrderData; answer: NewOrderAnswer }) {
  const pending = useIsPending();
  const reply = answer && "kind" in answer && answer.kind === "order" ? answer : null;
  const { form, field } = useServerForm<typeof ShopOrderSchema>({
    id: "shop-order",
    lastResult: reply?.result,
    defaultValue: { shippingMethod: "standard", paymentMethod: "bank_transfer" },
  });
  if (!data.customer || data.lines.length === 0) {
    return (
      <p className="text-sm">
        Para continuar, elige{" "}
        <Link to="?paso=cliente" className="underline">
          el cliente
        </Link>{" "}
        y agrega{" "}
        <Link to="?paso=productos" className="underline">
          productos
        </Link>
        .
      </p>
    );
  }
  const quote = reply ? reply.quote : data.quote;
  const shipping = field("shippingMethod");
  const payment = field("paymentMethod");
  const department = field("department");
  const note = field("paymentNote");
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Form method="post" {...form.props} className="min-w-0 space-y-5">
        <FormErrorAlert id={form.errorId} title="No se pudo crear el pedido" errors={form.errors} />
        {!reply && data.quoteRefusal ? (
          <p role="alert" className="text-danger text-sm">
            {data.quoteRefusal}
          </p>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="font-semibold">Envío</legend>
          {SHIPPING.map((method) => (
            <label key={method} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={shipping.name}
                value={method}
                defaultChecked={(shipping.initialValue ?? "standard") === method}
              />
              {SHIPPING_METHOD_LABELS[method]}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={department.id}>Departamento</Label>
            <select {...controlProps(department)} className={`${controlClass} h-11`}>
              <option value="">Elige el departamento</option>
              {data.departments.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {department.errors ? (
              <p id={department.errorId} className="text-danger text-sm">
                {department.errors[0]}
              </p>
            ) : null}
          </div>
          <Field label="Ciudad" {...fieldProps(field("city"))} autoComplete="off" />
          <Field label="Dirección" {...fieldProps(field("address"))} autoComplete="off" />
          <Field label="Referencia" {...fieldProps(field("referenceAddress"))} autoComplete="off" />
        </div>
        <p className="text-fg-muted text-xs">Al recoger en tienda no se pide dirección.</p>
        <Field
          label="Código de cupón (opcional)"
          {...fieldProps(field("couponCode"))}
          autoComplete="off"
          className="max-w-xs"
        />
        <fieldset className="space-y-2">
          <legend className="font-semibold">Pago</legend>
          {CHECKOUT_PAYMENT_METHODS.map((method) => (
            <label key={method} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={payment.name}
                value={method}
                defaultChecked={(payment.initialValue ?? "bank_transfer") === method}
              />
              {paymentMethodLabel(method, "admin")}
            </label>
          ))}
          {payment.errors ? <p className="text-danger text-sm">{payment.errors[0]}</p> : null}
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor={note.id}>Nota sobre el pago</Label>
          <textarea
            {...controlProps(note)}
            rows={3}
            maxLength={SHOP_ORDER_LIMITS.note}
            className={`${controlClass} py-2`}
          />
          <p className="text-fg-muted text-xs">
            Obligatoria para 'Pago Contra Entrega' fuera de los límites de la configuración. La ven
            solo los administradores.
          </p>
          {note.errors ? <p className="text-danger text-sm">{note.errors[0]}</p> : null}
        </div>
        <StickyActionBar>
          <Button type="submit" name="intent" value="quote" variant="secondary">
            Actualizar resumen
          </Button>
          <Button type="submit" name="intent" value="place" disabled={pending}>
            {pending ? "Creando..." : "Crear pedido"}
          </Button>
        </StickyActionBar>
      </Form>
      <Summary lines={data.lines} quote={quote} />
    </div>
  );
}

function Summary({ lines, quote }: { lines: NewOrderData["lines"]; quote: NewOrderData["quote"] }) {
  const rows: [string, number][] = quote
    ? [
        ["Subtotal", quote.totals.subtotal],
        ["Envío", quote.totals.shippingCost],
        ["ISV", quote.totals.tax],
        ...(quote.totals.couponDiscount > 0
          ? [
              [`Cupón ${quote.coupon?.code ?? ""}`, -quote.totals.couponDiscount] as [
                string,
                number,
              ],
            ]
          : []),
        ...(quote.totals.paymentSurcharge > 0
          ? [["Recargo contra entrega", quote.totals.paymentSurcharge] as [string, number]]
          : []),
      ]
    : [];
  return (
    <aside
      aria-label="Resumen del pedido"
      className="border-border bg-surface space-y-3 self-start rounded-xl border p-5 lg:sticky lg:top-4"
    >
      <h2 className="font-semibold">Resumen</h2>
      <ul className="text-sm">
        {lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-2">
            <span>{`${line.quantity} × ${line.name} (${line.size})`}</span>
            <span className="tabular-nums">{formatMoney(line.unitPrice * line.quantity)}</span>
          </li>
        ))}
      </ul>
      {quote ? (
        <dl className="border-border space-y-1 border-t pt-2 text-sm">
          {rows.map(([label, amount]) => (
            <div key={label} className="flex justify-between">
              <dt>{label}</dt>
              <dd className="tabular-nums">{formatMoney(amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(quote.totals.total)}</dd>
          </div>
        </dl>
      ) : null}
      {quote?.cashLimit ? <p className="text-warning text-sm">{quote.cashLimit}</p> : null}
      <p className="text-fg-muted text-xs">
        Calculado con los precios y el stock de ahora; se calcula de nuevo al crear el pedido.
      </p>
    </aside>
  );
}
