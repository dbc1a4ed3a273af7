import { useEffect, useState } from "react";
import { XIcon } from "~/components/icons";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/utils/toast";

export type ToasterProps = {
  toast: Toast | null;
  /**
   * Inside the store's sticky header: on a phone the toast is a row of the header, in the flow,
   * so it pushes the page down instead of lying over its buttons (issue 21); from `sm` up it
   * floats at the bottom right as elsewhere.
   */
  docked?: boolean;
};

const DISMISS_AFTER_MS = 5000;

const accents: Record<Toast["type"], string> = {
  success: "border-l-success",
  error: "border-l-danger",
  info: "border-l-info",
};

/**
 * D4: the flash toast arrives with the server-rendered page, so it shows without JS (and a CSS
 * animation fades it after 5 s). With JS it can be closed, and it is replaced when a new one
 * arrives; a later revalidation without a toast does not cut the current one short.
 */
export function Toaster({ toast, docked = false }: ToasterProps) {
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
    <ToastCard
      key={current.id}
      toast={current}
      onClose={() => setCurrent(null)}
      className={docked ? "mb-3 shadow-none sm:mb-0 sm:shadow-lg" : "shadow-lg"}
    />
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

function ToastCard({
  toast,
  onClose,
  className,
}: {
  toast: Toast;
  onClose: () => void;
  className: string;
}) {
  const hydrated = useHydrated();
  return (
    <div
      className={`animate-toast border-border bg-surface pointer-events-auto flex items-start gap-3 rounded-lg border border-l-4 p-4 ${accents[toast.type]} ${className}`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-fg font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className="text-fg-muted mt-1 text-sm">{toast.description}</p>
        ) : null}
      </div>
      {/* Rendered only once JS runs: without JS it could not do anything. */}
      {hydrated ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="Cerrar notificación"
          className="text-fg-muted hover:bg-surface-muted hover:text-fg -m-2 grid size-11 shrink-0 place-items-center rounded-md"
        >
          <XIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
