import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
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
      {/* Decision 105: /login and the admin sign-in alike. */}
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="text-accent underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Ingresando..." : submitLabel}
      </Button>
    </Form>
  );
}
