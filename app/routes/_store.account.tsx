import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorScreen } from "~/components/error-screen";
import { Page } from "~/components/page";
import { Button } from "~/components/ui/button";
import { TabNav } from "~/components/ui/tab-nav";
import { requireUserOrUnauthorized } from "~/web/auth.server";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { mustVerifyEmail } from "~/models/customers/email-verification.server";
import { getSettings } from "~/models/settings/settings.server";

/*
 * /account (backoffice.md §2): the customer's account in four tabs, each its own nested route
 * (decision 056 says what each holds), and logout (a POST, D33). A visitor is
 * not redirected: every loader of the section answers 401 and this route's ErrorBoundary shows
 * 'Acceso Requerido' with a link to /login that comes back here.
 */

export const meta: MetaFunction = () => [{ title: "Mi Cuenta | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserOrUnauthorized(request);
  return json({
    name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
    mustVerifyEmail: mustVerifyEmail(user, await getSettings()),
  });
}

const ACCOUNT_TABS = [
  { to: "/account", label: "Perfil", end: true },
  { to: "/account/orders", label: "Pedidos" },
  { to: "/account/addresses", label: "Direcciones" },
  { to: "/account/settings", label: "Configuración" },
];

export default function AccountLayout() {
  const { name, mustVerifyEmail } = useLoaderData<typeof loader>();
  return (
    <Page title="Mi Cuenta" intro={name}>
      {mustVerifyEmail ? <VerifyEmailNotice /> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <TabNav label="Secciones de la cuenta" tabs={ACCOUNT_TABS} />
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="secondary" size="sm">
            Cerrar sesión
          </Button>
        </Form>
      </div>
      <div className="mt-6">
        <Outlet />
      </div>
    </Page>
  );
}

function AccessRequired() {
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <ErrorScreen
      status={401}
      title="Acceso Requerido"
      message="Inicia sesión para ver tu cuenta, tus pedidos y tus direcciones."
      action={{ to: `/login?${new URLSearchParams({ redirectTo })}`, label: "Iniciar Sesión" }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 401: () => <AccessRequired /> }} />;
}
