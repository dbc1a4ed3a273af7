import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * 'Copiar' for a value the shopper types into the bank's app (the total, the account). Only
 * once JavaScript runs: without it the button could do nothing, and the value stays selectable.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="border-border hover:bg-surface-muted inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium"
      aria-label={`Copiar ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          window.setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      <span aria-hidden="true">{copied ? "Copiado" : "Copiar"}</span>
      <span className="sr-only" role="status">
        {copied ? `${label} copiado` : ""}
      </span>
    </button>
  );
}
