import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/utils/auth.server";
import { getDashboardStats } from "~/models/dashboard.server";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Dashboard | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ stats: await getDashboardStats() });
}

// The six cards of backoffice.md §2 with real figures; recent orders and charts come with the admin issue.
export default function AdminDashboardRoute() {
  const { stats } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Ventas de hoy", value: formatMoney(stats.todaySales) },
    { label: "Pedidos pendientes", value: String(stats.pendingOrders) },
    { label: "Productos activos", value: String(stats.activeProducts) },
    { label: "Usuarios", value: String(stats.totalUsers) },
    { label: "Stock bajo", value: String(stats.lowStockProducts) },
    { label: "Ventas totales", value: formatMoney(stats.totalSales) },
  ];
  return (
    <div>
      <h1 className="text-2xl font-semibold">Dashboard</h1>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="border-border bg-surface rounded-xl border p-5">
            <dt className="text-fg-muted text-sm">{card.label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{card.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
