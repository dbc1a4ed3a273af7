import type { ReactNode } from "react";

/**
 * A box that scrolls sideways on a narrow screen (a wide table). It takes the focus and has a
 * name, so a keyboard can scroll it too (WCAG 2.1.1, axe `scrollable-region-focusable`).
 * `relative` makes it the containing block of what is absolutely placed inside (the `sr-only`
 * texts of a table's cells): otherwise those escape its clipping and widen the whole page.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`relative overflow-x-auto ${className}`}
    >
      {children}
    </div>
  );
}
