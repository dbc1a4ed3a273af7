import { useEffect, useState, type ComponentType } from "react";
import type { ToastCardProps } from "~/components/toast-card";
import { ShownLaterBoundary } from "~/utils/shown-later";
import type { Toast } from "~/utils/toast";

export type ToasterProps = {
  toast: Toast | null;
  /**
   * Inside the store's sticky header: on a phone the toast is a row of the header, in the flow,
   * so it pushes the page down instead of lying over its buttons (issue 21); from `sm` up it
   * floats at the bottom right as elsewhere.
   */
  docked?: boolean;
  /** toast-card.tsx's card, which the layout loads when a toast is shown (shownLater). */
  Card: ComponentType<ToastCardProps>;
};

const DISMISS_AFTER_MS = 5000;

/**
 * D4: the flash toast arrives with the server-rendered page, so it shows without JS (and a CSS
 * animation fades it after 5 s). With JS it can be closed, and it is replaced when a new one
 * arrives; a later revalidation without a toast does not cut the current one short.
 */
export function Toaster({ toast, docked = false, Card }: ToasterProps) {
  const [current, setCurrent] = useState(toast);
  const [seenId, setSeenId] = useState(toast?.id);
  if (toast && toast.id !== seenId) {
    setSeenId(toast.id);
    setCurrent(toast);
  }

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), DISMISS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  const card = current ? (
    <ShownLaterBoundary>
      <Card
        key={current.id}
        toast={current}
        onClose={() => setCurrent(null)}
        className={docked ? "mb-3 shadow-none sm:mb-0 sm:shadow-lg" : "shadow-lg"}
      />
    </ShownLaterBoundary>
  ) : null;

  // Both live regions stay in the DOM so a toast added later is announced; errors interrupt.
  return (
    <div
      data-docked-toast={docked ? "" : undefined}
      className={
        docked
          ? "mx-auto max-w-7xl px-4 sm:pointer-events-none sm:fixed sm:right-4 sm:bottom-4 sm:z-50 sm:w-96 sm:px-0"
          : "pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:right-4 sm:left-auto sm:w-96"
      }
    >
      <div role="status" aria-live="polite">
        {current?.type === "error" ? null : card}
      </div>
      <div role="alert">{current?.type === "error" ? card : null}</div>
    </div>
  );
}
