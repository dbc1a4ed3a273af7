import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { XIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { useFocusTrap } from "~/hooks/use-focus-trap";
import { useHydrated } from "~/hooks/use-hydrated";
import { keptAsServed } from "~/utils/shown-later";
import type { FilterFormProps } from "./filter-fields";

export const FILTER_FORM_ID = "catalog-filters";

/**
 * The filters' form as a page keeps it (decision 159): a plain GET form whose server HTML stays
 * until the filters in force change; `onServer` is filter-fields-render.server.ts's, which only
 * a route may import.
 */
export function keptFilterForm(onServer: ComponentType<FilterFormProps>) {
  return keptAsServed(onServer, () =>
    import("./filter-fields").then((module) => module.FilterForm),
  );
}

/**
 * The filters as a plain GET form. Beside the results from `lg`; below that, a side sheet
 * opened by a checkbox and its labels, so it opens and closes without JavaScript. With it
 * (decision 097) the sheet is a modal dialog: a button opens it, the focus stays inside, Escape
 * and the ✕ button close it and the focus goes back to 'Filtros'. The checkbox stays the one
 * state the CSS shows, so a sheet opened before hydration stays open.
 */
export function FilterSheet({
  active,
  children,
}: {
  active: number;
  /** The form itself (filter-fields.tsx), kept as the server sent it (decision 159). */
  children: ReactNode;
}) {
  const toggle = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (toggle.current?.checked) setOpen(true);
  }, []);
  // With JS, applying filters navigates without a reload: fold the sheet afterwards.
  useEffect(() => {
    if (key === shownKey.current) return;
    shownKey.current = key;
    setOpen(false);
  }, [key]);
  useEffect(() => {
    if (!toggle.current || toggle.current.checked === open) return;
    toggle.current.checked = open;
    if (open) sheet.current?.querySelector<HTMLElement>("button, a[href], input, select")?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  useFocusTrap(sheet, open, close);
  const modal = hydrated && open;
  return (
    <>
      <input
        ref={toggle}
        id="filters-open"
        type="checkbox"
        className="peer sr-only lg:hidden"
        aria-label="Mostrar filtros"
        tabIndex={hydrated ? -1 : undefined}
        aria-hidden={hydrated ? true : undefined}
      />
      {hydrated ? (
        <button
          ref={opener}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          aria-label={
            active > 0 ? `Filtros, ${active} ${active === 1 ? "activo" : "activos"}` : undefined
          }
          className={`${buttonClasses("secondary")} w-full lg:hidden`}
        >
          <span>Filtros</span>
          <ActiveCount count={active} />
        </button>
      ) : (
        <label
          htmlFor="filters-open"
          className={`${buttonClasses("secondary")} peer-focus-visible:ring-ring w-full cursor-pointer peer-focus-visible:ring-2 lg:hidden`}
          aria-hidden="true"
        >
          <span>Filtros</span>
          <ActiveCount count={active} />
        </label>
      )}
      <div className="fixed inset-0 z-50 hidden peer-checked:block lg:static lg:z-auto lg:block">
        {hydrated ? (
          <div
            aria-hidden="true"
            onClick={close}
            className="absolute inset-0 bg-black/50 lg:hidden"
          />
        ) : (
          <label
            htmlFor="filters-open"
            aria-hidden="true"
            className="absolute inset-0 bg-black/50 lg:hidden"
          />
        )}
        <aside
          ref={sheet}
          aria-label={modal ? undefined : "Filtros"}
          aria-labelledby={modal ? "filters-title" : undefined}
          role={modal ? "dialog" : undefined}
          aria-modal={modal ? true : undefined}
          className="bg-surface absolute inset-y-0 left-0 w-80 max-w-[85vw] overflow-y-auto p-5 shadow-xl lg:static lg:w-auto lg:max-w-none lg:bg-transparent lg:p-0 lg:shadow-none"
        >
          <div className="mb-4 flex items-center justify-between lg:hidden">
            <h2 id="filters-title" className="text-lg font-semibold">
              Filtros
            </h2>
            {hydrated ? (
              <button
                type="button"
                onClick={close}
                aria-label="Cerrar filtros"
                className={buttonClasses("ghost", "icon")}
              >
                <XIcon aria-hidden="true" />
              </button>
            ) : (
              <label
                htmlFor="filters-open"
                className={`${buttonClasses("ghost", "icon")} cursor-pointer`}
                title="Cerrar filtros"
              >
                <XIcon aria-hidden="true" />
                <span className="sr-only">Cerrar filtros</span>
              </label>
            )}
          </div>
          {children}
        </aside>
      </div>
    </>
  );
}

/** Issue 39: how many filters narrow the list, on the button that opens them (a phone's). */
function ActiveCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="bg-accent text-accent-fg grid h-5 min-w-5 place-items-center rounded-full px-1 text-xs font-semibold"
    >
      {count}
    </span>
  );
}
