import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { checkboxProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import type { SecondFactorFormField } from "~/models/auth/second-factor";
import { FormErrorAlert } from "./auth-card";

/**
 * The code of the second step and of its setup (decision 163): one field for the app's six
 * digits or a recovery code, and "Recordar este equipo 30 días". A plain form: it works before
 * and without JavaScript; the action answers every mistake.
 */
export function SecondFactorForm({
  lastResult,
  submitLabel,
  hint,
}: {
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  hint: string;
}) {
  const pending = useIsPending();
  const { form, field } = useServerForm<SecondFactorFormField>({
    id: "second-factor",
    lastResult,
    defaultValue: {},
  });
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <FormErrorAlert
        id={form.errorId}
        title="No pudimos verificar el código"
        errors={form.errors}
      />
      <Field
        label="Código de verificación"
        hint={hint}
        {...fieldProps(field("code"))}
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        required
        autoFocus
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input {...checkboxProps(field("remember"))} className="size-4" />
        Recordar este equipo 30 días
      </label>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Verificando..." : submitLabel}
      </Button>
    </Form>
  );
}

/** The second step's way out: the pending sign-in (or the session) ends; a POST, as logout is. */
export function CancelSignIn() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className="underline">
        Cancelar y salir
      </button>
    </Form>
  );
}
