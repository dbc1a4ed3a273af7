import { useId } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";

/*
 * Charts drawn on the server as SVG (D30): no chart library and no JS in the browser. Each one
 * is an image with a title and a description for screen readers, and the same figures as a
 * real table in a <details> under it. Colours are the theme tokens (accent bars on the panel,
 * muted text), which keep their contrast in the light and the dark theme (app/styles/tailwind.css).
 */

export type ChartRow = {
  /** The category: a month, a product, a payment method. */
  label: string;
  /** What the bar's length shows. */
  value: number;
  /** The value as the chart prints it beside the bar ("L 1,250.00", "12"). */
  valueLabel: string;
  /** The table's cells after the label, in the order of `headings`. */
  cells: string[];
};

type ChartProps = {
  /** The chart's name, as its <title> and the table's caption. */
  title: string;
  /** A sentence with the figures that matter, for those who do not see the bars. */
  description: string;
  /** The table's column headings: the label's first, then one per cell. */
  headings: string[];
  rows: ChartRow[];
  /** Said instead of an empty chart when every value is 0. */
  empty?: string;
};

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/*
 * Horizontal positions are percentages of the panel's width and everything else is in pixels:
 * the bars stretch with the panel while the text keeps its size, legible on a phone and not
 * blown up on a wide screen (a viewBox would scale the text with the bars).
 */
const pct = (value: number) => `${value.toFixed(2)}%`;

/** Vertical bars, one per row in order: a series over time (the last 12 months). */
export function BarChart(props: ChartProps) {
  const { rows } = props;
  const height = 250;
  const top = 22;
  const plot = height - top - 36;
  const slot = 100 / Math.max(rows.length, 1);
  const max = Math.max(...rows.map((row) => row.value), 0);
  return (
    <ChartFigure {...props} max={max}>
      {(ids) => (
        <svg
          role="img"
          aria-labelledby={`${ids.title} ${ids.desc}`}
          width="100%"
          height={height}
          className="text-fg-muted block"
        >
          <title id={ids.title}>{props.title}</title>
          <desc id={ids.desc}>{props.description}</desc>
          <line
            x1="0"
            x2="100%"
            y1={top + plot}
            y2={top + plot}
            className="stroke-border-strong"
            strokeWidth={1}
          />
          {rows.map((row, index) => {
            const h = max === 0 ? 0 : Math.round((row.value / max) * plot);
            const center = pct(index * slot + slot / 2);
            // "nov 2026" is written on two lines under its bar: the month, then the year.
            const [first, ...rest] = row.label.split(" ");
            return (
              <g key={row.label}>
                <rect
                  x={pct(index * slot + slot * 0.2)}
                  y={top + plot - h}
                  width={pct(slot * 0.6)}
                  height={h}
                  rx={3}
                  className="fill-accent"
                />
                {row.value > 0 ? (
                  <text
                    x={center}
                    y={top + plot - h - 6}
                    textAnchor="middle"
                    fontSize={11}
                    className="fill-current max-sm:hidden"
                  >
                    {row.valueLabel}
                  </text>
                ) : null}
                <text
                  x={center}
                  y={top + plot + 15}
                  textAnchor="middle"
                  fontSize={11}
                  className="fill-current"
                >
                  {first}
                </text>
                <text
                  x={center}
                  y={top + plot + 29}
                  textAnchor="middle"
                  fontSize={11}
                  className="fill-current"
                >
                  {rest.join(" ")}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}

/**
 * Horizontal bars in the order given: a ranking or a share (products, categories). Each label
 * sits above its bar, so a long product name has the panel's whole width; the longest bar takes
 * 70 % of it, leaving the rest for the value.
 */
export function HorizontalBarChart(props: ChartProps) {
  const { rows } = props;
  const rowHeight = 42;
  const height = Math.max(rows.length, 1) * rowHeight;
  const max = Math.max(...rows.map((row) => row.value), 0);
  return (
    <ChartFigure {...props} max={max}>
      {(ids) => (
        <svg
          role="img"
          aria-labelledby={`${ids.title} ${ids.desc}`}
          width="100%"
          height={height}
          className="text-fg-muted block"
        >
          <title id={ids.title}>{props.title}</title>
          <desc id={ids.desc}>{props.description}</desc>
          {rows.map((row, index) => {
            const w = max === 0 ? 0 : (row.value / max) * 70;
            const y = index * rowHeight;
            return (
              <g key={row.label}>
                <text x={0} y={y + 14} fontSize={13} className="fill-current">
                  {truncate(row.label, 48)}
                </text>
                {row.value > 0 ? (
                  <rect
                    x={0}
                    y={y + 20}
                    width={pct(Math.max(w, 0.5))}
                    height={14}
                    rx={3}
                    className="fill-accent"
                  />
                ) : null}
                <text
                  x={pct(w)}
                  dx={row.value > 0 ? 6 : 0}
                  y={y + 27}
                  dominantBaseline="middle"
                  fontSize={12}
                  className="fill-current"
                >
                  {row.valueLabel}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}

/** The chart (or the empty message) and its data table, which shows the same rows. */
function ChartFigure({
  title,
  headings,
  rows,
  empty,
  max,
  children,
}: ChartProps & {
  max: number;
  children: (ids: { title: string; desc: string }) => React.ReactNode;
}) {
  const id = useId();
  if (max === 0 && empty) return <p className="text-fg-muted mt-3 text-sm">{empty}</p>;
  return (
    <figure className="mt-3">
      {children({ title: `${id}-title`, desc: `${id}-desc` })}
      <details className="mt-2 text-sm">
        <summary className="text-fg-muted cursor-pointer">Ver datos en tabla</summary>
        <ScrollRegion label={`Datos: ${title}`} className="mt-2">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-fg-muted">
              <tr>
                {headings.map((heading, index) => (
                  <th
                    key={heading}
                    scope="col"
                    className={`py-1 pr-3 font-medium ${index > 0 ? "text-right" : ""}`}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-border border-t">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {row.label}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={headings[index + 1] ?? index} className="py-1 pr-3 text-right">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
