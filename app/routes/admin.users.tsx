import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FilterForm, filterFieldClass } from "~/components/ui/filter-form";
import { Pager } from "~/components/ui/pager";
import { TIER_LABELS } from "~/models/loyalty/loyalty";
import { ROLE_FILTER_LABELS, ROLE_FILTERS } from "~/models/customers/admin";
import { listAdminUsers, type AdminUserListItem } from "~/models/customers/admin.server";
import { requireAdmin } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { requestedPage } from "~/utils/paging";

export const meta: MetaFunction = () => [{ title: "Usuarios | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const role = ROLE_FILTERS.find((value) => value === url.searchParams.get("role")) ?? "all";
  const filters = {
    search: url.searchParams.get("q")?.trim() ?? "",
    role,
    page: requestedPage(url.searchParams.get("page")),
  };
  const list = await listAdminUsers(filters);
  return json({ filters, list });
}

export default function AdminUsersRoute() {
  const { filters, list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Usuarios</h1>
        <Link to="/admin/users/new" className={buttonClasses("primary")}>
          Registrar usuario
        </Link>
      </div>
      <FilterForm count={{ total: list.total, one: "usuario", many: "usuarios" }}>
        <label className="text-sm">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={filters.search}
            placeholder="Nombre, correo o teléfono"
            className={`${filterFieldClass} w-72`}
          />
        </label>
        <label className="text-sm">
          Rol
          <select name="role" defaultValue={filters.role} className={filterFieldClass}>
            {ROLE_FILTERS.map((role) => (
              <option key={role} value={role}>
                {ROLE_FILTER_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
      </FilterForm>
      <DataTable
        headings={[
          "Nombre",
          "Contacto",
          "Rol",
          "Estado",
          "Pedidos",
          "Total gastado",
          "Lealtad",
          "Registro",
          "Acciones",
        ]}
        empty={list.users.length === 0 && "No se encontraron usuarios"}
      >
        {list.users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </DataTable>
      <Pager page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

function UserRow({ user }: { user: AdminUserListItem }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        {name}
      </th>
      <td className="px-3 py-2">
        <div>{user.email}</div>
        {user.phone ? <div className="text-fg-muted whitespace-nowrap">{user.phone}</div> : null}
      </td>
      <td className="px-3 py-2">
        {user.role === "admin" ? (
          <Badge variant="solid">Administrador</Badge>
        ) : (
          <Badge variant="neutral">Cliente</Badge>
        )}
      </td>
      <td className="px-3 py-2">
        {user.isBlocked ? (
          <Badge variant="danger">Bloqueado</Badge>
        ) : (
          <Badge variant="success">Activo</Badge>
        )}
      </td>
      <td className="px-3 py-2">{user.orderCount.toLocaleString("es-HN")}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatMoney(user.totalSpent)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {user.loyaltyPoints.toLocaleString("en-US")} pts · {TIER_LABELS[user.loyaltyTier]}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(user.createdAt)}</td>
      <td className="space-y-1 px-3 py-2">
        <Link
          to={`/admin/users/${user.id}`}
          aria-label={`Ver perfil de ${name}`}
          className="block underline"
        >
          Ver perfil
        </Link>
        <Link
          to={`/admin/users/${user.id}/delete`}
          aria-label={`Eliminar a ${name}`}
          className="text-danger block underline"
        >
          Eliminar
        </Link>
      </td>
    </tr>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
