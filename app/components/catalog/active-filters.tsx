import { Link } from "@remix-run/react";
import { XIcon } from "~/components/icons";
import type { ActiveFilter, CatalogQuery } from "~/models/catalog/catalog";

/**
 * Issue 39: the filters the results are narrowed by, named as their controls name them, each a
 * link that takes it off (a plain GET link: it works before and without JavaScript).
 */
export function ActiveFilters({
  filters,
  hrefWithout,
}: {
  filters: ActiveFilter[];
  hrefWithout: (changes: Partial<CatalogQuery>) => string;
}) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Filtros activos" className="mt-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <li key={filter.label}>
          <Link
            to={hrefWithout(filter.without)}
            className="border-border-strong bg-surface-muted text-fg hover:bg-surface inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border px-3 text-sm"
          >
            <span className="min-w-0 break-words">
              <span className="sr-only">Quitar filtro </span>
              {filter.label}
            </span>
            <XIcon aria-hidden="true" className="size-4 shrink-0" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
