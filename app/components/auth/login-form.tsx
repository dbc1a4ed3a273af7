import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import type { LoginFormField } from "~/models/auth/login";
import { FormErrorAlert } from "./auth-card";

export function LoginForm({
  lastResult,
  redirectTo,
  submitLabel = "Iniciar Sesión",
  errorTitle = "Error de inicio de sesión",
}: {
  lastResult?: SubmissionResult<string[]>;
  redirectTo?: string;
  submitLabel?: string;
  /** The refusal's title: the admin sign-in reads 'Error de autenticación' (backoffice.md §8). */
  errorTitle?: string;
}) {
  const pending = useIsPending();
  // The action checks the post (login.server.ts); its reply shows here, with or without JS.
  const { form, field } = useServerForm<LoginFormField>({
    id: "login",
    lastResult,
    defaultValue: {},
  });
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <FormErrorAlert id={form.errorId} title={errorTitle} errors={form.errors} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        label="Correo electrónico"
        type="email"
        {...fieldProps(field("email"))}
        autoComplete="email"
        required
      />
      <Field
        label="Contraseña"
        type="password"
        {...fieldProps(field("password"))}
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
