import type { ReactNode } from "react";

/**
 * A long back-office form's save button (issue 21: the product form is about 1,950 px tall):
 * the bar sticks to the bottom of the window while the form runs past it, so the button is in
 * reach wherever the admin is; at the form's end it sits in its place. CSS only.
 */
export function StickyActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="border-border bg-surface/95 sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
      {children}
    </div>
  );
}
