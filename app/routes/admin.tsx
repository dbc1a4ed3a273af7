import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { AdminShell } from "~/components/admin-shell";
import { AccessDeniedScreen, ErrorScreen, NotFoundScreen } from "~/components/error-screen";
import { requireAdmin } from "~/utils/auth.server";

export const meta: MetaFunction = () => [
  { title: "Panel Administrativo | Perfumería de Lujo" },
  { name: "robots", content: "noindex" },
];

// Each admin route repeats requireAdmin in its own loader and action: this guard only
// decides what the layout renders, it protects nothing by itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return json({ user: { firstName: user.firstName, lastName: user.lastName, email: user.email } });
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <AccessDeniedScreen message={error.data?.message} />;
    if (error.status === 404) return <NotFoundScreen />;
  }
  return (
    <ErrorScreen
      status={500}
      title="Algo salió mal"
      message="Inténtalo de nuevo en unos minutos."
    />
  );
}
