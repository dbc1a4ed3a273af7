import { Form, Link, useLocation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import {
  CATALOG_TYPE_OPTIONS,
  GENDER_OPTIONS,
  PERFUME_TYPE_OPTIONS,
  PRICE_FILTER,
  type CatalogQuery,
} from "~/models/catalog/catalog";
import { FILTER_FORM_ID } from "./filter-form";

const selectClasses =
  "border-border-strong bg-surface text-fg block h-11 w-full rounded-md border px-3 text-base";

export type FilterFormProps = {
  query: CatalogQuery;
  brands: { id: number; name: string }[];
  /** Where the form goes (the route's own path). */
  action: string;
  /** The made-to-order catalogue fixes the catalogue type and offers no flags. */
  showCatalogType?: boolean;
  showFlags?: boolean;
};

/**
 * The filters as a plain GET form (the sort select of the toolbar belongs to it through `form=`).
 * Only read and sent, so the page keeps its server HTML until the filters change (decision 159).
 */
export function FilterForm({
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
