import { Form } from "@remix-run/react";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field } from "~/components/ui/input";
import type { NewCustomerSchema } from "./forms.server";
import type { NewOrderAnswer, NewOrderData } from "./route";

/** Step 1: an account found by e-mail, phone or name, or a new customer (no account made). */
export function CustomerStep({ data, answer }: { data: NewOrderData; answer: NewOrderAnswer }) {
  const { form, field } = useServerForm<typeof NewCustomerSchema>({
    id: "new-customer",
    lastResult: answer && "kind" in answer && answer.kind === "customer" ? answer.result : null,
    defaultValue: { phone: "+504 " },
  });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="border-border bg-surface space-y-3 rounded-xl border p-5">
        <h2 className="font-semibold">Cliente con cuenta</h2>
        <Form method="get" className="flex gap-2">
          <input type="hidden" name="paso" value="cliente" />
          <Field
            label="Buscar por correo, teléfono o nombre"
            id="customer-search"
            name="q"
            type="search"
            defaultValue={data.q}
            className="flex-1"
          />
          <Button type="submit" variant="secondary" className="self-end">
            Buscar
          </Button>
        </Form>
        {data.q && data.customers.length === 0 ? (
          <p className="text-fg-muted text-sm">No se encontraron clientes.</p>
        ) : null}
        <ul className="divide-border divide-y">
          {data.customers.map((customer) => (
            <li key={customer.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0 text-sm">
                <div className="font-medium">
                  {customer.name} {customer.isBlocked ? <Badge>Bloqueado</Badge> : null}
                </div>
                <div className="text-fg-muted break-words">
                  {customer.email}
                  {customer.phone ? ` · ${customer.phone}` : ""}
                </div>
              </div>
              <Form method="post">
                <input type="hidden" name="userId" value={customer.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="pick-customer"
                  size="sm"
                  aria-label={`Elegir a ${customer.name}`}
                >
                  Elegir
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section className="border-border bg-surface rounded-xl border p-5">
        <h2 className="mb-3 font-semibold">Cliente nuevo</h2>
        <Form method="post" {...form.props} className="space-y-4">
          <FormErrorAlert id={form.errorId} title="Revisa los datos" errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nombre" {...fieldProps(field("firstName"))} autoComplete="off" />
            <Field label="Apellido" {...fieldProps(field("lastName"))} autoComplete="off" />
          </div>
          <Field
            label="Teléfono"
            {...fieldProps(field("phone"))}
            type="tel"
            maxLength={14}
            autoComplete="off"
          />
          <Field
            label="Correo electrónico (opcional)"
            {...fieldProps(field("email"))}
            type="email"
            autoComplete="off"
            hint="Sin correo, el cliente no recibe los avisos del pedido por correo."
          />
          <Button type="submit" name="intent" value="new-customer">
            Continuar con este cliente
          </Button>
        </Form>
      </section>
    </div>
  );
}
