import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { CancelSignIn, SecondFactorForm } from "~/components/auth/second-factor-form";
import { redirectWithToast } from "~/web/toast.server";
import {
  checkSecondStepCode,
  keepSecondStep,
  passSecondStep,
  readSecondStepPost,
  requireSecondStepSubject,
} from "~/web/two-factor.server";

/*
 * /admin-access/verificar (decision 163): an administrator's second step, after the password.
 * The code of the authenticator app, or one of the recovery codes; five wrong codes and the
 * password is asked again. Open during maintenance, like /admin-access.
 */

export const meta: MetaFunction = () => [
  { title: "Verificación en dos pasos | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSecondStepSubject(request, "code");
  return json({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { subject, submission } = await readSecondStepPost(request, "code");
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const checked = await checkSecondStepCode(subject, submission.value.code);
  if (!checked.ok) {
    if ("restart" in checked) {
      return redirectWithToast(
        request,
        "/admin-access",
        { type: "error", title: checked.message },
        { session: subject.session },
      );
    }
    return json(
      { result: submission.reply({ formErrors: [checked.message], hideFields: ["code"] }) },
      { status: checked.status, headers: await keepSecondStep(request, subject) },
    );
  }
  const passed = await passSecondStep(request, subject, checked.method, {
    remember: submission.value.remember === "on",
    clientIp: context.clientIp ?? null,
  });
  return redirect(passed.to, { headers: passed.headers });
}

export default function SecondStepRoute() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard
      title="Verificación en dos pasos"
      subtitle="Escribe el código de 6 dígitos que muestra tu aplicación de autenticación."
      footer={<CancelSignIn />}
    >
      <SecondFactorForm
        lastResult={actionData?.result}
        submitLabel="Verificar"
        hint="¿No tienes tu teléfono? Escribe uno de tus códigos de recuperación (XXXX-XXXX-XXXX); cada uno sirve una sola vez."
      />
    </AuthCard>
  );
}
