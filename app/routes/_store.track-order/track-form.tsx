import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { TrackOrderSchema } from "./schema";

export function TrackOrderForm({
  lastResult,
  errorTitle,
}: {
  lastResult?: SubmissionResult<string[]>;
  errorTitle?: string;
}) {
  const pending = useIsPending({ formAction: "/track-order" });
  const [form, fields] = useForm({
    id: "track-order",
    lastResult,
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TrackOrderSchema }),
  });
  return (
    <Form
      method="post"
      action="/track-order"
      {...getFormProps(form)}
      className="border-border bg-surface max-w-xl space-y-4 rounded-lg border p-5"
      aria-label="Buscar pedido"
    >
      <FormErrorAlert id={form.errorId} title={errorTitle ?? "Error"} errors={form.errors} />
      <Field
        label="Número de pedido"
        errors={fields.orderNumber.errors}
        {...getInputProps(fields.orderNumber, { type: "text" })}
        placeholder="PH-261122-4821"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        className="[&_input]:uppercase"
        required
      />
      <Field
        label="Correo electrónico"
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="email"
        required
      />
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Buscando..." : "Buscar pedido"}
      </Button>
    </Form>
  );
}
