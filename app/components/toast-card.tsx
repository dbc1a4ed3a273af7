import { XIcon } from "~/components/icons";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/utils/toast";

export type ToastCardProps = {
  toast: Toast;
  onClose: () => void;
  className: string;
};

const accents: Record<Toast["type"], string> = {
  success: "border-l-success",
  error: "border-l-danger",
  info: "border-l-info",
};

/**
 * One toast (D4). Its code loads when a toast is shown (the layouts' `shownLater`, decision
 * 112): most pages open without one, and the server renders the one they carry.
 */
export function ToastCard({ toast, onClose, className }: ToastCardProps) {
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
