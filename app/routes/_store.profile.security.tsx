import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { passwordChangeSchema, PROFILE_MESSAGES } from "~/models/customers/users";
import { changeOwnPassword, hasPassword } from "~/models/customers/users.server";
import { guardAction } from "~/models/auth/guard-action.server";
import { requireUser } from "~/models/auth/auth.server";
import { strongPasswordRule } from "~/models/customers/password-policy.server";
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
  // The common-password rule runs on the server only (decision 083).
  const submission = parseWithZod(await request.formData(), {
    schema: passwordChangeSchema(withPassword).superRefine(
      strongPasswordRule("newPassword", () => [user.email, user.firstName, user.lastName]),
    ),
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
          fieldErrors: { currentPassword: [PROFILE_MESSAGES.wrongPassword] },
        }),
      },
      { status: 400 },
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
  const schema = passwordChangeSchema(hasPassword);
  const [form, fields] = useForm({
    id: "password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {hasPassword ? (
          <Field
            label="Contraseña actual"
            errors={fields.currentPassword.errors}
            {...getInputProps(fields.currentPassword, { type: "password" })}
            autoComplete="current-password"
          />
        ) : null}
        <Field
          label="Nueva contraseña"
          errors={fields.newPassword.errors}
          {...getInputProps(fields.newPassword, { type: "password" })}
          autoComplete="new-password"
        />
        <Field
          label="Confirmar nueva contraseña"
          errors={fields.confirmPassword.errors}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Guardando..." : "Actualizar contraseña"}
        </Button>
      </Form>
    </section>
  );
}
