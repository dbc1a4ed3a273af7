import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TabNav } from "~/components/ui/tab-nav";
import { getSettings } from "~/models/settings.server";
import { SETTINGS_TABS } from "~/models/settings-definitions";
import { requireAdmin } from "~/utils/auth.server";

/*
 * /admin/settings (backoffice.md §2 "General settings"): the frame of the settings screen. Each
 * tab is a URL, /admin/settings/{tab} (admin.settings.$tab.tsx), that saves its own entries.
 */

export const meta: MetaFunction = () => [{ title: "Configuración | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { maintenanceMode } = await getSettings();
  return json({
    tabs: SETTINGS_TABS.map((tab) => ({ to: `/admin/settings/${tab.slug}`, label: tab.label })),
    maintenanceMode,
  });
}

export default function AdminSettingsRoute() {
  const { tabs, maintenanceMode } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Configuración</h1>
        <p className="text-fg-muted text-sm">
          Los cambios se aplican en la tienda desde la siguiente visita de cada cliente.
        </p>
      </div>
      {maintenanceMode ? (
        <p role="status" className="border-danger/40 bg-danger/10 rounded-lg border p-3 text-sm">
          <strong className="text-danger">Modo mantenimiento activo.</strong> Los visitantes ven la
          pantalla de mantenimiento; solo los administradores usan la tienda. Se desactiva en la
          pestaña General.
        </p>
      ) : null}
      <TabNav label="Secciones de la configuración" tabs={tabs} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
