import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TabNav } from "~/components/ui/tab-nav";
import { CMS_TABS } from "~/models/content/cms";
import { requireAdmin } from "~/web/auth.server";

export const meta: MetaFunction = () => [{ title: "Contenido CMS | Panel Administrativo" }];

// backoffice.md §2: the tabs are URLs, so each works without JS and can be bookmarked.
const TABS = [{ ...CMS_TABS.legal, end: true }, CMS_TABS["customer-service"], CMS_TABS.all];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export default function AdminCmsRoute() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Contenido CMS</h1>
        <p className="text-fg-muted text-sm">
          Las páginas activas reemplazan el texto predeterminado de la tienda.
        </p>
      </div>
      <TabNav label="Secciones del contenido" tabs={TABS} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
