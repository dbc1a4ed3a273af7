import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { fieldProps, useServerForm } from "~/components/forms/server-form";
import { NameFields, PhoneField } from "~/components/person-fields";
import { AuthCard, FormErrorAlert, GoogleButton } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { useIsPending } from "~/hooks/use-is-pending";
import { getSettings } from "~/models/settings/settings.server";
import {
  REGISTRATION_CLOSED,
  REGISTRATION_RECEIVED,
  TOO_MANY_REGISTRATIONS,
} from "~/models/customers/users";
import { parseRegisterForm, type RegisterSchema } from "~/models/customers/account-forms.server";
import { registrationsOpen, submitRegistration } from "~/models/customers/registration.server";
import { guardAction } from "~/web/guard-action.server";
import { requireAnonymous } from "~/web/auth.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithToast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Crear cuenta | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const settings = await getSettings();
  return json({
    googleEnabled: getEnv().googleEnabled,
    registrationOpen: settings.allowRegistrations,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const formData = await request.formData();
  const submission = parseRegisterForm(formData);
  const hideFields = ["password", "confirmPassword"];
  // Closed before anything else: a post made from a page loaded while it was open is refused too.
  if (!(await registrationsOpen())) {
    return json(
      { result: submission.reply({ formErrors: [REGISTRATION_CLOSED], hideFields }) },
      { status: 403 },
    );
  }
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  // Decision 082: counted before the password's strength is weighed (083) or hashed; the same
  // answer whether the address was new or already had an account.
  const registered = await submitRegistration(submission.value, context.clientIp ?? "unknown");
  if (!registered.ok && registered.reason === "too-many") {
    return json(
      { result: submission.reply({ formErrors: [TOO_MANY_REGISTRATIONS], hideFields }) },
      { status: 429, headers: { "Retry-After": "3600" } },
    );
  }
  if (!registered.ok) {
    return json(
      {
        result: submission.reply({ fieldErrors: { password: [registered.message] }, hideFields }),
      },
      { status: 400 },
    );
  }
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const loginUrl = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  return redirectWithToast(request, loginUrl, REGISTRATION_RECEIVED);
}

export default function RegisterRoute() {
  const { googleEnabled, registrationOpen } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof RegisterSchema>({
    id: "register",
    lastResult: actionData?.result,
    defaultValue: {},
  });

  return (
    <AuthCard
      title="Crear cuenta"
      subtitle="Regístrate y recibe 50 puntos de bienvenida."
      footer={
        <>
          ¿Ya tienes cuenta?{" "}
          <Link to="/login" className="text-accent font-medium underline">
            Inicia sesión
          </Link>
        </>
      }
    >
      {registrationOpen ? (
        <>
          <Form method="post" {...form.props} className="space-y-4">
            <FormErrorAlert
              id={form.errorId}
              title="No se pudo crear la cuenta. Verifica que todos los datos sean correctos."
              errors={form.errors}
            />
            <NameFields firstName={field("firstName")} lastName={field("lastName")} />
            <Field
              label="Correo electrónico"
              type="email"
              {...fieldProps(field("email"))}
              autoComplete="email"
            />
            <PhoneField label="Teléfono (opcional)" field={field("phone")} />
            <Field
              label="Contraseña"
              type="password"
              {...fieldProps(field("password"))}
              autoComplete="new-password"
            />
            <Field
              label="Confirmar contraseña"
              type="password"
              {...fieldProps(field("confirmPassword"))}
              autoComplete="new-password"
            />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? "Creando cuenta..." : "Crear cuenta"}
            </Button>
          </Form>
          {googleEnabled ? <GoogleButton /> : null}
        </>
      ) : (
        <p role="status">{REGISTRATION_CLOSED}</p>
      )}
    </AuthCard>
  );
}
