import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { BarChart, type ChartRow, HorizontalBarChart } from "~/components/admin/charts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClasses } from "~/components/ui/button";
import { getAnalytics, parseRange } from "~/models/analytics/analytics.server";
import {
  ORDER_STATUS_SHORT_LABELS,
  paymentMethodLabel,
  SHIPPING_METHOD_LABELS,
} from "~/models/orders/status";
import { CATEGORY_LABELS, GENDER_LABELS } from "~/models/catalog/product-form";
import { requireAdmin } from "~/web/auth.server";
import { formatDate, startOfDayIso } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: "Analíticas | Panel Administrativo" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const { range, error } = parseRange(params);
  const analytics = await getAnalytics(range);
  // On an invalid range the inputs keep what was typed, to be corrected; the figures are the
  // default range's, and the page says so.
  const input = error
    ? { from: params.get("from") ?? "", to: params.get("to") ?? "" }
    : { from: range.from, to: range.to };
  return json({ range, input, error, analytics }, { status: error ? 400 : 200 });
}

const number = new Intl.NumberFormat("es-HN");
const compact = new Intl.NumberFormat("es-HN", { notation: "compact", maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("es-HN", { style: "percent", maximumFractionDigits: 1 });
const monthFormat = new Intl.DateTimeFormat("es-HN", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "nov 2026" for "2026-11". */
function monthLabel(month: string) {
  const [year, mon] = month.split("-").map(Number);
  return monthFormat.format(new Date(Date.UTC(year, mon - 1, 15)));
}

const dayLabel = (day: string) => formatDate(startOfDayIso(day));
const units = (n: number) => (n === 1 ? "1 unidad" : `${number.format(n)} unidades`);
const ordersLabel = (n: number) => (n === 1 ? "1 pedido" : `${number.format(n)} pedidos`);

/** The chart's description: the largest row (its value as `text` words it), or that there is none. */
function leader(rows: ChartRow[], what: string, text = (row: ChartRow) => row.valueLabel) {
  const top = rows.reduce<ChartRow | null>(
    (best, row) => (row.value > (best?.value ?? 0) ? row : best),
    null,
  );
  return top ? `${what}: ${top.label}, ${text(top)}.` : "Sin datos en este período.";
}

const EMPTY = "Sin ventas en este período.";

export default function AdminAnalyticsRoute() {
  const { range, input, error, analytics } = useLoaderData<typeof loader>();
  const { cards, months, sales, carts } = analytics;
  const period = `del ${dayLabel(range.from)} al ${dayLabel(range.to)}`;
  const exportUrl = `/admin/analytics/export?${new URLSearchParams(range)}`;

  const summary = [
    { label: "Ventas totales", value: formatMoney(cards.totalSales), hint: "Desde la apertura" },
    {
      label: "Pedidos este mes",
      value: number.format(cards.ordersThisMonth),
      hint: `${number.format(cards.soldOrdersThisMonth)} con pago confirmado`,
    },
    {
      label: "Productos vendidos",
      value: number.format(cards.productsSoldThisMonth),
      hint: "Unidades este mes",
    },
    {
      label: "Clientes nuevos",
      value: number.format(cards.newCustomersThisMonth),
      hint: "Registrados este mes",
    },
  ];

  const monthRows = months.map((month) => ({
    label: monthLabel(month.month),
    value: month.sales,
    valueLabel: compact.format(month.sales / 100),
    cells: [number.format(month.orders), formatMoney(month.sales)],
  }));
  const revenueRows = (rows: { label: string; units: number; revenue: number }[]) =>
    rows.map((row) => ({
      label: row.label,
      value: row.revenue,
      valueLabel: formatMoney(row.revenue),
      cells: [number.format(row.units), formatMoney(row.revenue)],
    }));
  const topRows = analytics.top.map((product) => ({
    label: product.name,
    value: product.units,
    valueLabel: units(product.units),
    cells: [number.format(product.units), formatMoney(product.revenue)],
  }));
  const categoryRows = revenueRows(
    analytics.categories.map((row) => ({
      ...row,
      label: row.key ? CATEGORY_LABELS[row.key] : "Producto eliminado",
    })),
  );
  const genderRows = revenueRows(
    analytics.genders.map((row) => ({
      ...row,
      label: row.key ? GENDER_LABELS[row.key] : "Producto eliminado",
    })),
  );
  const methodRows = (rows: { label: string; orders: number; sales: number }[]) =>
    rows.map((row) => ({
      label: row.label,
      value: row.sales,
      valueLabel: formatMoney(row.sales),
      cells: [number.format(row.orders), formatMoney(row.sales)],
    }));
  const paymentRows = methodRows(
    analytics.payments.map((row) => ({ ...row, label: paymentMethodLabel(row.key, "admin") })),
  );
  const shippingRows = methodRows(
    analytics.shipping.map((row) => ({ ...row, label: SHIPPING_METHOD_LABELS[row.key] })),
  );
  const statusRows = analytics.statuses.map((row) => ({
    label: ORDER_STATUS_SHORT_LABELS[row.status],
    value: row.orders,
    valueLabel: number.format(row.orders),
    cells: [number.format(row.orders), formatMoney(row.amount)],
  }));

  const rangeFigures = [
    { label: "Ventas del período", value: formatMoney(sales.sales) },
    { label: "Pedidos con pago confirmado", value: number.format(sales.orders) },
    { label: "Valor promedio por pedido", value: formatMoney(sales.averageOrderValue) },
    {
      label: "Conversión de carritos a pedidos",
      value: carts.rate === null ? "Sin carritos" : percent.format(carts.rate),
      hint: `${ordersLabel(carts.ordersPlaced)} de ${number.format(carts.ordersPlaced + carts.openCarts)} carritos`,
    },
  ];

  return (
    <div className="space-y-8">
      <h1 className="font-display text-2xl font-semibold">Analíticas</h1>

      <ul aria-label="Resumen" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {summary.map((card) => (
          <li key={card.label} className="border-border bg-surface rounded-xl border p-5">
            <span className="text-fg-muted block text-sm">{card.label}</span>
            <span className="mt-1 block text-2xl font-semibold whitespace-nowrap">
              {card.value}
            </span>
            <span className="text-fg-muted block text-xs">{card.hint}</span>
          </li>
        ))}
      </ul>

      <Panel title="Ventas por mes" note="Últimos 12 meses, pedidos con pago confirmado.">
        <BarChart
          title="Ventas por mes, últimos 12 meses"
          description={leader(monthRows, "Mes con más ventas", (row) => row.cells[1])}
          headings={["Mes", "Pedidos", "Ventas"]}
          rows={monthRows}
        />
      </Panel>

      <section aria-labelledby="period" className="space-y-4">
        <h2 id="period" className="text-lg font-semibold">
          Período
        </h2>
        {/* Keyed by the range: a link to another period resets the inputs with JS too. */}
        <Form
          key={`${input.from}/${input.to}`}
          method="get"
          className="flex flex-wrap items-end gap-3"
        >
          <label className="text-sm">
            Desde
            <input
              type="date"
              name="from"
              defaultValue={input.from}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "range-error" : undefined}
              className="border-border-strong bg-surface block rounded-md border px-3 py-2"
            />
          </label>
          <label className="text-sm">
            Hasta
            <input
              type="date"
              name="to"
              defaultValue={input.to}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "range-error" : undefined}
              className="border-border-strong bg-surface block rounded-md border px-3 py-2"
            />
          </label>
          <Button type="submit" variant="secondary">
            Aplicar
          </Button>
          <Link to="/admin/analytics" className="text-sm underline">
            Últimos 30 días
          </Link>
          <a href={exportUrl} download className={`${buttonClasses("secondary")} ml-auto`}>
            Exportar pedidos (CSV)
          </a>
        </Form>
        {error ? (
          <p id="range-error" role="alert" className="text-danger text-sm">
            {error} Se muestran los últimos 30 días.
          </p>
        ) : null}
        <p className="text-fg-muted text-sm">
          Las cifras de abajo son de los pedidos hechos {period}. Las tarjetas y las ventas por mes
          no dependen del período. Ventas: pedidos pagados, en proceso, enviados o entregados.
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {rangeFigures.map((figure) => (
            <div key={figure.label} className="border-border bg-surface rounded-xl border p-4">
              <dt className="text-fg-muted text-sm">{figure.label}</dt>
              <dd className="mt-1 text-xl font-semibold">{figure.value}</dd>
              {figure.hint ? <dd className="text-fg-muted text-xs">{figure.hint}</dd> : null}
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Top 5 productos" note="Por unidades vendidas en el período.">
          <HorizontalBarChart
            title={`Top 5 productos ${period}`}
            description={leader(topRows, "Producto más vendido")}
            headings={["Producto", "Unidades", "Ventas"]}
            rows={topRows}
            empty={EMPTY}
          />
        </Panel>
        <Panel
          title="Ventas por categoría"
          note="Precio de los productos vendidos, sin envío, ISV ni descuentos."
        >
          <HorizontalBarChart
            title={`Ventas por categoría ${period}`}
            description={leader(categoryRows, "Categoría con más ventas")}
            headings={["Categoría", "Unidades", "Ventas"]}
            rows={categoryRows}
            empty={EMPTY}
          />
        </Panel>
        <Panel
          title="Ventas por género"
          note="Precio de los productos vendidos, sin envío, ISV ni descuentos."
        >
          <HorizontalBarChart
            title={`Ventas por género ${period}`}
            description={leader(genderRows, "Género con más ventas")}
            headings={["Género", "Unidades", "Ventas"]}
            rows={genderRows}
            empty={EMPTY}
          />
        </Panel>
        <Panel title="Métodos de pago" note="Total de los pedidos con pago confirmado.">
          <HorizontalBarChart
            title={`Métodos de pago ${period}`}
            description={leader(paymentRows, "Método con más ventas")}
            headings={["Método de pago", "Pedidos", "Ventas"]}
            rows={paymentRows}
            empty={EMPTY}
          />
        </Panel>
        <Panel title="Métodos de envío" note="Total de los pedidos con pago confirmado.">
          <HorizontalBarChart
            title={`Métodos de envío ${period}`}
            description={leader(shippingRows, "Método con más ventas")}
            headings={["Método de envío", "Pedidos", "Ventas"]}
            rows={shippingRows}
            empty={EMPTY}
          />
        </Panel>
        <Panel
          title="Pedidos por estado"
          note="Todos los pedidos del período, por su estado actual."
        >
          <HorizontalBarChart
            title={`Pedidos por estado ${period}`}
            description={leader(statusRows, "Estado más frecuente")}
            headings={["Estado", "Pedidos", "Monto"]}
            rows={statusRows}
            empty="No hay pedidos en este período."
          />
        </Panel>
      </div>
    </div>
  );
}

function Panel({
  title,
  note,
  children,
}: {
  title: string;
  note: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="border-border bg-surface min-w-0 rounded-xl border p-5"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-fg-muted text-sm">{note}</p>
      {children}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
