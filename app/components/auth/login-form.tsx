import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { EmailSchema } from "~/utils/schemas";
import { FormErrorAlert } from "./auth-card";

// The browser half of LoginSchema (login.server.ts): same messages, same rules.
const LoginFormSchema = z.object({
  email: EmailSchema,
  password: z.string({ required_error: "La contraseña es requerida" }),
  redirectTo: z.string().optional(),
});

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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginFormSchema }),
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
