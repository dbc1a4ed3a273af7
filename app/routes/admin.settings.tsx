import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Configuración | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

// Built by the admin issue; the guard is final.
export default function AdminSettingsRoute() {
  useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-semibold">Configuración</h1>
      <p className="text-fg-muted mt-2">Estamos preparando esta sección. Vuelve muy pronto.</p>
    </div>
  );
}
