import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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
  return <GeneralErrorBoundary />;
}
