import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";

/** 'No se encontraron productos', with 'Limpiar Filtros' when filters narrowed the list. */
export function EmptyState({ clearHref }: { clearHref: string | null }) {
  return (
    <div className="border-border rounded-lg border border-dashed px-6 py-16 text-center">
      <p className="text-lg font-medium">No se encontraron productos</p>
      <p className="text-fg-muted mt-2 text-sm">
        Prueba con otras palabras o quita algunos filtros.
      </p>
      {clearHref ? (
        <Link to={clearHref} className={`${buttonClasses("secondary")} mt-6`}>
          Limpiar Filtros
        </Link>
      ) : null}
    </div>
  );
}
