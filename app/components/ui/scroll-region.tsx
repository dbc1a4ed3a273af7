import type { ReactNode } from "react";

/**
 * A box that scrolls sideways on a narrow screen (a wide table). It takes the focus and has a
 * name, so a keyboard can scroll it too (WCAG 2.1.1, axe `scrollable-region-focusable`).
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
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
