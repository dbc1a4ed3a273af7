import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { LoginSchema } from "~/models/auth/login";
import { FormErrorAlert } from "./auth-card";

export function LoginForm({
  lastResult,
  redirectTo,
  submitLabel = "Iniciar Sesión",
}: {
  lastResult?: SubmissionResult<string[]>;
  redirectTo?: string;
  submitLabel?: string;
}) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrorAlert id={form.errorId} title="Error de inicio de sesión" errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        label="Correo electrónico"
        errors={fields.email.errors}
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="email"
        required
      />
      <Field
        label="Contraseña"
        errors={fields.password.errors}
        {...getInputProps(fields.password, { type: "password" })}
        autoComplete="current-password"
        required
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Ingresando..." : submitLabel}
      </Button>
    </Form>
  );
}
