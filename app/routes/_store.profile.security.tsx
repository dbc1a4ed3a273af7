import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { passwordCheckMessage, PROFILE_MESSAGES } from "~/models/customers/users";
import {
  parsePasswordChangeForm,
  type passwordChangeSchema,
} from "~/models/customers/account-forms.server";
import { changeOwnPassword, hasPassword } from "~/models/customers/users.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { requireUser } from "~/models/auth/auth.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/*
 * /profile/security (backoffice.md §2, §5, D12): a new password of 8+ characters. Every other
 * session of the user ends; this one stays. An account created with Google and no password
 * sets one without the current-password field.
 */

export const meta: MetaFunction = () => [{ title: "Seguridad | Perfumería de Lujo" }];

const HIDE_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ hasPassword: await hasPassword(user.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const withPassword = await hasPassword(user.id);
  const submission = parsePasswordChangeForm(await request.formData(), {
    hasPassword: withPassword,
    user,
  });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDE_FIELDS }) }, { status: 400 });
  }
  const session = await getSession(request);
  const result = await changeOwnPassword(user.id, submission.value, session.id);
  if (!result.ok) {
    return json(
      {
        result: submission.reply({
          hideFields: HIDE_FIELDS,
          fieldErrors: { currentPassword: [passwordCheckMessage(result.reason, "email")] },
        }),
      },
      { status: result.reason === "too-many" ? 429 : 400 },
    );
  }
  return redirectWithToast(request, "/profile/security", {
    title: PROFILE_MESSAGES.passwordUpdated,
    description: "Cerramos tu sesión en los demás dispositivos.",
  });
}

export default function ProfileSecurityRoute() {
  const { hasPassword } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<ReturnType<typeof passwordChangeSchema>>({
    id: "password",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  return (
    <section aria-labelledby="cambiar-contrasena" className="max-w-md space-y-4">
      <h2 id="cambiar-contrasena" className="text-lg font-semibold">
        {hasPassword ? "Cambiar contraseña" : "Crear una contraseña"}
      </h2>
      {hasPassword ? null : (
        <p className="text-fg-muted text-sm">
          Entras con Google. Crea una contraseña para poder entrar también con tu correo.
        </p>
      )}
      <Form method="post" {...form.props} className="space-y-4">
        {hasPassword ? (
          <Field
            label="Contraseña actual"
            type="password"
            {...fieldProps(field("currentPassword"))}
            autoComplete="current-password"
          />
        ) : null}
        <Field
          label="Nueva contraseña"
          type="password"
          {...fieldProps(field("newPassword"))}
          autoComplete="new-password"
        />
        <Field
          label="Confirmar nueva contraseña"
          type="password"
          {...fieldProps(field("confirmPassword"))}
          autoComplete="new-password"
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : "Actualizar contraseña"}
        </Button>
      </Form>
    </section>
  );
}
