import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Page } from "~/components/page";
import { Badge } from "~/components/ui/badge";
import { TabNav } from "~/components/ui/tab-nav";
import { requireUser } from "~/web/auth.server";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { mustVerifyEmail } from "~/models/customers/email-verification.server";
import { getSettings } from "~/models/settings/settings.server";

/*
 * /profile (backoffice.md §2): the frame of the customer's profile. Each tab is its own nested
 * route (personal, loyalty, orders, security, danger) with its loader and action.
 */

export const meta: MetaFunction = () => [{ title: "Mi Perfil | Perfumería de Lujo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
    },
    mustVerifyEmail: mustVerifyEmail(user, await getSettings()),
  });
}

const PROFILE_TABS = [
  { to: "/profile", label: "Personal", end: true },
  { to: "/profile/loyalty", label: "Lealtad" },
  { to: "/profile/orders", label: "Pedidos" },
  { to: "/profile/security", label: "Seguridad" },
  { to: "/profile/danger", label: "Eliminar cuenta" },
];

export default function ProfileLayout() {
  const { user, mustVerifyEmail } = useLoaderData<typeof loader>();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  return (
    <Page
      title="Mi Perfil"
      intro={
        <span className="flex flex-wrap items-center gap-2">
          <span>{name}</span>
          <Badge variant={user.role === "admin" ? "solid" : "neutral"}>
            {user.role === "admin" ? "Administrador" : "Cliente"}
          </Badge>
        </span>
      }
    >
      {mustVerifyEmail ? <VerifyEmailNotice /> : null}
      <TabNav label="Secciones del perfil" tabs={PROFILE_TABS} />
      <div className="mt-6">
        <Outlet />
      </div>
    </Page>
  );
}

/** backoffice.md §8: a profile that fails to load says so in the spec's words. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary unexpectedMessage="No se pudo cargar la información del perfil." />;
}
