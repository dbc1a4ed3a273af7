import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard, GoogleButton } from "~/components/auth/auth-card";
import { LoginForm } from "~/components/auth/login-form";
import { PasskeySignIn } from "~/components/auth/passkey-sign-in";
import { requireAnonymous } from "~/web/auth.server";
import { getEnv } from "~/utils/env.server";
import { handleLogin } from "~/web/login.server";

export const meta: MetaFunction = () => [{ title: "Iniciar Sesión | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({ googleEnabled: getEnv().googleEnabled });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleLogin(request, { adminOnly: false, clientIp: context.clientIp ?? "unknown" });
}

export default function LoginRoute() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? undefined;
  const registerHref = redirectTo
    ? `/register?${new URLSearchParams({ redirectTo })}`
    : "/register";
  return (
    <AuthCard
      title="Iniciar Sesión"
      subtitle="Accede a tu cuenta para comprar, seguir tus pedidos y acumular puntos."
      footer={
        <>
          ¿No tienes cuenta?{" "}
          <Link to={registerHref} className="text-accent font-medium underline">
            Regístrate
          </Link>
        </>
      }
    >
      <LoginForm lastResult={actionData?.result} redirectTo={redirectTo} />
      <PasskeySignIn redirectTo={redirectTo} />
      {googleEnabled ? <GoogleButton /> : null}
    </AuthCard>
  );
}
