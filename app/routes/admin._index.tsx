import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { getDashboardStats, getSystemStatus, recentOrders } from "~/models/dashboard.server";
import { ORDER_STATUS_BADGES, ORDER_STATUS_SHORT_LABELS } from "~/models/order-status";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Dashboard | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, orders, system] = await Promise.all([
    getDashboardStats(),
    recentOrders(10),
    getSystemStatus(),
  ]);
  return json({ stats, orders, system });
}

const number = new Intl.NumberFormat("es-HN");

function formatBytes(bytes: number) {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${number.format(Math.round(value * 10) / 10)} ${units[unit]}`;
}

function formatUptime(seconds: number) {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

const quickActions = [
  { to: "/admin/products", label: "Gestionar productos" },
  { to: "/admin/orders", label: "Ver pedidos" },
  { to: "/admin/users", label: "Gestionar usuarios" },
  { to: "/admin/settings", label: "Configuración" },
];

export default function AdminDashboardRoute() {
  const { stats, orders, system } = useLoaderData<typeof loader>();
  // Each card links to the screen that explains its figure (the filters live in the URL).
  const cards = [
    { label: "Ventas de hoy", value: formatMoney(stats.todaySales), to: "/admin/analytics" },
    {
      label: "Pedidos pendientes",
      value: number.format(stats.pendingOrders),
      to: "/admin/orders?status=pending",
    },
    {
      label: "Productos activos",
      value: number.format(stats.activeProducts),
      to: "/admin/products",
    },
    { label: "Total de usuarios", value: number.format(stats.totalUsers), to: "/admin/users" },
    {
      label: "Stock bajo",
      value: number.format(stats.lowStockProducts),
      hint: `${stats.stockThreshold} unidades o menos`,
      to: "/admin/products?stock=low",
    },
    { label: "Ventas totales", value: formatMoney(stats.totalSales), to: "/admin/analytics" },
  ];
  const status = [
    { label: "Base de datos", value: formatBytes(system.databaseBytes) },
    {
      label: "Comprobantes por revisar",
      value: number.format(system.proofsAwaitingReview),
      to: "/admin/orders?review=proofs",
    },
    { label: "Archivos subidos", value: formatBytes(system.uploadsBytes) },
    { label: "Espacio libre en disco", value: formatBytes(system.freeDiskBytes) },
    { label: "Versión", value: system.version },
    { label: "Tiempo en línea", value: formatUptime(system.uptimeSeconds) },
  ];

  return (
    <div className="space-y-8">
      <h1 className="font-display text-2xl font-semibold">Dashboard</h1>

      <ul aria-label="Resumen" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="border-border bg-surface hover:border-accent block h-full rounded-xl border p-5"
            >
              <span className="text-fg-muted block text-sm">{card.label}</span>
              <span className="mt-1 block text-2xl font-semibold">{card.value}</span>
              {card.hint ? <span className="text-fg-muted block text-xs">{card.hint}</span> : null}
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="recent-orders" className="min-w-0">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="recent-orders" className="text-lg font-semibold">
              Pedidos recientes
            </h2>
            <Link to="/admin/orders" className="text-accent text-sm underline">
              Ver todos
            </Link>
          </div>
          {orders.length === 0 ? (
            <p className="text-fg-muted mt-4">Aún no hay pedidos.</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-fg-muted">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Pedido
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Cliente
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Total
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Estado
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Fecha
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((order) => (
                    <tr key={order.id} className="border-border border-t">
                      <td className="py-2 pr-4 font-medium whitespace-nowrap">
                        {order.orderNumber}
                      </td>
                      <td className="py-2 pr-4">
                        <span className="block">{order.customerName || order.customerEmail}</span>
                        {order.userId === null ? (
                          <span className="text-fg-muted block text-xs">Invitado</span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-4 text-right whitespace-nowrap">
                        {formatMoney(order.total)}
                      </td>
                      <td className="py-2 pr-4">
                        <Badge variant={ORDER_STATUS_BADGES[order.status]}>
                          {ORDER_STATUS_SHORT_LABELS[order.status]}
                        </Badge>
                      </td>
                      <td className="py-2 whitespace-nowrap">{formatDate(order.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <div className="space-y-8">
          <section aria-labelledby="quick-actions">
            <h2 id="quick-actions" className="text-lg font-semibold">
              Acciones rápidas
            </h2>
            <ul className="mt-4 grid grid-cols-2 gap-2">
              {quickActions.map((action) => (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className="border-border hover:bg-surface-muted flex min-h-10 items-center rounded-md border px-3 py-2 text-sm"
                  >
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="system-status">
            <h2 id="system-status" className="text-lg font-semibold">
              Estado del sistema
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {status.map((row) => (
                <div key={row.label} className="flex justify-between gap-4">
                  <dt className="text-fg-muted">{row.label}</dt>
                  <dd className="font-medium">
                    {row.to ? (
                      <Link to={row.to} className="underline">
                        {row.value}
                      </Link>
                    ) : (
                      row.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
