import { Link, useLocation } from "@remix-run/react";
import { buttonClasses } from "./button";

/**
 * Previous / next links for an admin list. They keep every other filter of the URL and only
 * change `page`, so they work as plain links without JS.
 */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `?${params}`;
  };
  return (
    <nav aria-label="Paginación" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={buttonClasses("secondary", "sm")}>
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span>
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={buttonClasses("secondary", "sm")}>
          Siguiente
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
