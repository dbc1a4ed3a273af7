import { Link } from "@remix-run/react";
import { pageWindow } from "~/models/catalog/catalog";

const item =
  "inline-grid h-11 min-w-11 place-items-center rounded-md border border-border px-3 text-sm";

/** Page links that work without JS: previous, numbers (with gaps), next. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Paginación" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={`${item} hover:bg-surface-muted`}>
              Anterior
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} text-fg-muted opacity-60`}>
              Anterior
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="text-fg-muted px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={`Página ${n}`}
                aria-current={n === page ? "page" : undefined}
                className={`${item} ${
                  n === page
                    ? "bg-primary text-primary-fg border-transparent font-semibold"
                    : "hover:bg-surface-muted"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={hrefFor(page + 1)} rel="next" className={`${item} hover:bg-surface-muted`}>
              Siguiente
            </Link>
          ) : (
            <span aria-disabled="true" className={`${item} text-fg-muted opacity-60`}>
              Siguiente
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
