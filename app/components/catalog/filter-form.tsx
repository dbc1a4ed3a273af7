import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { XIcon } from "~/components/icons";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { useFocusTrap } from "~/hooks/use-focus-trap";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  CATALOG_TYPE_OPTIONS,
  GENDER_OPTIONS,
  PERFUME_TYPE_OPTIONS,
  PRICE_FILTER,
  type CatalogQuery,
} from "~/models/catalog/catalog";

export const FILTER_FORM_ID = "catalog-filters";

const selectClasses =
  "border-border-strong bg-surface text-fg block h-11 w-full rounded-md border px-3 text-base";

/**
 * The filters as a plain GET form. Beside the results from `lg`; below that, a side sheet
 * opened by a checkbox and its labels, so it opens and closes without JavaScript. With it
 * (decision 097) the sheet is a modal dialog: a button opens it, the focus stays inside, Escape
 * and the ✕ button close it and the focus goes back to 'Filtros'. The checkbox stays the one
 * state the CSS shows, so a sheet opened before hydration stays open.
 */
export function FilterSheet({ active, ...props }: FilterFormProps & { active: number }) {
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
          <FilterForm {...props} />
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

type FilterFormProps = {
  query: CatalogQuery;
  brands: { id: number; name: string }[];
  /** Where the form goes (the route's own path). */
  action: string;
  /** The made-to-order catalogue fixes the catalogue type and offers no flags. */
  showCatalogType?: boolean;
  showFlags?: boolean;
};

function FilterForm({
  query,
  brands,
  action,
  showCatalogType = true,
  showFlags = true,
}: FilterFormProps) {
  const location = useLocation();
  return (
    // Keyed on the URL so the fields show the filters in force after every navigation.
    <Form
      key={location.search}
      id={FILTER_FORM_ID}
      method="get"
      action={action}
      className="space-y-6"
    >
      {query.view !== "grid" ? <input type="hidden" name="view" value={query.view} /> : null}
      <div className="space-y-1.5">
        <Label htmlFor="filter-search">Buscar</Label>
        <Input id="filter-search" type="search" name="search" defaultValue={query.search} />
      </div>
      <RadioGroup legend="Categoría" name="gender" options={GENDER_OPTIONS} value={query.gender} />
      <RadioGroup
        legend="Tipo"
        name="perfumeType"
        options={PERFUME_TYPE_OPTIONS}
        value={query.perfumeType}
      />
      {showCatalogType ? (
        <RadioGroup
          legend="Tipo de Catálogo"
          name="catalogType"
          options={CATALOG_TYPE_OPTIONS}
          value={query.catalogType}
        />
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="filter-brand">Marca</Label>
        <select
          id="filter-brand"
          name="brandId"
          defaultValue={query.brandId ?? ""}
          className={selectClasses}
        >
          <option value="">Todas las marcas</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Rango de precio (L)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="filter-min-price" className="text-fg-muted font-normal">
              Precio mínimo
            </Label>
            <Input
              id="filter-min-price"
              name="minPrice"
              type="number"
              inputMode="numeric"
              min={PRICE_FILTER.min}
              max={PRICE_FILTER.max - PRICE_FILTER.gap}
              placeholder={String(PRICE_FILTER.min)}
              defaultValue={query.minPrice ?? ""}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="filter-max-price" className="text-fg-muted font-normal">
              Precio máximo
            </Label>
            <Input
              id="filter-max-price"
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={PRICE_FILTER.min + PRICE_FILTER.gap}
              max={PRICE_FILTER.max}
              placeholder={String(PRICE_FILTER.max)}
              defaultValue={query.maxPrice ?? ""}
            />
          </div>
        </div>
      </fieldset>
      {showFlags ? (
        <div className="space-y-3">
          <Checkbox name="inStock" label="Solo productos en stock" checked={query.inStock} />
          <Checkbox name="featured" label="Solo destacados" checked={query.featured} />
          <Checkbox name="discount" label="Solo con descuento" checked={query.discount} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1">
          Aplicar Filtros
        </Button>
        <Link to={action} className={`${buttonClasses("secondary")} flex-1`}>
          Limpiar Filtros
        </Link>
      </div>
    </Form>
  );
}

function RadioGroup({
  legend,
  name,
  options,
  value,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="border-border has-checked:border-primary has-checked:bg-primary has-checked:text-primary-fg has-focus-visible:ring-ring relative inline-flex min-h-10 cursor-pointer items-center rounded-full border px-3 text-sm has-focus-visible:ring-2"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === value}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-6 cursor-pointer items-center gap-3 text-sm">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        className="accent-primary size-5"
      />
      {label}
    </label>
  );
}
