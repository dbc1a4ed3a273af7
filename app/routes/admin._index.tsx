import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { useRevalidateOnInterval } from "~/hooks/use-revalidate-on-interval";
import {
  countUncollectedCash,
  getDashboardStats,
  getSystemStatus,
  recentOrders,
} from "~/models/analytics/dashboard.server";
import { ORDER_STATUS_BADGES, ORDER_STATUS_SHORT_LABELS } from "~/models/orders/status";
import { guardAction } from "~/web/guard-action.server";
import { requireAdmin } from "~/web/auth.server";
import { BACKUP_STALE_HOURS } from "~/models/backups/status.server";
import { BackupError, createBackup } from "~/models/backups/backup.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { offsiteLocation, shipOffsite } from "~/models/backups/offsite.server";
import { formatMoney } from "~/utils/money";
import { fiscalRangeAlerts } from "~/models/invoicing/ranges.server";
import { getSettings } from "~/models/settings/settings.server";
import { RANGES_PAGE } from "~/models/invoicing/ranges";
import { redirectWithToast } from "~/web/toast.server";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { Unbroken } from "~/components/ui/unbroken";

export const meta: MetaFunction = () => [{ title: "Dashboard | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, orders, system, uncollectedCash, fiscalAlerts] = await Promise.all([
    getDashboardStats(),
    recentOrders(10),
    getSystemStatus(),
    countUncollectedCash(),
    // Decision 173: a range near its end or its deadline, or none to invoice from.
    getSettings().then((settings) =>
      fiscalRangeAlerts(new Date(), { invoicing: settings.fiscal_invoicing }),
    ),
  ]);
  return json({
    stats,
    orders,
    system,
    uncollectedCash,
    fiscalAlerts,
    staleHours: BACKUP_STALE_HOURS,
  });
}

/** "Crear copia de seguridad": the same verified backup as `npm run backup` (decision 073). */
export async function action({ request }: ActionFunctionArgs) {
  await guardAction(request);
  await requireAdmin(request);
  const { DATA_DIR, BACKUP_DIR, offsite, uploadsBucket, postgres } = getEnv();
  let backup;
  try {
    backup = await createBackup({
      dataDir: DATA_DIR,
      backupDir: BACKUP_DIR,
      uploadsBucket,
      postgres,
    });
  } catch (error) {
    console.error("[backup] from the dashboard failed", error);
    return redirectWithToast(request, "/admin", {
      type: "error",
      title: "No se pudo crear la copia de seguridad",
      description:
        error instanceof BackupError ? error.message : "Revisa el registro del servidor.",
    });
  }
  if (!offsite) return redirectWithToast(request, "/admin", { title: "Copia de seguridad creada" });
  // The upload can take minutes on a shop's line: it goes on after the answer (a proxy would
  // time the request out), and the status below follows it (decision 077).
  void shipOffsite(offsite, backup.path).then((record) => {
    if (record.status === "failed") console.error(`[backup] off-site copy failed: ${record.error}`);
  });
  return redirectWithToast(request, "/admin", {
    title: "Copia de seguridad creada",
    description: `Subiéndose a ${offsiteLocation(offsite, backup.path)}.`,
  });
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

const UPLOAD_POLL_MS = 5000;

function StatusWarning({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="border-danger text-danger mt-4 rounded-md border p-3 text-sm">
      {children}
    </p>
  );
}

const quickActions = [
  { to: "/admin/products", label: "Gestionar productos" },
  { to: "/admin/orders", label: "Ver pedidos" },
  { to: "/admin/users", label: "Gestionar usuarios" },
  { to: "/admin/settings", label: "Configuración" },
];

export default function AdminDashboardRoute() {
  const { stats, orders, system, uncollectedCash, fiscalAlerts, staleHours } =
    useLoaderData<typeof loader>();
  const backingUp = useIsPending();
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
    {
      label: "Entregados sin cobrar",
      value: number.format(uncollectedCash),
      to: "/admin/orders?status=delivered&pago=cash_on_delivery&cobro=pendiente",
    },
    {
      label: "Archivos subidos",
      value:
        system.uploadsBytes === null
          ? `En el bucket ${system.uploadsIn}`
          : formatBytes(system.uploadsBytes),
    },
    { label: "Espacio libre en disco", value: formatBytes(system.freeDiskBytes) },
    { label: "Versión", value: system.version },
    { label: "Tiempo en línea", value: formatUptime(system.uptimeSeconds) },
    {
      label: "Servidor de correo",
      value: system.mail.configured ? "Configurado" : "Sin configurar",
      to: "/admin/correos",
    },
  ];
  const { mail } = system;
  const lastBackup = system.backup.last;
  const offsite = system.backup.offsite;
  // With JS the status follows an upload that goes on after the POST; without, a reload does.
  useRevalidateOnInterval(offsite?.last?.status === "uploading" ? UPLOAD_POLL_MS : null);

  return (
    <div className="space-y-8">
      <h1 className="font-display text-2xl font-semibold">Dashboard</h1>

      {fiscalAlerts.length > 0 ? (
        <section aria-labelledby="fiscal-alerts">
          <h2 id="fiscal-alerts" className="text-lg font-semibold">
            Facturación
          </h2>
          <ul className="space-y-2">
            {fiscalAlerts.map((alert) => (
              <li key={alert.message}>
                <StatusWarning>
                  {alert.message}{" "}
                  <Link to={RANGES_PAGE} className="underline">
                    Ver los rangos autorizados
                  </Link>
                </StatusWarning>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

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
            <ScrollRegion label="Pedidos recientes" className="mt-4">
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
                      <td className="py-2 pr-4 font-medium">
                        <Unbroken>{order.orderNumber}</Unbroken>
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
            </ScrollRegion>
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
            {/* Issue 22: e-mails the sender gave up on show like a failed backup (decision 107). */}
            {mail.failed > 0 ? (
              <StatusWarning>
                <Link to="/admin/correos?estado=failed" className="underline">
                  {mail.failed === 1
                    ? "1 correo no se pudo enviar"
                    : `${number.format(mail.failed)} correos no se pudieron enviar`}
                </Link>
              </StatusWarning>
            ) : null}
            {!mail.configured && mail.waiting > 0 ? (
              <p className="text-fg-muted mt-4 text-sm">
                Sin servidor de correo:{" "}
                <Link to="/admin/correos?estado=pending" className="underline">
                  {mail.waiting === 1
                    ? "1 correo espera"
                    : `${number.format(mail.waiting)} correos esperan`}
                </Link>{" "}
                en Correos.
              </p>
            ) : null}
          </section>

          <section aria-labelledby="backups">
            <h2 id="backups" className="text-lg font-semibold">
              Copias de seguridad
            </h2>
            {system.backup.stale ? (
              <StatusWarning>
                {lastBackup
                  ? `La última copia de seguridad tiene más de ${staleHours} horas.`
                  : "Aún no hay copias de seguridad."}
              </StatusWarning>
            ) : null}
            {system.backup.failedRun ? (
              <StatusWarning>
                La copia de seguridad diaria falló el {formatDateTime(system.backup.failedRun.at)}:{" "}
                {system.backup.failedRun.error}
              </StatusWarning>
            ) : null}
            {offsite?.last?.status === "failed" ? (
              <StatusWarning>La copia externa falló: {offsite.last.error}</StatusWarning>
            ) : offsite?.behind ? (
              <StatusWarning>
                La última copia aún no está en el almacenamiento externo.
              </StatusWarning>
            ) : null}
            {lastBackup ? (
              <dl aria-label="Última copia de seguridad" className="mt-4 space-y-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-fg-muted">Última copia</dt>
                  <dd className="font-medium">{formatDateTime(lastBackup.takenAt)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-fg-muted">Tamaño</dt>
                  <dd className="font-medium">{formatBytes(lastBackup.sizeBytes)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-fg-muted">Verificada</dt>
                  <dd className="font-medium">{lastBackup.verified ? "Sí" : "No"}</dd>
                </div>
                <div>
                  <dt className="text-fg-muted">Archivo</dt>
                  <dd className="font-mono text-xs break-all">{lastBackup.path}</dd>
                </div>
                <div>
                  <dt className="text-fg-muted">Copia externa</dt>
                  {offsite?.last?.status === "uploaded" ? (
                    <dd className="font-mono text-xs break-all">
                      {offsite.last.location}, {formatDateTime(offsite.last.at)}
                    </dd>
                  ) : offsite?.last?.status === "uploading" ? (
                    <dd className="text-xs break-all">Subiendo a {offsite.last.location}…</dd>
                  ) : (
                    <dd>{offsite ? "No subida" : "No configurada (BACKUP_S3_*)"}</dd>
                  )}
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-fg-muted">Base de datos</dt>
                  <dd className="font-medium">
                    {system.backup.database.kind === "postgres"
                      ? `PostgreSQL (pg_dump): ${system.backup.database.name}`
                      : "SQLite (store.db)"}
                  </dd>
                </div>
              </dl>
            ) : null}
            <Form method="post" className="mt-4">
              <Button type="submit" variant="secondary" disabled={backingUp}>
                {backingUp ? "Creando copia…" : "Crear copia de seguridad"}
              </Button>
            </Form>
          </section>
        </div>
      </div>
    </div>
  );
}
