import { WhatsappLink } from "~/components/whatsapp-link";
import { whatsappUrl } from "~/utils/whatsapp";
import {
  json,
  redirect,
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
import { guardAction } from "~/web/guard-action.server";
import { PASSWORD_RESET_MESSAGES } from "~/models/auth/password-reset";
import {
  parseForgotPasswordForm,
  requestPasswordReset,
  type ForgotPasswordSchema,
} from "~/models/auth/password-reset.server";
import { getMailContext } from "~/models/mail/context.server";
import { getSettings } from "~/models/settings/settings.server";
import { getEnv } from "~/utils/env.server";
import {
  addressKey,
  passwordResetsByAddress,
  passwordResetsByIp,
} from "~/utils/public-form-limits.server";

/*
 * /forgot-password (decision 105): asks for the account's e-mail and sends a link valid for one
 * hour. The answer is the same for every address. Without SMTP the store sends nothing, so the
 * page says how to reach the shop instead of offering the form.
 */

export const meta: MetaFunction = () => [
  { title: "Recuperar contraseña | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

const SENT_PARAM = "enviado";

export async function loader({ request }: LoaderFunctionArgs) {
  const settings = await getSettings();
  return json({
    mailEnabled: getEnv().smtp !== null,
    sent: new URL(request.url).searchParams.has(SENT_PARAM),
    contact: { email: settings.contactEmail, whatsapp: settings.contactWhatsapp.trim() },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await guardAction(request);
  const submission = parseForgotPasswordForm(await request.formData());
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  // Without SMTP nobody would read the e-mail: nothing is queued, the page shows the contacts.
  if (!getEnv().smtp) return redirect("/forgot-password");
  const { email } = submission.value;
  // Per IP first; an address is only counted for a request its IP may make.
  const allowed =
    (await passwordResetsByIp.consume(context.clientIp ?? "unknown")) &&
    (await passwordResetsByAddress.consume(addressKey(email)));
  if (!allowed) {
    return json(
      { result: submission.reply({ formErrors: [PASSWORD_RESET_MESSAGES.tooMany] }) },
      { status: 429, headers: { "Retry-After": "3600" } },
    );
  }
  // After the answer (the next turn of the event loop, not awaited): the account is looked up
  // and the link written once the redirect is on its way, so the answer takes the same time
  // for an address with an account and one without (awaited, it took some 9 ms more). A
  // failure is logged; the person can ask again.
  const mail = await getMailContext();
  setImmediate(() => {
    requestPasswordReset(email, mail).catch((error) =>
      console.error("[password-reset] request failed", error),
    );
  });
  return redirect(`/forgot-password?${SENT_PARAM}=1`);
}

export default function ForgotPasswordRoute() {
  const { mailEnabled, sent, contact } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // The action checks the post; its reply shows here, with or without JS (decision 109).
  const { form, field } = useServerForm<typeof ForgotPasswordSchema>({
    id: "forgot-password",
    lastResult: actionData?.result,
    defaultValue: {},
  });
  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle={
        mailEnabled && !sent
          ? "Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva."
          : undefined
      }
      footer={
        <Link to="/login" className="text-accent font-medium underline">
          Volver a iniciar sesión
        </Link>
      }
    >
      {!mailEnabled ? (
        <div className="space-y-3 text-sm">
          <p>{PASSWORD_RESET_MESSAGES.noEmail}</p>
          <ul className="list-disc space-y-1 pl-5">
            {whatsappUrl(contact.whatsapp) ? (
              <li>
                WhatsApp:{" "}
                <WhatsappLink
                  phone={contact.whatsapp}
                  text="Hola, olvidé la contraseña de mi cuenta en la tienda."
                  className="text-accent underline"
                >
                  {contact.whatsapp}
                </WhatsappLink>
              </li>
            ) : null}
            {contact.email ? (
              <li>
                Correo:{" "}
                <a href={`mailto:${contact.email}`} className="text-accent underline">
                  {contact.email}
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/contact" className="text-accent underline">
                Formulario de contacto
              </Link>
            </li>
          </ul>
        </div>
      ) : sent ? (
        <p role="status" className="text-sm">
          {PASSWORD_RESET_MESSAGES.requested}
        </p>
      ) : (
        <Form method="post" {...form.props} className="space-y-4">
          <FormErrorAlert
            id={form.errorId}
            title="No se pudo enviar el enlace"
            errors={form.errors}
          />
          <Field
            label="Correo electrónico"
            type="email"
            {...fieldProps(field("email"))}
            autoComplete="email"
            required
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Enviando..." : "Enviar enlace"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
