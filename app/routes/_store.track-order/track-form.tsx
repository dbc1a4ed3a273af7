import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { ORDER_NUMBER_MAX_LENGTH } from "~/models/orders/number";
import type { TrackOrderSchema } from "./forms.server";

export function TrackOrderForm({
  lastResult,
  errorTitle,
}: {
  lastResult?: SubmissionResult<string[]>;
  errorTitle?: string;
}) {
  const pending = useIsPending({ formAction: "/track-order" });
  const { form, field } = useServerForm<typeof TrackOrderSchema>({
    id: "track-order",
    lastResult,
    defaultValue: {},
  });
  return (
    <Form
      method="post"
      action="/track-order"
      {...form.props}
      className="border-border bg-surface max-w-xl space-y-4 rounded-lg border p-5"
      aria-label="Buscar pedido"
    >
      <FormErrorAlert id={form.errorId} title={errorTitle ?? "Error"} errors={form.errors} />
      <Field
        label="Número de pedido"
        {...fieldProps(field("orderNumber"))}
        type="text"
        hint="Está en el correo de tu pedido: PH-, la fecha y cuatro cifras."
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={ORDER_NUMBER_MAX_LENGTH}
        className="[&_input]:uppercase"
        required
      />
      <Field
        label="Correo electrónico"
        {...fieldProps(field("email"))}
        type="email"
        autoComplete="email"
        required
      />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Buscando..." : "Buscar pedido"}
      </Button>
    </Form>
  );
}
