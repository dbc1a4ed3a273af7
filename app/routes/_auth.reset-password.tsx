import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, FormErrorAlert } from "~/components/auth/auth-card";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { createLoginSession, homeFor } from "~/web/auth.server";
import { guardAction } from "~/web/guard-action.server";
import { PASSWORD_RESET_MESSAGES } from "~/models/auth/password-reset";
import {
  findPasswordResetAccount,
  parseResetPasswordForm,
  resetPassword,
  type ResetPasswordSchema,
} from "~/models/auth/password-reset.server";

/*
 * /reset-password?token=… (decision 105): the link of the e-mail. A good link asks for the new
 * password under the store's policy; on success the link is spent, every session of the user
 * ends and this browser is signed in on a new one. Every bad link (expired, used, unknown,
 * altered) gets the same refusal and changes nothing.
 */

export const meta: MetaFunction = () => [
  { title: "Nueva contraseña | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

const HIDE_FIELDS = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const account = await findPasswordResetAccount(token);
  return json({ token: account ? token : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "");
  const account = await findPasswordResetAccount(token);
  const submission = parseResetPasswordForm(formData, account);
  // Expired, used, unknown or tampered: one refusal, whatever the reason (decision 105).
  const refuseLink = () =>
    json(
      {
        result: submission.reply({
          formErrors: [PASSWORD_RESET_MESSAGES.invalidLink],
          hideFields: HIDE_FIELDS,
        }),
        invalidLink: true,
      },
      { status: 400 },
    );
  if (!account) return refuseLink();
  if (submission.status !== "success") {
    return json(
      { result: submission.reply({ hideFields: HIDE_FIELDS }), invalidLink: false },
      { status: 400 },
    );
  }
  const reset = await resetPassword({ token, password: submission.value.password });
  if (!reset.ok) return refuseLink();
  return createLoginSession(
    request,
    reset.user,
    homeFor(reset.user),
    { title: PASSWORD_RESET_MESSAGES.done, description: PASSWORD_RESET_MESSAGES.doneDescription },
    { clientIp: context.clientIp ?? null },
  );
}

export default function ResetPasswordRoute() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof ResetPasswordSchema>({
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  const footer = (
    <Link to="/login" className="text-accent font-medium underline">
      Volver a iniciar sesión
    </Link>
  );
  if (!token || actionData?.invalidLink) {
    return (
      <AuthCard title="Enlace no válido" footer={footer}>
        <p role="alert" className="text-sm">
          {PASSWORD_RESET_MESSAGES.invalidLink}
        </p>
        <Link
          to="/forgot-password"
          className="text-accent mt-4 inline-flex min-h-11 items-center font-medium underline"
        >
          Pedir un enlace nuevo
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Crea una contraseña nueva"
      subtitle="Al guardarla, entrarás a tu cuenta y se cerrará tu sesión en los demás dispositivos."
      footer={footer}
    >
      <Form method="post" {...form.props} className="space-y-4">
        <FormErrorAlert
          id={form.errorId}
          title="No se pudo cambiar la contraseña"
          errors={form.errors}
        />
        <input type="hidden" name="token" value={token} />
        <Field
          label="Nueva contraseña"
          type="password"
          {...fieldProps(field("password"))}
          autoComplete="new-password"
          required
        />
        <Field
          label="Confirmar contraseña"
          type="password"
          {...fieldProps(field("confirmPassword"))}
          autoComplete="new-password"
          required
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Guardando..." : "Guardar contraseña"}
        </Button>
      </Form>
    </AuthCard>
  );
}
