import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrorAlert } from "~/components/auth/auth-card";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  DELETE_ACCOUNT_REFUSALS,
  passwordCheckMessage,
  PROFILE_MESSAGES,
} from "~/models/customers/users";
import {
  parseDeleteAccountForm,
  type deleteAccountSchema,
} from "~/models/customers/account-forms.server";
import { checkCurrentPassword, deleteUserAccount } from "~/models/customers/users.server";
import { guardAction } from "~/web/guard-action.server";
import { requireUser } from "~/web/auth.server";
import { getSessionStorage } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

/*
 * /profile/danger (backoffice.md §2): deleting the account, confirmed by typing its e-mail and
 * its current password (decision 129; a plain form, no dialog needed). An account made with
 * Google creates a password first, on /profile/security. What goes and what stays is deleteUserAccount's rule
 * (decision 055). A blocked user is signed out everywhere, so they never
 * reach this page; the model still refuses them inside the transaction, for the race.
 */

export const meta: MetaFunction = () => [{ title: "Eliminar cuenta | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ email: user.email });
}

const HIDE_FIELDS = ["currentPassword"];

export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  const user = await requireUser(request);
  const submission = parseDeleteAccountForm(await request.formData(), user.email);
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDE_FIELDS }) }, { status: 400 });
  }
  const check = await checkCurrentPassword(user.id, submission.value.currentPassword);
  if (check !== "ok") {
    const message = passwordCheckMessage(check, "delete");
    return json(
      {
        result: submission.reply({
          hideFields: HIDE_FIELDS,
          ...(check === "no-password"
            ? { formErrors: [message] }
            : { fieldErrors: { currentPassword: [message] } }),
        }),
      },
      { status: check === "too-many" ? 429 : 400 },
    );
  }
  const result = await deleteUserAccount(user.id);
  if (!result.ok) {
    return json(
      {
        result: submission.reply({
          hideFields: HIDE_FIELDS,
          formErrors: [DELETE_ACCOUNT_REFUSALS[result.reason]],
        }),
      },
      { status: result.reason === "blocked" ? 403 : 409 },
    );
  }
  // The user's sessions went with the account; the toast travels on a fresh, anonymous one.
  const session = await getSessionStorage(request).getSession();
  return redirectWithToast(request, "/", { title: PROFILE_MESSAGES.deleted }, { session });
}

export default function ProfileDangerRoute() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<ReturnType<typeof deleteAccountSchema>>({
    id: "delete-account",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  return (
    <section
      aria-labelledby="eliminar-cuenta"
      className="border-danger/40 max-w-xl space-y-4 rounded-lg border p-5"
    >
      <h2 id="eliminar-cuenta" className="text-danger text-lg font-semibold">
        Eliminar mi cuenta
      </h2>
      <p className="text-sm">
        Se borrarán tus datos, tu carrito, tus favoritos, tus notificaciones, tus puntos y cupones y
        tus reseñas. Tus pedidos se conservan en los registros de la tienda sin tus datos
        personales. Esta acción no se puede deshacer.
      </p>
      <Form method="post" {...form.props} className="space-y-4">
        <FormErrorAlert
          id={form.errorId}
          title="No se pudo eliminar la cuenta"
          errors={form.errors}
        />
        <Field
          label={`Escribe tu correo (${email}) para confirmar`}
          type="email"
          {...fieldProps(field("confirmEmail"))}
          autoComplete="off"
        />
        <Field
          label="Contraseña actual"
          type="password"
          {...fieldProps(field("currentPassword"))}
          autoComplete="current-password"
        />
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Eliminando..." : "Eliminar cuenta definitivamente"}
        </Button>
      </Form>
    </section>
  );
}
