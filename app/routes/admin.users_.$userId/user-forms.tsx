import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { fieldProps, useServerForm, type ServerField } from "~/components/forms/server-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { StepUpField } from "~/components/auth/step-up-field";
import type { AdminUser } from "~/models/customers/admin.server";
import { formatDate } from "~/utils/dates";
import type { UserActionSchema } from "~/models/customers/admin-submission.server";

/*
 * The profile view's forms. Each posts an `intent` to the route's action, which checks it
 * (models/customers/admin-submission.server.ts) and answers a refusal with the reply shown here.
 */

type LastResult = SubmissionResult<string[]> | null;
type FormProps = { lastResult: LastResult; pending: boolean };
type UserData = Pick<AdminUser, "id" | "firstName" | "lastName" | "email" | "phone">;

const sectionClasses = "border-border bg-surface space-y-4 rounded-xl border p-5";

export function InfoForm({ user, lastResult, pending }: FormProps & { user: UserData }) {
  const { form, field } = useServerForm<UserActionSchema>({
    id: "user-info",
    lastResult,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? "",
    },
  });
  return (
    <Form method="post" {...form.props} className={sectionClasses}>
      <h2 className="font-semibold">Información</h2>
      <FormErrorAlert
        id={form.errorId}
        title="No se pudo actualizar la información del usuario"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value="update-info" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nombre" {...fieldProps(field("firstName"))} />
        <Field label="Apellido" {...fieldProps(field("lastName"))} />
        <Field label="Correo electrónico" {...fieldProps(field("email"))} type="email" />
        <Field
          label="Teléfono (opcional)"
          {...fieldProps(field("phone"))}
          type="tel"
          placeholder="+504 9999-0000"
          maxLength={14}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Guardar información"}
      </Button>
    </Form>
  );
}

/** Role, block / reactivate and delete: refused for the admin's own account (model rule). */
export function AccountActions({
  user,
  isSelf,
  pendingIntent,
  stepUp,
  twoFactor,
}: {
  user: Pick<AdminUser, "id" | "role" | "isBlocked">;
  isSelf: boolean;
  pendingIntent: FormDataEntryValue | null | undefined;
  /** Decision 163: the role's form carries a code (the session's last is over 10 minutes old). */
  stepUp: boolean;
  /** An administrator's second factor: since when, and recovery codes left; null without one. */
  twoFactor: { since: string; recoveryCodesLeft: number } | null;
}) {
  return (
    <section aria-labelledby="account-actions" className={sectionClasses}>
      <h2 id="account-actions" className="font-semibold">
        Cuenta
      </h2>
      {isSelf ? (
        <p className="text-fg-muted text-sm">
          Es tu propia cuenta: otro administrador puede cambiar su rol, bloquearla o eliminarla. Tu
          contraseña se cambia desde tu perfil.
        </p>
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="set-role" />
            <input type="hidden" name="role" value={user.role === "admin" ? "customer" : "admin"} />
            <StepUpField needed={stepUp} id="step-up-role" />
            <Button type="submit" variant="secondary" disabled={pendingIntent === "set-role"}>
              {user.role === "admin" ? "Cambiar a cliente" : "Hacer administrador"}
            </Button>
          </Form>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={user.isBlocked ? "unblock" : "block"}
              variant={user.isBlocked ? "secondary" : "danger"}
              disabled={pendingIntent === "block" || pendingIntent === "unblock"}
            >
              {user.isBlocked ? "Reactivar usuario" : "Bloquear usuario"}
            </Button>
          </Form>
          <Link to={`/admin/users/${user.id}/delete`} className={buttonClasses("ghost")}>
            <span className="text-danger">Eliminar usuario</span>
          </Link>
        </div>
      )}
      {user.role === "admin" ? (
        <TwoFactorState
          twoFactor={twoFactor}
          canReset={!isSelf}
          stepUp={stepUp}
          pending={pendingIntent === "reset-two-factor"}
        />
      ) : null}
      {user.isBlocked ? (
        <p className="text-sm">
          La cuenta está bloqueada: no puede iniciar sesión hasta que se reactive.
        </p>
      ) : null}
    </section>
  );
}

/** An administrator's second factor, and its reset by another administrator (decision 163). */
function TwoFactorState({
  twoFactor,
  canReset,
  stepUp,
  pending,
}: {
  twoFactor: { since: string; recoveryCodesLeft: number } | null;
  canReset: boolean;
  stepUp: boolean;
  pending: boolean;
}) {
  if (!twoFactor) {
    return (
      <p className="text-sm">
        Verificación en dos pasos: sin configurar. La configurará al iniciar sesión.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p>
        Verificación en dos pasos: activa desde el {formatDate(twoFactor.since)} · le quedan{" "}
        {twoFactor.recoveryCodesLeft} códigos de recuperación.
      </p>
      {canReset ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="reset-two-factor" />
          <StepUpField needed={stepUp} id="step-up-reset" />
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            Restablecer verificación en dos pasos
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function PasswordForm({ lastResult, pending, stepUp }: FormProps & { stepUp: boolean }) {
  const { form, field } = useServerForm<UserActionSchema>({
    id: "user-password",
    lastResult,
    defaultValue: {},
  });
  return (
    <Form method="post" {...form.props} className={sectionClasses}>
      <h2 className="font-semibold">Cambiar contraseña</h2>
      <p className="text-fg-muted text-sm">
        Al menos 8 caracteres, ni común ni basada en el nombre o el correo. Se cierran todas las
        sesiones abiertas del usuario.
      </p>
      <FormErrorAlert
        id={form.errorId}
        title="Error al cambiar la contraseña"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value="set-password" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nueva contraseña"
          {...fieldProps(field("password"))}
          type="password"
          autoComplete="new-password"
        />
        <Field
          label="Confirmar contraseña"
          {...fieldProps(field("confirmPassword"))}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <StepUpField needed={stepUp} id="step-up-password" />
      <Button type="submit" disabled={pending}>
        {pending ? "Guardando..." : "Cambiar contraseña"}
      </Button>
    </Form>
  );
}

function FieldErrors({ field }: { field: ServerField }) {
  if (!field.errors?.length) return null;
  return (
    <ul id={field.errorId} className="text-danger space-y-0.5 text-sm">
      {field.errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export function NoteForm({ lastResult, pending }: FormProps) {
  const { form, field } = useServerForm<UserActionSchema>({
    id: "user-note",
    lastResult,
    defaultValue: {},
  });
  const note = field("note");
  return (
    <Form method="post" {...form.props} className="space-y-2">
      <FormErrorAlert
        id={form.errorId}
        title="No se pudo agregar la nota"
        errors={form.errors}
        refused={form.refused}
      />
      <input type="hidden" name="intent" value="add-note" />
      <Label htmlFor={note.id}>Nueva nota</Label>
      <textarea
        id={note.id}
        name={note.name}
        defaultValue={typeof note.initialValue === "string" ? note.initialValue : ""}
        rows={3}
        aria-invalid={note.errors ? true : undefined}
        aria-describedby={note.errors ? note.errorId : undefined}
        className="border-border-strong bg-surface text-fg aria-invalid:border-danger block w-full rounded-md border px-3 py-2 text-base"
      />
      <FieldErrors field={note} />
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? "Agregando..." : "Agregar nota"}
      </Button>
    </Form>
  );
}
