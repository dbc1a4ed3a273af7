import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import type { CmsPageSummary } from "~/models/content/cms";
import { formatDateTime } from "~/utils/dates";

/** One tab of /admin/cms: each page with its state, its 500-character preview and its actions. */
export function CmsPagesTable({
  pages,
  returnTo,
}: {
  pages: CmsPageSummary[];
  /** The tab the active switch comes back to. */
  returnTo: string;
}) {
  if (pages.length === 0) return <p className="text-fg-muted">No hay páginas en esta sección.</p>;
  return (
    <DataTable
      headings={[
        "Página",
        "Vista previa",
        "Estado",
        "Actualizada",
        { label: "Acciones", hidden: true },
      ]}
    >
      {pages.map((page) => (
        <tr key={page.key} className="align-top">
          <th scope="row" className="px-3 py-2 font-semibold">
            {page.title}
            <span className="text-fg-muted block font-mono text-xs font-normal">
              {page.key}
              {page.path ? ` · ${page.path}` : null}
            </span>
          </th>
          <td className="text-fg-muted max-w-2xl min-w-80 px-3 py-2 text-xs">
            {page.stored
              ? page.preview || "(sin contenido)"
              : "Aún no se ha guardado: la tienda muestra su texto predeterminado."}
          </td>
          <td className="px-3 py-2">
            {page.isActive ? (
              <Badge variant="success">Activa</Badge>
            ) : (
              <Badge variant="neutral">Inactiva</Badge>
            )}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">
            {page.updatedAt ? formatDateTime(page.updatedAt) : "—"}
          </td>
          <td className="px-3 py-2">
            <div className="flex flex-wrap items-start gap-1">
              <Link
                to={`/admin/cms/pages/${encodeURIComponent(page.key)}`}
                aria-label={`Editar ${page.title}`}
                className={buttonClasses("secondary", "sm")}
              >
                Editar
              </Link>
              {page.stored ? (
                <Form method="post" action={`/admin/cms/pages/${encodeURIComponent(page.key)}`}>
                  <input type="hidden" name="returnTo" value={returnTo} />
                  <Button
                    type="submit"
                    name="intent"
                    value={page.isActive ? "deactivate" : "activate"}
                    variant="ghost"
                    size="sm"
                    aria-label={`${page.isActive ? "Desactivar" : "Activar"} ${page.title}`}
                  >
                    {page.isActive ? "Desactivar" : "Activar"}
                  </Button>
                </Form>
              ) : null}
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
