import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TabNav } from "~/components/ui/tab-nav";
import { getSettings } from "~/models/settings/settings.server";
import { SETTINGS_TABS, settingsTabPath } from "~/models/settings/definitions";
import { requireAdmin } from "~/web/auth.server";

/*
 * /admin/settings (backoffice.md §2 "General settings"): the frame of the settings screen. Each
 * tab is a URL that saves its own entries: General at /admin/settings (the index route), the
 * others at /admin/settings/{tab}; admin.settings.$tab.tsx serves them all.
 */

export const meta: MetaFunction = () => [{ title: "Configuración | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { maintenanceMode } = await getSettings();
  return json({
    tabs: SETTINGS_TABS.map((tab) => ({ to: settingsTabPath(tab), label: tab.label, end: true })),
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
