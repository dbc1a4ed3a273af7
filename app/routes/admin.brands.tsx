import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { listAdminBrands, type AdminBrand } from "~/models/catalog/brands.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";

type View = "grid" | "table";

export const meta: MetaFunction = () => [{ title: "Marcas | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.trim() ?? "";
  const view: View = url.searchParams.get("view") === "table" ? "table" : "grid";
  const brands = await listAdminBrands({ search });
  return json({ brands, search, view });
}

export default function AdminBrandsRoute() {
  const { brands, search, view } = useLoaderData<typeof loader>();
  // The view is a link, not a toggle in state: it works without JS and survives a reload.
  const viewHref = (target: View) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (target === "table") params.set("view", "table");
    const query = params.toString();
    return query ? `/admin/brands?${query}` : "/admin/brands";
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Marcas</h1>
        <Link to="/admin/brands/new" className={buttonClasses("primary")}>
          Nueva marca
        </Link>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex gap-2">
          {view === "table" ? <input type="hidden" name="view" value="table" /> : null}
          <label htmlFor="brand-search" className="sr-only">
            Buscar marcas por nombre
          </label>
          <Input
            id="brand-search"
            type="search"
            name="q"
            defaultValue={search}
            placeholder="Buscar por nombre..."
            className="w-64"
          />
          <Button type="submit" variant="secondary">
            Buscar
          </Button>
        </Form>
        <nav aria-label="Vista" className="flex gap-2">
          <Link
            to={viewHref("grid")}
            aria-current={view === "grid" ? "page" : undefined}
            className={buttonClasses(view === "grid" ? "primary" : "secondary", "sm")}
          >
            Tarjetas
          </Link>
          <Link
            to={viewHref("table")}
            aria-current={view === "table" ? "page" : undefined}
            className={buttonClasses(view === "table" ? "primary" : "secondary", "sm")}
          >
            Tabla
          </Link>
        </nav>
      </div>

      <p className="text-fg-muted text-sm">
        {brands.length === 1 ? "1 marca" : `${brands.length} marcas`}
        {search ? ` para «${search}»` : null}
      </p>

      {brands.length === 0 ? (
        <p className="text-fg-muted">No se encontraron marcas.</p>
      ) : view === "table" ? (
        <BrandTable brands={brands} />
      ) : (
        <BrandGrid brands={brands} />
      )}
    </div>
  );
}

function BrandLogo({ brand }: { brand: AdminBrand }) {
  return brand.logoUrl ? (
    <img
      src={brand.logoUrl}
      alt={`Logo de ${brand.name}`}
      loading="lazy"
      className="border-border size-12 shrink-0 rounded-md border object-contain"
    />
  ) : (
    <span
      aria-hidden
      className="bg-surface-muted text-fg-muted flex size-12 shrink-0 items-center justify-center rounded-md text-lg font-semibold"
    >
      {brand.name.charAt(0).toUpperCase()}
    </span>
  );
}

function ProductCount({ count }: { count: number }) {
  return <>{count === 1 ? "1 producto" : `${count} productos`}</>;
}

function BrandGrid({ brands }: { brands: AdminBrand[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {brands.map((brand) => (
        <li key={brand.id} className="border-border bg-surface space-y-3 rounded-lg border p-4">
          <div className="flex items-center gap-3">
            <BrandLogo brand={brand} />
            <div className="min-w-0">
              <h2 className="truncate font-semibold">{brand.name}</h2>
              <p className="text-fg-muted truncate text-sm">{brand.slug}</p>
            </div>
            {brand.isActive ? null : <Badge className="ml-auto">Inactiva</Badge>}
          </div>
          {brand.description ? (
            <p className="text-fg-muted line-clamp-3 text-sm">{brand.description}</p>
          ) : null}
          <p className="text-sm">
            <ProductCount count={brand.productCount} /> · Creada el {formatDate(brand.createdAt)}
          </p>
          <div className="flex gap-2">
            <Link
              to={`/admin/brands/${brand.id}`}
              aria-label={`Editar ${brand.name}`}
              className={buttonClasses("secondary", "sm")}
            >
              Editar
            </Link>
            <Link
              to={`/admin/brands/${brand.id}/delete`}
              aria-label={`Eliminar ${brand.name}`}
              className={buttonClasses("ghost", "sm")}
            >
              Eliminar
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

function BrandTable({ brands }: { brands: AdminBrand[] }) {
  return (
    <DataTable
      headings={[
        "Logo",
        "Nombre",
        "Slug",
        "Descripción",
        "Productos",
        "Creada",
        { label: "Acciones", hidden: true },
      ]}
    >
      {brands.map((brand) => (
        <tr key={brand.id} className="align-top">
          <td className="px-3 py-2">
            <BrandLogo brand={brand} />
          </td>
          <th scope="row" className="px-3 py-2 font-semibold">
            {brand.name}
            {brand.isActive ? null : <Badge className="ml-2">Inactiva</Badge>}
          </th>
          <td className="px-3 py-2">{brand.slug}</td>
          <td className="text-fg-muted max-w-xs px-3 py-2">
            <span className="line-clamp-2">{brand.description}</span>
          </td>
          <td className="px-3 py-2">{brand.productCount}</td>
          <td className="px-3 py-2 whitespace-nowrap">{formatDate(brand.createdAt)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <Link
              to={`/admin/brands/${brand.id}`}
              aria-label={`Editar ${brand.name}`}
              className="text-accent underline"
            >
              Editar
            </Link>{" "}
            <Link
              to={`/admin/brands/${brand.id}/delete`}
              aria-label={`Eliminar ${brand.name}`}
              className="text-danger ml-2 underline"
            >
              Eliminar
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
