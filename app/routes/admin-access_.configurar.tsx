import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { CancelSignIn, SecondFactorForm } from "~/components/auth/second-factor-form";
import { commitSession } from "~/web/session.server";
import {
  confirmSetup,
  keepSecondStep,
  readSecondStepPost,
  requireSecondStepSubject,
  setupSecret,
} from "~/web/two-factor.server";

/*
 * /admin-access/configurar (decision 163): an administrator without a second factor sets one up
 * before entering the panel: the first sign-in after the change, with ADMIN_PASSWORD or the
 * printed first-start password too. The QR code (drawn on the server) and the same secret as
 * text; a code of it confirms, and the recovery codes are shown once (/admin-access/codigos).
 */

export const meta: MetaFunction = () => [
  { title: "Configura la verificación en dos pasos | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const subject = await requireSecondStepSubject(request, "setup");
  const { grouped, qrSvg } = await setupSecret(subject);
  return json(
    { secret: grouped, qrSvg, email: subject.user.email },
    { headers: { "Set-Cookie": await commitSession(request, subject.session) } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { subject, submission } = await readSecondStepPost(request, "setup");
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const confirmed = await confirmSetup(request, subject, {
    code: submission.value.code,
    remember: submission.value.remember === "on",
    clientIp: context.clientIp ?? null,
  });
  if (!confirmed.ok) {
    return json(
      { result: submission.reply({ formErrors: [confirmed.message], hideFields: ["code"] }) },
      { status: 400, headers: await keepSecondStep(request, subject) },
    );
  }
  return redirect(confirmed.to, { headers: confirmed.headers });
}

export default function SetupRoute() {
  const { secret, qrSvg, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard
      title="Configura la verificación en dos pasos"
      subtitle="El panel administrativo pide, además de tu contraseña, un código que cambia cada 30 segundos."
      footer={<CancelSignIn />}
    >
      <ol className="mb-6 list-decimal space-y-4 pl-5 text-sm">
        <li>
          Instala una aplicación de autenticación en tu teléfono (Google Authenticator, Microsoft
          Authenticator, 2FAS o la que prefieras) y escanea este código:
          <div
            role="img"
            aria-label={`Código QR para agregar la cuenta ${email}`}
            className="mx-auto mt-3 w-48 rounded-lg bg-white p-2"
            // The server drew it from the secret (qrcode): no outside service sees the secret.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        </li>
        <li>
          ¿No puedes escanearlo? Escribe esta clave en la aplicación:
          <code className="bg-surface-muted mt-2 block rounded-md p-2 text-center font-mono break-all">
            {secret}
          </code>
        </li>
        <li>Escribe el código de 6 dígitos que muestra la aplicación para confirmar.</li>
      </ol>
      <SecondFactorForm
        lastResult={actionData?.result}
        submitLabel="Activar verificación"
        hint="El código que la aplicación muestra ahora para Perfumería de Lujo."
      />
    </AuthCard>
  );
}
