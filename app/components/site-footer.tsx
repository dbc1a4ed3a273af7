import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRootData } from "~/hooks/use-root-data";

/**
 * The store's footer: its columns (`children`, kept as the server sent them: decision 159), then
 * the year and the 'Modo ligero' switch, which follows the page the shopper is on.
 */
export function SiteFooter({ children }: { children: ReactNode }) {
  // The root loader's, on the store's calendar (decision 111: no Intl and no dates module here).
  const year = useRootData()?.year;
  return (
    // Decision 111: below the fold on every page, the footer is styled and laid out when near.
    <footer className="border-border bg-surface mt-16 border-t text-sm [contain-intrinsic-size:auto_48rem] [content-visibility:auto]">
      {children}
      <div className="border-border border-t">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-6">
          <p className="text-fg-muted">
            © {year} Perfumería de Lujo. Todos los derechos reservados.
          </p>
          <LiteModeToggle />
        </div>
      </div>
    </footer>
  );
}

/**
 * Decision 098: 'Modo ligero' (smallest pictures, those below the fold on tap), a form post that
 * works without JS and comes back to this page.
 */
function LiteModeToggle() {
  const on = useRootData()?.liteMode ?? false;
  const location = useLocation();
  return (
    <Form method="post" action="/lite-mode" className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="lite" value={on ? "off" : "on"} />
      <span className="text-fg-muted" id="modo-ligero">
        Modo ligero: {on ? "activado" : "desactivado"}
      </span>
      <button
        type="submit"
        aria-describedby="modo-ligero"
        className="border-border-strong hover:bg-surface-muted rounded-md border px-3 py-1.5 font-medium"
      >
        {on ? "Desactivar modo ligero" : "Activar modo ligero"}
      </button>
    </Form>
  );
}
