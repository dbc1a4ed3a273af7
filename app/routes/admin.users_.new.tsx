import { ADMIN_USER_REFUSALS } from "~/models/customers/admin";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { controlProps, fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormErrorAlert } from "~/components/ui/form-error-alert";
import { Field, Label } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { createUserByAdmin } from "~/models/customers/admin.server";
import { guardAction } from "~/web/guard-action.server";
import { parseNewUser, type NewUserSchema } from "~/models/customers/admin-submission.server";
import { requireAdmin } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Registrar usuario | Panel Administrativo" }];

const EMAIL_TAKEN = ADMIN_USER_REFUSALS.emailTaken;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const admin = await requireAdmin(request);
  const { submission, reply } = parseNewUser(await request.formData());
  if (submission.status !== "success") return json({ result: reply() }, { status: 400 });
  const created = await createUserByAdmin(admin.id, submission.value);
  if (!created.ok) {
    return json(
      { result: reply({ formErrors: [EMAIL_TAKEN], fieldErrors: { email: [EMAIL_TAKEN] } }) },
      { status: 400 },
    );
  }
  return redirectWithToast(request, `/admin/users/${created.userId}`, {
    title: "Usuario creado",
    description: `${submission.value.firstName} ${submission.value.lastName} ya puede iniciar sesión.`,
  });
}

export default function NewUserRoute() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { form, field } = useServerForm<typeof NewUserSchema>({
    id: "new-user",
    lastResult: actionData?.result,
    defaultValue: { role: "customer" },
  });
  const role = field("role");
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/users" className="text-accent text-sm underline">
          ← Usuarios
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">Registrar usuario</h1>
      </div>
      <Form method="post" {...form.props} className="max-w-xl space-y-5">
        <FormErrorAlert id={form.errorId} title="Error al crear el usuario" errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nombre" {...fieldProps(field("firstName"))} autoComplete="off" />
          <Field label="Apellido" {...fieldProps(field("lastName"))} autoComplete="off" />
        </div>
        <Field
          label="Correo electrónico"
          {...fieldProps(field("email"))}
          type="email"
          autoComplete="off"
        />
        <div className="space-y-1">
          <Field
            label="Teléfono (opcional)"
            {...fieldProps(field("phone"))}
            type="tel"
            placeholder="+504 9999-0000"
            maxLength={14}
          />
          <p className="text-fg-muted text-xs">+504 y ocho dígitos; el primero de 2 a 9.</p>
        </div>
        <div className="space-y-1">
          <Field
            label="Contraseña"
            {...fieldProps(field("password"))}
            type="password"
            autoComplete="new-password"
          />
          <p className="text-fg-muted text-xs">
            Al menos 8 caracteres; ni una contraseña común ni el nombre o el correo del usuario.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={role.id}>Rol</Label>
          <select
            {...controlProps(role)}
            className="border-border-strong bg-surface text-fg block h-11 w-full rounded-md border px-3 text-base"
          >
            <option value="customer">Cliente</option>
            <option value="admin">Administrador</option>
          </select>
        </div>
        <div className="flex gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Creando..." : "Crear usuario"}
          </Button>
          <Link to="/admin/users" className={buttonClasses("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
