import type { ReactNode } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** A column heading; `hidden` ones (an actions column) are read by screen readers only. */
export type DataTableHeading = string | { label: string; hidden: true };

/**
 * The back office's list table: a bordered box that scrolls sideways on a narrow screen, one
 * header row, and `children` as the body's rows. `empty` is shown under the header when the
 * list has no rows (pass it only then).
 */
export function DataTable({
  headings,
  label = "Lista",
  empty,
  children,
}: {
  headings: DataTableHeading[];
  /** The name of the scrolling box, which takes the focus so a keyboard can scroll it. */
  label?: string;
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className="border-border rounded-xl border">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-muted">
          <tr>
            {headings.map((heading) =>
              typeof heading === "string" ? (
                <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                  {heading}
                </th>
              ) : (
                <th key={heading.label} scope="col" className="px-3 py-2">
                  <span className="sr-only">{heading.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-border divide-y">{children}</tbody>
      </table>
      {empty ? <p className="text-fg-muted p-6 text-center">{empty}</p> : null}
    </ScrollRegion>
  );
}
