import type { ReactNode } from "react";

/** A column heading; `hidden` ones (an actions column) are read by screen readers only. */
export type DataTableHeading = string | { label: string; hidden: true };

/**
 * The back office's list table: a bordered box that scrolls sideways on a narrow screen, one
 * header row, and `children` as the body's rows. `empty` is shown under the header when the
 * list has no rows (pass it only then).
 */
export function DataTable({
  headings,
  empty,
  children,
}: {
  headings: DataTableHeading[];
  empty?: string | false;
  children: ReactNode;
}) {
  return (
    <div className="border-border overflow-x-auto rounded-xl border">
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
    </div>
  );
}
