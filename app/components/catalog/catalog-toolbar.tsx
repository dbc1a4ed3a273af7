import { Link, useSubmit } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { Label } from "~/components/ui/input";
import { SORT_OPTIONS, type CatalogView, type SortKey } from "~/models/catalog/catalog";
import { FILTER_FORM_ID } from "./filter-form";

/**
 * Count, sort and grid/list toggle. The sort belongs to the filter form (`form=`), so it
 * submits with the filters; without JS an 'Ordenar' button sends it, with JS a change does.
 */
export function CatalogToolbar({
  total,
  sortBy,
  view,
  viewHref,
  sortOptions = SORT_OPTIONS,
}: {
  total: number;
  sortBy: SortKey;
  view: CatalogView;
  viewHref: (view: CatalogView) => string;
  sortOptions?: readonly { value: SortKey; label: string }[];
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-fg-muted mr-auto text-sm">
        {total === 1 ? "1 producto encontrado" : `${total} productos encontrados`}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Label htmlFor="catalog-sort" className="text-fg-muted font-normal">
          Ordenar por
        </Label>
        <select
          key={sortBy}
          id="catalog-sort"
          name="sortBy"
          form={FILTER_FORM_ID}
          defaultValue={sortBy}
          onChange={(event) => {
            const form = event.currentTarget.form;
            if (form) submit(form);
          }}
          className="border-border-strong bg-surface text-fg h-11 max-w-full min-w-0 rounded-md border px-2 text-sm md:h-10"
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" form={FILTER_FORM_ID} className={buttonClasses("secondary", "sm")}>
            Ordenar
          </button>
        )}
      </div>
      <div role="group" aria-label="Vista" className="flex gap-1">
        {(["grid", "list"] as const).map((option) => (
          <Link
            key={option}
            to={viewHref(option)}
            aria-current={option === view ? "true" : undefined}
            className={`${buttonClasses(option === view ? "primary" : "ghost", "sm")}`}
          >
            {option === "grid" ? "Cuadrícula" : "Lista"}
          </Link>
        ))}
      </div>
    </div>
  );
}
